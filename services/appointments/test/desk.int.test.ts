import { randomUUID } from 'node:crypto'
import { io, type Socket } from 'socket.io-client'
import { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Ack, ServerFrame } from '@diamond/contracts/realtime'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'
import { DEMO_OFFICE_IDS as OFFICE } from '../src/modules/demo/demo.offices'

/** The sales side's desk: the calendar and its marks, viewing requests, staff settings, and the live boards. */
describe('the sales calendar, viewing requests, office settings and live boards', () => {
  let portal: TestPortal
  let buyer1: string, buyer2: string, sales1: string
  const ids: Record<string, string> = {}
  const sockets: Socket[] = []
  const raws: WebSocket[] = []

  type Slot = { id: string; startsAt: string; endsAt: string; free: number }
  async function board(officeId: string, token: string, body: Record<string, unknown> = {}) {
    const r = await portal.call('cabin-slot/paginate', { officeId, days: 14, ...body }, token)
    expect(r.body.code).toBe('OK')
    return r.body.data.list as Slot[]
  }
  const freeSlots = async (officeId: string, token: string) => (await board(officeId, token)).filter((s) => s.free > 0)
  const events = (key: string) =>
    portal.sql<{ type: string; data: any }[]>`
      select type, event->'data' as data from appointments.outbox where key = ${key} order by created_at, id`
  const sign = (who: { id: string; username: string; userType: string }, perms: Record<string, string>) =>
    portal.tokens.sign({ ...who, perms, noPrice: false, ver: 0, guest: false, trusted: true })

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 20 })
    ;[buyer1, buyer2, sales1] = (await Promise.all(['buyer1', 'buyer2', 'sales1'].map((u) => portal.login(u)))) as [
      string,
      string,
      string,
    ]
    for (const r of await portal.sql<{ id: string; username: string }[]>`select id, username from auth.users`)
      ids[r.username] = r.id
  }, 90_000)
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect())
    raws.forEach((w) => w.close())
    await portal?.close()
  })

  it("shows the office's day to staff and a sales person their own; marks follow the rules, each an event", async () => {
    // A weekday slot of Mumbai taken twice: its two sales persons (sales1 works weekdays) each get one.
    const slot = (await freeSlots(OFFICE.mumbai, buyer1)).find(
      (s) => s.free >= 2 && new Date(s.startsAt).getUTCDay() !== 6,
    )!
    const a1 = (await portal.call('cabin-schedule/create', { slotId: slot.id, purpose: 'Ovals' }, buyer1)).body.data
    const a2 = (
      await portal.call(
        'cabin-schedule/create',
        { slotId: slot.id, purpose: 'Pears', stoneIds: [randomUUID(), randomUUID()] },
        buyer2,
      )
    ).body.data
    const day = slot.startsAt.slice(0, 10)
    const staffView = await portal.call(
      'cabin-schedule/calendar',
      { officeId: OFFICE.mumbai, from: day, days: 1 },
      sales1,
    )
    expect(staffView.body.code).toBe('OK')
    expect(staffView.body.data).toMatchObject({
      office: { code: 'mumbai', timeZone: 'Asia/Kolkata' },
      from: day,
      days: 1,
    })
    expect(staffView.body.data.cabins).toHaveLength(3)
    const entries = staffView.body.data.list as any[]
    expect(entries.map((e) => e.id).sort()).toEqual([a1.id, a2.id].sort())
    expect(entries.find((e) => e.id === a2.id)).toMatchObject({
      status: 'booked',
      startsAt: slot.startsAt,
      buyer: { id: ids.buyer2, username: 'buyer2' },
      stonesCount: 2,
      purpose: 'Pears',
    })
    // A sales person without the module's `all` sees their own only, and not another's on asking.
    const mine = [a1, a2].find((a) => a.salesPerson.name === 'Mei Lin')!
    const theirs = [a1, a2].find((a) => a !== mine)!
    const limited = sign({ id: ids.sales1!, username: 'sales1', userType: 'sales' }, { office: 'vi' })
    const own = await portal.call('cabin-schedule/calendar', { officeId: OFFICE.mumbai, from: day, days: 7 }, limited)
    expect((own.body.data.list as any[]).map((e) => e.id)).toEqual([mine.id])
    const other = await portal.call(
      'cabin-schedule/calendar',
      { officeId: OFFICE.mumbai, from: day, days: 1, salesPersonId: theirs.salesPerson.id },
      limited,
    )
    expect(other.body).toMatchObject({ code: 'E_NOT_FOUND', data: { field: 'salesPersonId' } })
    // Staff narrow by sales person or cabin.
    const narrowed = await portal.call(
      'cabin-schedule/calendar',
      { officeId: OFFICE.mumbai, from: day, days: 1, salesPersonId: theirs.salesPerson.id },
      sales1,
    )
    expect((narrowed.body.data.list as any[]).map((e) => e.id)).toEqual([theirs.id])
    // A buyer has no calendar; bad input names its field.
    expect((await portal.call('cabin-schedule/calendar', { from: day, days: 1 }, buyer1)).body.code).toBe('E_FORBIDDEN')
    for (const [body, field] of [
      [{ from: day, days: 3 }, 'days'],
      [{ from: 'today', days: 1 }, 'from'],
      [{ days: 1 }, 'from'],
      [{ from: day, days: 1, cabinId: 'x' }, 'cabinId'],
    ] as const) {
      const bad = await portal.call('cabin-schedule/calendar', body, sales1)
      expect(bad.body.code, JSON.stringify(body)).toBe('E_VALIDATION')
      expect(JSON.stringify(bad.body.data)).toContain(`"${field}`)
    }

    // Marks: the buyer may not, a stranger finds nothing, the sales person confirms once.
    expect(
      (await portal.call('cabin-schedule/confirm', { id: mine.id }, mine === a1 ? buyer1 : buyer2)).body.code,
    ).toBe('E_FORBIDDEN')
    expect(
      (
        await portal.call(
          'cabin-schedule/confirm',
          { id: mine.id },
          sign({ id: randomUUID(), username: 'x', userType: 'buyer' }, { office: 'vi' }),
        )
      ).body.code,
    ).toBe('E_NOT_FOUND')
    expect((await portal.call('cabin-schedule/confirm', { id: mine.id, version: 9 }, limited)).body).toMatchObject({
      code: 'E_APPOINTMENT_MARK',
      data: { field: 'version' },
    })
    const confirmed = await portal.call('cabin-schedule/confirm', { id: mine.id }, limited)
    expect(confirmed.body.data).toMatchObject({ id: mine.id, status: 'confirmed', version: 2 })
    expect((await portal.call('cabin-schedule/confirm', { id: mine.id }, limited)).body.code).toBe('E_APPOINTMENT_MARK')
    // Done and no-show wait for the start.
    expect((await portal.call('cabin-schedule/done', { id: mine.id }, limited)).body.code).toBe('E_APPOINTMENT_MARK')
    expect((await portal.call('cabin-schedule/no-show', { id: theirs.id }, sales1)).body.code).toBe(
      'E_APPOINTMENT_MARK',
    )
    const after = await events(mine.id)
    expect(after.map((e) => e.type)).toEqual(['appointments.appointment.booked', 'appointments.appointment.confirmed'])
    expect(after[0]!.data.byRole).toBe('buyer')
    expect(after[1]!.data).toMatchObject({ by: ids.sales1, byRole: 'sales', status: 'confirmed' })

    // Once begun (moved into the past here): no-show, then done (came late); done is final.
    await portal.sql`update appointments.appointments set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' where id = ${theirs.id}`
    expect((await portal.call('cabin-schedule/no-show', { id: theirs.id }, sales1)).body.data.status).toBe('no_show')
    expect((await portal.call('cabin-schedule/done', { id: theirs.id }, sales1)).body.data.status).toBe('done')
    expect((await portal.call('cabin-schedule/no-show', { id: theirs.id }, sales1)).body.code).toBe(
      'E_APPOINTMENT_MARK',
    )
    const theirEvents = await events(theirs.id)
    expect(theirEvents.slice(-2).map((e) => [e.type, e.data.byRole])).toEqual([
      ['appointments.appointment.no-show', 'staff'],
      ['appointments.appointment.done', 'staff'],
    ])

    // The sales person cancels their own (the existing call): the event says the sales side acted.
    const cancelled = await portal.call('cabin-schedule/destroyDiamondAndSlot', { id: mine.id }, limited)
    expect(cancelled.body.data.status).toBe('cancelled')
    expect((await events(mine.id)).at(-1)).toMatchObject({
      type: 'appointments.appointment.cancelled',
      data: { byRole: 'sales' },
    })
    // The slot freed is announced with what it takes now.
    const freed = await portal.sql<{ data: any }[]>`
      select event->'data' as data from appointments.outbox where type = 'appointments.slot.changed' and key = ${OFFICE.mumbai}
      order by created_at desc, id desc limit 1`
    expect(freed[0]!.data).toMatchObject({ slotId: slot.id, officeId: OFFICE.mumbai })
  })

  it('lets a buyer ask to view stones, the sales side book or decline it, the buyer withdraw; strangers find nothing', async () => {
    const stones = [randomUUID(), randomUUID()]
    const before = (await portal.sql`select count(*)::int as n from appointments.viewing_requests`)[0]!.n
    for (const [body, field] of [
      [{ officeId: OFFICE.india, stoneIds: [] }, 'stoneIds'],
      [{ officeId: OFFICE.india }, 'stoneIds'],
      [{ officeId: 'india', stoneIds: stones }, 'officeId'],
      [{ officeId: OFFICE.india, stoneIds: stones, note: '' }, 'note'],
      [{ officeId: OFFICE.india, stoneIds: stones, slot: 1 }, 'slot'],
    ] as const) {
      const bad = await portal.call('viewing-request/create', body, buyer1)
      expect(bad.body.code, JSON.stringify(body)).toBe('E_VALIDATION')
      expect(JSON.stringify(bad.body.data)).toContain(`"${field}`)
    }
    expect(
      (await portal.call('viewing-request/create', { officeId: randomUUID(), stoneIds: stones }, buyer1)).body,
    ).toMatchObject({
      code: 'E_NOT_FOUND',
      data: { field: 'officeId' },
    })
    expect((await portal.sql`select count(*)::int as n from appointments.viewing_requests`)[0]!.n).toBe(before)

    const created = await portal.call(
      'viewing-request/create',
      { officeId: OFFICE.india, stoneIds: stones, note: 'The two pears' },
      buyer1,
    )
    expect(created.body.data).toMatchObject({
      status: 'open',
      office: { code: 'india' },
      buyer: { id: ids.buyer1, username: 'buyer1' },
      stoneIds: stones,
      note: 'The two pears',
      answer: null,
      appointmentId: null,
    })
    const req = created.body.data
    expect((await portal.call('viewing-request/paginate', {}, buyer1)).body.data).toMatchObject({
      count: 1,
      list: [{ id: req.id }],
    })
    const none = await portal.call('viewing-request/paginate', {}, buyer2)
    expect(none.body).toMatchObject({ message: 'No view request found.', data: { list: [], count: 0 } })
    expect(
      (
        await portal.call('viewing-request/paginate', { status: 'open', officeId: OFFICE.india }, sales1)
      ).body.data.list.map((r: any) => r.id),
    ).toContain(req.id)
    // Someone else's request does not exist for them; the buyer cannot answer their own.
    expect((await portal.call('viewing-request/withdraw', { id: req.id }, buyer2)).body.code).toBe('E_NOT_FOUND')
    const [slot] = await freeSlots(OFFICE.india, sales1)
    expect((await portal.call('viewing-request/accept', { id: req.id, slotId: slot!.id }, buyer1)).body.code).toBe(
      'E_FORBIDDEN',
    )
    const [elsewhere] = await freeSlots(OFFICE.dubai, sales1)
    expect(
      (await portal.call('viewing-request/accept', { id: req.id, slotId: elsewhere!.id }, sales1)).body,
    ).toMatchObject({
      code: 'E_VALIDATION',
    })
    // The sales side books it for the buyer, with its stones.
    const accepted = await portal.call('viewing-request/accept', { id: req.id, slotId: slot!.id }, sales1)
    expect(accepted.body.code).toBe('OK')
    expect(accepted.body.data.request).toMatchObject({
      status: 'accepted',
      appointmentId: accepted.body.data.appointment.id,
    })
    expect(accepted.body.data.appointment).toMatchObject({
      status: 'booked',
      purpose: 'The two pears',
      stones: stones.map((id) => ({ id })),
    })
    const list = await portal.call('cabin-schedule/list', { tab: 'upcoming' }, buyer1)
    expect(list.body.data.list.map((a: any) => a.id)).toContain(accepted.body.data.appointment.id)
    expect((await portal.call('viewing-request/accept', { id: req.id, slotId: slot!.id }, sales1)).body.code).toBe(
      'E_REQUEST_CLOSED',
    )
    expect((await events(req.id)).map((e) => [e.type, e.data.byRole])).toEqual([
      ['appointments.viewing-request.created', 'buyer'],
      ['appointments.viewing-request.accepted', 'staff'],
    ])
    const booked = await events(accepted.body.data.appointment.id)
    expect(booked[0]).toMatchObject({
      type: 'appointments.appointment.booked',
      data: { buyerId: ids.buyer1, by: ids.sales1 },
    })

    // Declined with a note; withdrawn by its buyer; neither twice.
    const second = (
      await portal.call('viewing-request/create', { officeId: OFFICE.india, stoneIds: [stones[0]] }, buyer1)
    ).body.data
    expect((await portal.call('viewing-request/decline', { id: second.id }, sales1)).body.code).toBe('E_VALIDATION')
    const declined = await portal.call('viewing-request/decline', { id: second.id, note: 'Sold meanwhile' }, sales1)
    expect(declined.body.data).toMatchObject({ status: 'declined', answer: 'Sold meanwhile' })
    // The buyer is told of the decline with its answer, and the sales team was told of the request.
    const notices = async (token: string, kind: string) =>
      ((await portal.call('notification/list', { limit: 100 }, token)).body.data.list as any[]).filter(
        (n) => n.kind === kind && n.params.requestId === second.id,
      )
    await waitFor(async () => (await notices(buyer1, 'viewing.declined')).length === 1, 10_000, 'decline notice')
    expect((await notices(buyer1, 'viewing.declined'))[0].params).toMatchObject({
      office: expect.any(String),
      answer: 'Sold meanwhile',
      stones: 1,
    })
    // The request was told to the office's linked sales persons (the sales team while none is linked).
    const linked = (
      await portal.sql<{ user_id: string }[]>`
        select user_id from appointments.sales_persons where office_id = ${OFFICE.india} and active and user_id is not null`
    ).map((r) => r.user_id)
    const told = async () =>
      (
        await portal.sql<{ user_id: string | null; audience: string | null }[]>`
          select user_id, audience from notifications.notifications
           where kind = 'viewing.requested' and params->>'requestId' = ${second.id}`
      ).map((r) => r.user_id ?? r.audience)
    await waitFor(async () => (await told()).length > 0, 10_000, 'request notice')
    expect((await told()).sort()).toEqual(linked.length ? linked.sort() : ['sales'])
    expect(await notices(buyer2, 'viewing.requested')).toEqual([])
    expect((await portal.call('viewing-request/withdraw', { id: second.id }, buyer1)).body.code).toBe(
      'E_REQUEST_CLOSED',
    )
    const third = (
      await portal.call('viewing-request/create', { officeId: OFFICE.india, stoneIds: [stones[1]] }, buyer1)
    ).body.data
    expect((await portal.call('viewing-request/withdraw', { id: third.id }, sales1)).body.code).toBe('E_FORBIDDEN')
    expect((await portal.call('viewing-request/withdraw', { id: third.id }, buyer1)).body.data.status).toBe('withdrawn')
    expect((await portal.call('viewing-request/decline', { id: third.id, note: 'x' }, sales1)).body.code).toBe(
      'E_REQUEST_CLOSED',
    )
  })

  it('lets staff maintain offices, holidays, cabins and sales persons; boards see it at once; bad input changes nothing', async () => {
    expect((await portal.call('appointments/office/list', {}, buyer1)).body.code).toBe('E_FORBIDDEN')
    const listed = await portal.call('appointments/office/list', {}, sales1)
    expect(listed.body.data.list).toHaveLength(6)
    expect(listed.body.data.list[0]).toMatchObject({
      code: 'india',
      timeZone: 'Asia/Kolkata',
      holidays: expect.any(Array),
    })

    const hours = {
      '1': [['09:00', '11:00']],
      '2': [['09:00', '11:00']],
      '3': [['09:00', '11:00']],
      '4': [['09:00', '11:00']],
      '5': [['09:00', '11:00']],
    }
    const office = {
      code: 'antwerp-2',
      name: 'Antwerp two',
      timeZone: 'Europe/Brussels',
      slotMinutes: 60,
      openingHours: hours,
    }
    for (const [body, field] of [
      [{ ...office, timeZone: 'Mars/Base' }, 'timeZone'],
      [{ ...office, timeZone: '+05:30' }, 'timeZone'],
      [{ ...office, timeZone: 'EST' }, 'timeZone'],
      [{ ...office, openingHours: { '1': [['11:00', '09:00']] } }, 'openingHours'],
      [{ ...office, openingHours: { '1': [['9:00', '11:00']] } }, 'openingHours'],
      [{ ...office, openingHours: { '7': [] } }, 'openingHours'],
      [{ ...office, slotMinutes: 45 }, 'slotMinutes'],
      [{ ...office, code: undefined }, 'code'],
      [{ ...office, code: 'india' }, 'code'],
    ] as const) {
      const bad = await portal.call('appointments/office/save', body, sales1)
      expect(bad.body.code, JSON.stringify(body)).toBe('E_VALIDATION')
      expect(JSON.stringify(bad.body.data), JSON.stringify(body)).toContain(`"${field}`)
    }
    expect((await portal.sql`select count(*)::int as n from appointments.offices`)[0]!.n).toBe(6)

    const saved = await portal.call('appointments/office/save', office, sales1)
    expect(saved.body.data).toMatchObject({
      code: 'antwerp-2',
      timeZone: 'Europe/Brussels',
      cabins: [],
      salesPersons: [],
      active: true,
    })
    const officeId = saved.body.data.id as string
    // No cabin, no sales person: the board has slots, none free; then both come, and the board sees them at once.
    const empty = await board(officeId, buyer1)
    expect(empty.length).toBeGreaterThan(0)
    expect(empty.every((s) => s.free === 0)).toBe(true)
    const withCabin = await portal.call(
      'appointments/cabin/save',
      { officeId, name: 'Room A', division: 'Polished' },
      sales1,
    )
    expect(withCabin.body.data.cabins).toMatchObject([{ name: 'Room A', active: true }])
    expect(
      (await portal.call('appointments/cabin/save', { officeId, name: 'Room A', division: 'Rough' }, sales1)).body.code,
    ).toBe('E_VALIDATION')
    const person = await portal.call(
      'appointments/sales-person/save',
      { username: 'sales.antwerp2', name: 'Ann Peeters', officeId, divisions: ['Polished'] },
      sales1,
    )
    expect(person.body.data.salesPersons).toMatchObject([
      { username: 'sales.antwerp2', linked: false, workingHours: null },
    ])
    const open = await board(officeId, buyer1)
    expect(open.every((s) => s.free === 1)).toBe(true)

    // A holiday takes its day off the board; removing it brings the day back.
    const day = open[0]!.startsAt.slice(0, 10)
    await portal.call('appointments/holiday/save', { officeId, day, name: 'Feast' }, sales1)
    expect((await board(officeId, buyer1)).some((s) => s.startsAt.startsWith(day))).toBe(false)
    expect(
      (await portal.call('appointments/holiday/delete', { officeId, day: '2031-01-01' }, sales1)).body,
    ).toMatchObject({
      code: 'E_NOT_FOUND',
      data: { field: 'day' },
    })
    const back = await portal.call('appointments/holiday/delete', { officeId, day }, sales1)
    expect(back.body.data.holidays).toEqual([])
    expect((await board(officeId, buyer1)).some((s) => s.startsAt.startsWith(day))).toBe(true)

    // A cabin or sales person with an appointment to come stays: a clear refusal, nothing changed.
    const slot = open.at(-1)!
    const booked = await portal.call('cabin-schedule/create', { slotId: slot.id, purpose: 'See' }, buyer2)
    expect(booked.body.code).toBe('OK')
    const cabinId = withCabin.body.data.cabins[0].id
    const refused = await portal.call(
      'appointments/cabin/save',
      { id: cabinId, name: 'Room A', division: 'Polished', active: false },
      sales1,
    )
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: 'E_STILL_BOOKED', data: { field: 'active' } })
    const spId = person.body.data.salesPersons[0].id
    const away = await portal.call(
      'appointments/sales-person/save',
      { id: spId, name: 'Ann Peeters', officeId: OFFICE.belgium },
      sales1,
    )
    expect(away.body).toMatchObject({ code: 'E_STILL_BOOKED', data: { field: 'officeId' } })
    const unchanged = (await portal.call('appointments/office/list', {}, sales1)).body.data.list.find(
      (o: any) => o.id === officeId,
    )
    expect(unchanged.cabins[0].active).toBe(true)
    expect(unchanged.salesPersons[0].officeId).toBe(officeId)
    // Renaming is fine; once the appointment is cancelled the cabin may go.
    expect(
      (await portal.call('appointments/cabin/save', { id: cabinId, name: 'Room 1', division: 'Polished' }, sales1)).body
        .data.cabins[0].name,
    ).toBe('Room 1')
    await portal.call('cabin-schedule/destroyDiamondAndSlot', { id: booked.body.data.id }, buyer2)
    const gone = await portal.call(
      'appointments/cabin/save',
      { id: cabinId, name: 'Room 1', division: 'Polished', active: false },
      sales1,
    )
    expect(gone.body.data.cabins[0].active).toBe(false)
    expect((await board(officeId, buyer1)).every((s) => s.free === 0)).toBe(true)
    // Not found, and no right.
    expect(
      (await portal.call('appointments/cabin/save', { id: randomUUID(), name: 'x', division: 'y' }, sales1)).body.code,
    ).toBe('E_NOT_FOUND')
    expect(
      (await portal.call('appointments/cabin/save', { officeId, name: 'x', division: 'y' }, buyer1)).body.code,
    ).toBe('E_FORBIDDEN')
    const changes = await events(officeId)
    expect(changes.map((e) => e.type)).toContain('appointments.office.changed')
  })

  it('never books a cabin that staff take away while the booking is in flight', async () => {
    const office = await portal.call(
      'appointments/office/save',
      {
        name: 'Race Office',
        code: 'race-office',
        timeZone: 'Asia/Kolkata',
        slotMinutes: 60,
        openingHours: Object.fromEntries(['1', '2', '3', '4', '5'].map((day) => [day, [['00:00', '23:00']]])),
      },
      sales1,
    )
    expect(office.body.code, office.body.message).toBe('OK')
    const officeId = office.body.data.id as string
    const cabin = await portal.call('appointments/cabin/save', { officeId, name: 'Only', division: 'Polished' }, sales1)
    const cabinId = cabin.body.data.cabins[0].id as string
    await portal.call(
      'appointments/sales-person/save',
      { username: 'sales.race', name: 'Ravi Race', officeId, divisions: ['Polished'] },
      sales1,
    )
    const [slot] = await freeSlots(officeId, buyer1)
    // Staff take the cabin away in a transaction that is still open when the booking reads the board.
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    let locked!: () => void
    const isLocked = new Promise<void>((r) => (locked = r))
    const staff = portal.sql.begin(async (tx) => {
      await tx`select id from appointments.cabins where id = ${cabinId} for update`
      await tx`update appointments.cabins set active = false where id = ${cabinId}`
      locked()
      await held
    })
    await isLocked
    let booking: ReturnType<typeof portal.call> | undefined
    try {
      booking = portal.call('cabin-schedule/create', { slotId: slot!.id, purpose: 'Race' }, buyer1)
      // The booking waits on the cabin's row (whichever statement of it); then the staff change commits.
      await waitFor(
        async () =>
          (
            await portal.sql`
              select 1 from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock' and query like '%appointments%'`
          ).length > 0,
        10_000,
        'the booking waiting on the cabin',
      )
    } finally {
      release()
      await staff
    }
    const answer = await booking!
    expect(answer.body.code).toBe('E_SLOT_TAKEN')
    expect(
      (await portal.sql`select count(*)::int as n from appointments.appointments where cabin_id = ${cabinId}`)[0]!.n,
    ).toBe(0)
  })

  it('links a sales person made after their first call at their next call, not only after a restart', async () => {
    const late = { id: randomUUID(), username: 'sales.late', userType: 'sales' }
    const token = sign(late, { office: 'all' })
    const calendar = async () =>
      (
        await portal.call(
          'cabin-schedule/calendar',
          { officeId: OFFICE.mumbai, from: new Date().toISOString().slice(0, 10), days: 1 },
          token,
        )
      ).body.code
    // A call while they are no sales person yet: nothing to link.
    expect(await calendar()).toBe('OK')
    const person = await portal.call(
      'appointments/sales-person/save',
      { username: late.username, name: 'Late Comer', officeId: OFFICE.mumbai, divisions: [] },
      sales1,
    )
    expect(person.body.code).toBe('OK')
    const linked = async () =>
      (await portal.sql`select user_id from appointments.sales_persons where username = ${late.username}`)[0]!.user_id
    expect(await linked()).toBeNull()
    // Their next call links them: their appointments will name them, so their notices and pushes find them.
    expect(await calendar()).toBe('OK')
    expect(await linked()).toBe(late.id)
  })

  /** A socket.io client that records every frame it hears. */
  async function client(token: string) {
    const s = io(portal.base, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false })
    sockets.push(s)
    const frames: ServerFrame[] = []
    for (const type of ['slots.changed', 'office.changed', 'appointment.changed', 'viewing-request.changed'] as const)
      s.on(type, ((data: never) => frames.push({ type, data } as ServerFrame)) as never)
    await new Promise<void>((resolve, reject) => {
      s.on('connect', () => resolve())
      s.on('connect_error', reject)
    })
    const emit = (event: string, data: unknown) =>
      new Promise<Ack>((resolve) => s.emit(event as never, data as never, resolve as never))
    return { s, frames, emit }
  }

  it("pushes a slot taken or freed to every open board of the office, and the appointment to its sales side's calendar", async () => {
    const [board1, board2, staff] = await Promise.all([client(buyer2), client(buyer1), client(sales1)])
    for (const c of [board1, board2])
      expect(await c.emit('office.join', { officeId: OFFICE.dubai })).toEqual({ code: 'OK', message: 'OK' })
    expect(await staff.emit('calendar.join', { officeId: OFFICE.dubai })).toEqual({ code: 'OK', message: 'OK' })
    expect((await board1.emit('calendar.join', { officeId: OFFICE.dubai })).code).toBe('E_FORBIDDEN')
    expect((await board1.emit('office.join', { officeId: 'dubai' })).code).toBe('E_VALIDATION')
    // The other transport hears the same.
    const raw = new WebSocket(`${portal.base.replace('http', 'ws')}/web/v1/ws`, {
      headers: { authorization: `JWT ${buyer2}` },
    })
    raws.push(raw)
    const rawFrames: ServerFrame[] = []
    raw.on('message', (m) => rawFrames.push(JSON.parse(m.toString())))
    await new Promise((r) => raw.on('open', r))
    raw.send(JSON.stringify({ type: 'office.join', data: { officeId: OFFICE.dubai } }))
    await waitFor(() => rawFrames.find((f) => f.type === 'ack'), 5000, 'ack')

    // Dubai: one cabin, one sales person: a booking fills the slot.
    // The first free slot at a time buyer1 is not booked elsewhere already (earlier tests booked them in
    // other offices; which of Dubai's slots that overlaps depends on the hour the suite runs).
    const busy = await portal.sql<{ s: Date; e: Date }[]>`
      select starts_at as s, ends_at as e from appointments.appointments
       where buyer_id = ${ids.buyer1!} and status <> 'cancelled'`
    const slot = (await freeSlots(OFFICE.dubai, buyer1)).find(
      (x) => !busy.some((b) => b.s < new Date(x.endsAt) && new Date(x.startsAt) < b.e),
    )
    const booked = await portal.call('cabin-schedule/create', { slotId: slot!.id, purpose: 'Live' }, buyer1)
    expect(booked.body.code).toBe('OK')
    const taken = (f: ServerFrame, free: number) =>
      f.type === 'slots.changed' &&
      f.data.officeId === OFFICE.dubai &&
      f.data.slots.some((s) => s.id === slot!.id && s.free === free)
    for (const c of [board1, board2]) await waitFor(() => c.frames.find((f) => taken(f, 0)), 10_000, 'slot taken')
    await waitFor(() => rawFrames.find((f) => taken(f, 0)), 10_000, 'slot taken (ws)')
    const seen = await waitFor(
      () => staff.frames.find((f) => f.type === 'appointment.changed' && f.data.appointmentId === booked.body.data.id),
      10_000,
      'calendar',
    )
    expect(seen.data).toMatchObject({ change: 'booked', officeId: OFFICE.dubai, status: 'booked', byRole: 'buyer' })
    // The buyer's own sockets hear their appointment too.
    await waitFor(() => board2.frames.find((f) => f.type === 'appointment.changed'), 10_000, 'own appointment')
    expect(board1.frames.some((f) => f.type === 'appointment.changed')).toBe(false)

    // Freed: every board hears it.
    await portal.call('cabin-schedule/destroyDiamondAndSlot', { id: booked.body.data.id }, buyer1)
    for (const c of [board1, board2]) await waitFor(() => c.frames.find((f) => taken(f, 1)), 10_000, 'slot freed')
    // Left: nothing more; staff changing the office tells the boards to read again.
    expect(await board2.emit('office.leave', { officeId: OFFICE.dubai })).toEqual({ code: 'OK', message: 'OK' })
    await portal.call(
      'appointments/holiday/save',
      { officeId: OFFICE.dubai, day: '2031-01-02', name: 'Test day' },
      sales1,
    )
    await waitFor(() => board1.frames.find((f) => f.type === 'office.changed'), 10_000, 'office changed')
    expect(board2.frames.some((f) => f.type === 'office.changed')).toBe(false)
  })
})

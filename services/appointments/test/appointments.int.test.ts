import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, type TestPortal } from '../../../test/portal'
import { DEMO_OFFICE_IDS } from '../src/modules/demo/demo.offices'

const OFFICE = DEMO_OFFICE_IDS

describe('the appointments service', () => {
  let portal: TestPortal
  let buyer1: string, buyer2: string, sales1: string
  const ids: Record<string, string> = {}

  /** A signed-in buyer of their own (a fresh user id): office view and insert, as buyers have. */
  const newBuyer = (perms: Record<string, string> = { office: 'vi' }) =>
    portal.tokens.sign({
      id: randomUUID(),
      username: `b-${randomUUID()}`,
      userType: 'buyer',
      perms,
      noPrice: false,
      ver: 0,
      guest: false,
      trusted: true,
    })

  /** The office's next slots not begun with room left, from its board. */
  async function freeSlots(officeId: string, token: string, virtual = false) {
    const r = await portal.call('cabin-slot/paginate', { officeId, days: 14, virtual }, token)
    expect(r.body.code).toBe('OK')
    return (r.body.data.list as { id: string; startsAt: string; endsAt: string; free: number }[]).filter(
      (s) => s.free > 0,
    )
  }

  const events = (key: string) =>
    portal.sql<{ type: string; data: any }[]>`
      select type, event->'data' as data from appointments.outbox where key = ${key} order by created_at, id`

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 40 })
    ;[buyer1, buyer2, sales1] = (await Promise.all(['buyer1', 'buyer2', 'sales1'].map((u) => portal.login(u)))) as [
      string,
      string,
      string,
    ]
    for (const r of await portal.sql<{ id: string; username: string }[]>`select id, username from auth.users`)
      ids[r.username] = r.id
  }, 90_000)
  afterAll(() => portal?.close())

  it("lists the spec's six offices and answers a slot board in the office's offset, through New York's DST", async () => {
    const offices = await portal.call('appointments/offices', {}, buyer1)
    expect(offices.body.data.list.map((o: any) => o.code)).toEqual([
      'india',
      'mumbai',
      'hong-kong',
      'new-york',
      'dubai',
      'belgium',
    ])
    expect(offices.body.data.list[0]).toMatchObject({ timeZone: 'Asia/Kolkata', slotMinutes: 60 })
    // 2027-03-14 is the US spring-forward Sunday: Friday 12th in EST, Monday 15th in EDT, 09:00 both.
    const r = await portal.call(
      'cabin-slot/paginate',
      { officeId: OFFICE['new-york'], date: '2027-03-12', days: 4 },
      buyer1,
    )
    const list = r.body.data.list as any[]
    expect(list).toHaveLength(16)
    expect(list[0]).toEqual({
      id: `${OFFICE['new-york']}:2027-03-12T14:00:00Z`,
      officeId: OFFICE['new-york'],
      startsAt: '2027-03-12T09:00:00-05:00',
      endsAt: '2027-03-12T10:00:00-05:00',
      free: 1,
    })
    expect(list[8]).toMatchObject({
      id: `${OFFICE['new-york']}:2027-03-15T13:00:00Z`,
      startsAt: '2027-03-15T09:00:00-04:00',
    })
    // India: the same instants every day, +05:30.
    const india = await portal.call(
      'cabin-slot/paginate',
      { officeId: OFFICE.india, date: '2027-03-15', days: 1 },
      buyer1,
    )
    expect(india.body.data.list[0]).toMatchObject({ startsAt: '2027-03-15T10:00:00+05:30', free: 2 })
    // Bad input: named fields, nothing else.
    for (const [body, field] of [
      [{ days: 32 }, 'days'],
      [{ date: '2027-02-30x' }, 'date'],
      [{ date: '2027-02-30' }, 'date'],
      // A week from the last day of year 9999 answered 500.
      [{ date: '9999-12-31' }, 'date'],
      [{ officeId: 'x' }, 'officeId'],
      [{ extra: 1 }, 'extra'],
    ] as const) {
      const bad = await portal.call('cabin-slot/paginate', body, buyer1)
      expect(bad.status, JSON.stringify(body)).toBe(400)
      expect(bad.body.code).toBe('E_VALIDATION')
      expect(bad.body.data.fields[0].field).toBe(field)
    }
    const missing = await portal.call('cabin-slot/paginate', { officeId: randomUUID() }, buyer1)
    expect(missing.body.code).toBe('E_NOT_FOUND')
  })

  it('books a cabin with stones, lists it, shows its stones, and hides it from everyone else', async () => {
    // A slot with room for two (late in the office's day fewer sales persons work): the second booking
    // below must meet the buyer's own overlap, not a full slot.
    const slot = (await freeSlots(OFFICE.mumbai, buyer1)).find((s) => s.free >= 2)
    const stones = [randomUUID(), randomUUID()]
    const r = await portal.call(
      'cabin-schedule/create',
      { slotId: slot!.id, purpose: 'See two ovals', stoneIds: stones },
      buyer1,
    )
    expect(r.body.code).toBe('OK')
    const a = r.body.data
    expect(a).toMatchObject({
      status: 'booked',
      startsAt: slot!.startsAt,
      endsAt: slot!.endsAt,
      officeId: OFFICE.mumbai,
      virtual: false,
      version: 1,
      stones: stones.map((id) => ({ id })),
    })
    expect(a.cabin.name).toMatch(/^BKC/)
    expect(['Mei Lin', 'Priya Nair']).toContain(a.salesPerson.name)
    expect(a.room).toBeUndefined()
    const after = (await freeSlots(OFFICE.mumbai, buyer1)).find((s) => s.id === slot!.id)
    expect(after?.free ?? 0).toBe(slot!.free - 1)

    const [booked] = await events(a.id)
    expect(booked).toMatchObject({
      type: 'appointments.appointment.booked',
      data: {
        appointmentId: a.id,
        buyerId: ids.buyer1,
        salesPersonId: a.salesPerson.id,
        officeId: OFFICE.mumbai,
        timeZone: 'Asia/Kolkata',
        startsAt: new Date(slot!.startsAt).toISOString(),
        stoneIds: stones,
        by: ids.buyer1,
      },
    })

    const list = await portal.call('cabin-schedule/list', { tab: 'upcoming' }, buyer1)
    expect(list.body.data).toMatchObject({ count: 1, list: [{ id: a.id }] })
    expect((await portal.call('cabin-schedule/list', { tab: 'cancelled' }, buyer1)).body.data).toEqual({
      list: [],
      count: 0,
    })
    // Stones stock does not have are named, never blocked (office-blocks.int.test.ts has real ones).
    expect(a.stones).toEqual(stones.map((id) => ({ id, blocked: false, reason: 'not-found', state: 'refused' })))
    const shown = await portal.call('show-selection/paginate', { appointmentId: a.id }, buyer1)
    expect(shown.body.data).toEqual({ list: a.stones, count: 2 })

    // Someone else's appointment does not exist for them.
    for (const [path, body] of [
      ['show-selection/paginate', { appointmentId: a.id }],
      ['cabin-schedule/destroyDiamondAndSlot', { id: a.id }],
      ['cabin-schedule/reschedule', { id: a.id, slotId: slot!.id }],
    ] as const) {
      const other = await portal.call(path, body, buyer2)
      expect(other.body.code, path).toBe('E_NOT_FOUND')
    }
    expect((await portal.call('cabin-schedule/list', { tab: 'upcoming' }, buyer2)).body.data.count).toBe(0)

    // The buyer cannot be in two places at once (the slot itself still has a cabin and a person free).
    const twice = await portal.call('cabin-schedule/create', { slotId: slot!.id, purpose: 'again' }, buyer1)
    expect(twice.status).toBe(409)
    expect(twice.body).toMatchObject({ code: 'E_APPOINTMENT_OVERLAP', data: { field: 'slotId' } })
  })

  it('refuses bad bookings with a named field and writes nothing', async () => {
    const before = (await portal.sql`select count(*)::int as n from appointments.appointments`)[0]!.n
    const [slot] = await freeSlots(OFFICE.belgium, buyer2)
    const [officeId, start] = [slot!.id.slice(0, 36), Date.parse(slot!.id.slice(37))]
    const at = (ms: number) => `${officeId}:${new Date(ms).toISOString().slice(0, 19)}Z`
    const guest = portal.tokens.sign({
      id: randomUUID(),
      username: 'g@x.example',
      userType: 'guest',
      perms: { office: 'v' },
      noPrice: false,
      ver: 0,
      guest: true,
      trusted: true,
    })
    const cases: [unknown, string, string, number, string?][] = [
      [{ slotId: 'tomorrow', purpose: 'x' }, buyer2, 'E_VALIDATION', 400, 'slotId'],
      [{ slotId: slot!.id }, buyer2, 'E_VALIDATION', 400, 'purpose'],
      [{ slotId: slot!.id, purpose: ' \t ' }, buyer2, 'E_VALIDATION', 400, 'purpose'],
      [{ slotId: slot!.id, purpose: 'x', stoneIds: ['nope'] }, buyer2, 'E_VALIDATION', 400, 'stoneIds.0'],
      [{ slotId: slot!.id, purpose: 'x', stoneIds: [] }, buyer2, 'E_VALIDATION', 400, 'stoneIds'],
      [{ slotId: at(start + 15 * 60_000), purpose: 'x' }, buyer2, 'E_SLOT_INVALID', 400, 'slotId'],
      [{ slotId: at(start - 7 * 86_400_000), purpose: 'x' }, buyer2, 'E_SLOT_INVALID', 400, 'slotId'],
      [{ slotId: `${randomUUID()}:${slot!.id.slice(37)}`, purpose: 'x' }, buyer2, 'E_VALIDATION', 400, 'slotId'],
      // Past the booking horizon (a year and a day): 104 weeks on is the same weekday and hour.
      [{ slotId: at(start + 728 * 86_400_000), purpose: 'x' }, buyer2, 'E_SLOT_INVALID', 400, 'slotId'],
      // A year past 9999 in the office's zone is refused, not a crash.
      [
        { slotId: `${OFFICE['hong-kong']}:9999-12-31T23:00:00Z`, purpose: 'x' },
        buyer2,
        'E_SLOT_INVALID',
        400,
        'slotId',
      ],
      [{ slotId: slot!.id, purpose: 'x' }, guest, 'E_GUEST_FORBIDDEN', 403],
      [{ slotId: slot!.id, purpose: 'x' }, newBuyer({ office: 'v' }), 'E_FORBIDDEN', 403],
    ]
    for (const [body, token, code, status, field] of cases) {
      const r = await portal.call('cabin-schedule/create', body, token)
      expect(r.body.code, JSON.stringify(body)).toBe(code)
      expect(r.status).toBe(status)
      if (field) expect(JSON.stringify(r.body.data), JSON.stringify(body)).toContain(`"${field}"`)
    }
    // The board shows no slot past the horizon either.
    const far = await portal.call('cabin-slot/paginate', { officeId, date: '2099-01-05', days: 7 }, buyer2)
    expect(far.body).toMatchObject({ code: 'OK', data: { list: [] } })
    // A guest may look at the board (office view) and has no appointments.
    expect((await portal.call('cabin-schedule/list', { tab: 'upcoming' }, guest)).body.data).toEqual({
      list: [],
      count: 0,
    })
    expect((await portal.sql`select count(*)::int as n from appointments.appointments`)[0]!.n).toBe(before)
  })

  it('books a confirmed appointment again when the buyer moves it; a move by the sales side keeps it confirmed', async () => {
    const [first, second, third] = await freeSlots(OFFICE.belgium, buyer2)
    const a = (await portal.call('cabin-schedule/create', { slotId: first!.id, purpose: 'Melee' }, buyer2)).body.data
    expect((await portal.call('cabin-schedule/confirm', { id: a.id }, sales1)).body.data.status).toBe('confirmed')
    const bySales = await portal.call('cabin-schedule/reschedule', { id: a.id, slotId: second!.id }, sales1)
    expect(bySales.body.data).toMatchObject({ startsAt: second!.startsAt, status: 'confirmed' })
    const byBuyer = await portal.call('cabin-schedule/reschedule', { id: a.id, slotId: third!.id }, buyer2)
    expect(byBuyer.body.data).toMatchObject({ startsAt: third!.startsAt, status: 'booked' })
    // The sales side confirms the new time.
    expect((await portal.call('cabin-schedule/confirm', { id: a.id }, sales1)).body.data.status).toBe('confirmed')
    await portal.call('cabin-schedule/destroyDiamondAndSlot', { id: a.id }, buyer2)
  })

  it('reschedules, takes stones off, cancels once, each announced; the sales person may act too', async () => {
    const [first, , third] = await freeSlots(OFFICE.belgium, buyer2)
    const stones = [randomUUID(), randomUUID(), randomUUID()]
    const a = (
      await portal.call('cabin-schedule/create', { slotId: first!.id, purpose: 'Rough', stoneIds: stones }, buyer2)
    ).body.data
    const moved = await portal.call('cabin-schedule/reschedule', { id: a.id, slotId: third!.id }, buyer2)
    expect(moved.body.code).toBe('OK')
    expect(moved.body.data).toMatchObject({ startsAt: third!.startsAt, version: 2, salesPerson: a.salesPerson })
    const otherOffice = (await freeSlots(OFFICE.dubai, buyer2))[0]!
    expect(
      (await portal.call('cabin-schedule/reschedule', { id: a.id, slotId: otherOffice.id }, buyer2)).body.code,
    ).toBe('E_VALIDATION')

    const fewer = await portal.call('cabin-schedule/destroyDiamondAndSlot', { id: a.id, stoneIds: [stones[1]] }, buyer2)
    expect(fewer.body.data).toMatchObject({
      status: 'booked',
      version: 3,
      stones: [{ id: stones[0] }, { id: stones[2] }],
    })
    const stranger = await portal.call(
      'cabin-schedule/destroyDiamondAndSlot',
      { id: a.id, stoneIds: [randomUUID()] },
      buyer2,
    )
    expect(stranger.body.code).toBe('E_VALIDATION')
    expect(stranger.body.data.fields[0].field).toBe('stoneIds')

    const cancelled = await portal.call('cabin-schedule/destroyDiamondAndSlot', { id: a.id }, buyer2)
    expect(cancelled.body).toMatchObject({
      code: 'OK',
      message: 'Appointment cancelled',
      data: { status: 'cancelled', version: 4 },
    })
    expect((await portal.call('cabin-schedule/destroyDiamondAndSlot', { id: a.id }, buyer2)).body.code).toBe(
      'E_APPOINTMENT_CLOSED',
    )
    expect(
      (await portal.call('cabin-schedule/list', { tab: 'cancelled' }, buyer2)).body.data.list.map((x: any) => x.id),
    ).toContain(a.id)
    const log = await events(a.id)
    expect(log.map((e) => e.type)).toEqual([
      'appointments.appointment.booked',
      'appointments.appointment.rescheduled',
      'appointments.appointment.stones-removed',
      'appointments.appointment.cancelled',
    ])
    expect(log[1]!.data.previous).toEqual({
      startsAt: new Date(first!.startsAt).toISOString(),
      endsAt: new Date(first!.endsAt).toISOString(),
    })
    expect(log[2]!.data).toMatchObject({ removedStoneIds: [stones[1]], stoneIds: [stones[0], stones[2]] })
    expect(log[3]!.data).toMatchObject({ status: 'cancelled', by: ids.buyer2 })

    // sales1 works in Mumbai: an appointment given to them is theirs to move too.
    const weekday = (await freeSlots(OFFICE.mumbai, buyer2)).filter(
      (s) => ![0, 6].includes(new Date(s.startsAt).getUTCDay()),
    )
    for (const s of weekday) {
      const b = await portal.call('cabin-schedule/create', { slotId: s.id, purpose: 'Mumbai' }, newBuyer())
      if (b.body.data.salesPerson.name !== 'Mei Lin') continue
      await portal.call('cabin-schedule/list', { tab: 'upcoming' }, sales1)
      const shown = await portal.call('show-selection/paginate', { appointmentId: b.body.data.id }, sales1)
      expect(shown.body.code).toBe('OK')
      const byStaff = await portal.call('cabin-schedule/destroyDiamondAndSlot', { id: b.body.data.id }, sales1)
      expect(byStaff.body.data.status).toBe('cancelled')
      expect((await events(b.body.data.id)).at(-1)!.data).toMatchObject({
        by: ids.sales1,
        salesPersonUserId: ids.sales1,
      })
      return
    }
    throw new Error('sales1 was never picked')
  })

  it('gives a virtual meeting a room link and no cabin', async () => {
    const [slot] = await freeSlots(OFFICE['hong-kong'], buyer1, true)
    const r = await portal.call(
      'cabin-schedule/create',
      { slotId: slot!.id, purpose: 'Video call', virtual: true },
      newBuyer(),
    )
    expect(r.body.data).toMatchObject({ virtual: true, cabin: null })
    expect(r.body.data.room).toMatch(/^https:\/\/meet\.jit\.si\/diamond-portal-[A-Za-z0-9_-]{24}$/)
  })

  it('lets exactly one of 200 concurrent bookings have the last cabin of a slot; the rest get E_SLOT_TAKEN, no 5xx', async () => {
    // Dubai has one cabin and one sales person: every slot has one booking to give.
    const [slot] = await freeSlots(OFFICE.dubai, buyer1)
    expect(slot!.free).toBe(1)
    const racers = Array.from({ length: 200 }, () => newBuyer())
    const answers = await Promise.all(
      racers.map((t) => portal.call('cabin-schedule/create', { slotId: slot!.id, purpose: 'Race' }, t)),
    )
    const codes = answers.map((r) => `${r.status} ${r.body.code}`)
    expect(codes.filter((c) => c === '200 OK')).toHaveLength(1)
    expect(codes.filter((c) => c === '409 E_SLOT_TAKEN')).toHaveLength(199)
    const [{ n }] = await portal.sql<[{ n: number }]>`
      select count(*)::int as n from appointments.appointments where office_id = ${OFFICE.dubai} and starts_at = ${slot!.id.slice(37)}`
    expect(n).toBe(1)
    const board = (await portal.call('cabin-slot/paginate', { officeId: OFFICE.dubai, days: 14 }, buyer1)).body.data
      .list
    expect(board.find((s: any) => s.id === slot!.id).free).toBe(0)
    // PostgreSQL itself refuses a second row on that cabin, that sales person or that buyer then.
    const [won] = await portal.sql<{ cabin_id: string; sales_person_id: string; buyer_id: string }[]>`
      select cabin_id, sales_person_id, buyer_id from appointments.appointments where office_id = ${OFFICE.dubai} and starts_at = ${slot!.id.slice(37)}`
    const [india] = await portal.sql<{ cabin: string; person: string }[]>`
      select (select id from appointments.cabins where office_id = ${OFFICE.india} limit 1) as cabin,
             (select id from appointments.sales_persons where office_id = ${OFFICE.india} limit 1) as person`
    const direct = (cabin: string, person: string, buyer: string) =>
      portal.sql`insert into appointments.appointments (buyer_id, office_id, cabin_id, sales_person_id, starts_at, ends_at, purpose)
                 values (${buyer}, ${OFFICE.dubai}, ${cabin}, ${person}, ${slot!.id.slice(37)}::timestamptz + interval '30 minutes',
                         ${slot!.id.slice(37)}::timestamptz + interval '90 minutes', 'direct')`
    for (const [row, constraint] of [
      [direct(won!.cabin_id, india!.person, randomUUID()), 'appointments_cabin_free'],
      [direct(india!.cabin, won!.sales_person_id, randomUUID()), 'appointments_sales_person_free'],
      [direct(india!.cabin, india!.person, won!.buyer_id), 'appointments_buyer_free'],
    ] as const)
      await expect(row).rejects.toMatchObject({ code: '23P01', constraint_name: constraint })
    // Moving another appointment into the full slot is refused the same way.
    const [later] = (await freeSlots(OFFICE.dubai, buyer1)).filter((s) => s.id !== slot!.id)
    const mover = newBuyer()
    const moving = (await portal.call('cabin-schedule/create', { slotId: later!.id, purpose: 'Later' }, mover)).body
      .data
    const refused = await portal.call('cabin-schedule/reschedule', { id: moving.id, slotId: slot!.id }, mover)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('E_SLOT_TAKEN')
    // Cancelled, the slot is bookable again at once (no remembered "full" outlives a cancel here).
    const winner = racers[answers.findIndex((r) => r.body.code === 'OK')]!
    const id = answers.find((r) => r.body.code === 'OK')!.body.data.id
    expect((await portal.call('cabin-schedule/destroyDiamondAndSlot', { id }, winner)).body.data.status).toBe(
      'cancelled',
    )
    const again = await portal.call('cabin-schedule/create', { slotId: slot!.id, purpose: 'Freed' }, newBuyer())
    expect(again.body.code).toBe('OK')
  })
})

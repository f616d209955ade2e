import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'
import { DEMO_OFFICE_IDS } from '../src/modules/demo/demo.offices'

const MUMBAI = DEMO_OFFICE_IDS.mumbai

interface Stone {
  id: string
  blocked?: boolean
  reason?: string
  state: string
  location?: string
  transferDays?: number
  outsideIndia?: boolean
}

/**
 * The stones of an appointment held for its slot, across services by events only: appointments asks
 * (its booked, rescheduled, cancelled, stones-removed events), stock blocks each stone with block
 * type 4 through the guarded statement holds use, and answers; appointments records the answer.
 */
describe('stones held for a viewing (appointments and stock, by events)', () => {
  let portal: TestPortal
  let buyer1: string, buyer2: string
  const ids: Record<string, string> = {}
  let slots: { id: string; startsAt: string; endsAt: string }[] = []
  let free: string[] = []

  const newBuyer = () =>
    portal.tokens.sign({
      id: randomUUID(),
      username: `b-${randomUUID()}`,
      userType: 'buyer',
      perms: { office: 'vi' },
      noPrice: false,
      ver: 0,
      guest: false,
      trusted: true,
    })
  /** A stone nobody has taken yet, each test its own. */
  const takeStone = () => {
    const id = free.shift()
    if (!id) throw new Error('out of available demo stones')
    return id
  }
  const takeSlot = () => {
    const s = slots.shift()
    if (!s) throw new Error('out of free slots')
    return s
  }

  const stock = async (stoneIds: string[]) =>
    new Map(
      (
        await portal.sql<{ id: string; w_sts: string; appointment_id: string | null; expires_at: Date | null }[]>`
          select s.id, s.w_sts, b.appointment_id, b.expires_at
            from stock.stones s left join stock.blocks b on b.stone_id = s.id
           where s.id = any(${stoneIds}::uuid[])`
      ).map((r) => [r.id, r]),
    )

  /** The stones as appointments shows them once stock has answered for every one. */
  const answered = (appointmentId: string, token: string) =>
    waitFor(
      async () => {
        const r = await portal.call('show-selection/paginate', { appointmentId }, token)
        const list = r.body.data.list as Stone[]
        return list.every((s) => s.state !== 'pending') ? list : null
      },
      20_000,
      `stock's answer for ${appointmentId}`,
    )

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 150, env: { APPOINTMENTS_BLOCK_WAIT_MS: '10000' } })
    ;[buyer1, buyer2] = (await Promise.all(['buyer1', 'buyer2'].map((u) => portal.login(u)))) as [string, string]
    for (const r of await portal.sql<{ id: string; username: string }[]>`select id, username from auth.users`)
      ids[r.username] = r.id
    free = (await portal.stones(buyer1, 80)).map((s) => s.id)
    const board = await portal.call('cabin-slot/paginate', { officeId: MUMBAI, days: 14 }, buyer1)
    slots = (board.body.data.list as { id: string; startsAt: string; endsAt: string; free: number }[]).filter(
      (s) => s.free > 0,
    )
  }, 90_000)
  afterAll(() => portal?.close())

  it('blocks two free stones for the slot, names the third held by another buyer, and a cancel frees them', async () => {
    const [a, b, c] = [takeStone(), takeStone(), takeStone()]
    expect((await portal.call('diamond/hold', { id: c }, buyer2)).body.code).toBe('OK')
    const slot = takeSlot()
    const r = await portal.call(
      'cabin-schedule/create',
      { slotId: slot.id, purpose: 'Three rounds', stoneIds: [a, b, c] },
      buyer1,
    )
    expect(r.body.code).toBe('OK')
    const appt = r.body.data
    const stones = appt.stones as Stone[]
    expect(stones.map((s) => [s.id, s.state, s.blocked, s.reason])).toEqual([
      [a, 'blocked', true, undefined],
      [b, 'blocked', true, undefined],
      [c, 'refused', false, 'held'],
    ])
    // Each stone is flagged with where it lies; away from Mumbai (India), with the transfer lead time.
    for (const s of stones) {
      expect(s.location).toBeTruthy()
      expect(s.outsideIndia).toBe(s.location !== 'India')
      if (s.location === 'India') expect(s).not.toHaveProperty('transferDays')
      else expect(s.transferDays).toBeGreaterThan(0)
    }
    // Stock agrees: two office blocks of this appointment ending at the slot's end; the third still buyer2's hold.
    const held = await stock([a, b, c])
    for (const id of [a, b]) {
      expect(held.get(id)).toMatchObject({ w_sts: 'O', appointment_id: appt.id })
      expect(held.get(id)!.expires_at!.toISOString()).toBe(new Date(slot.endsAt).toISOString())
    }
    expect(held.get(c)).toMatchObject({ w_sts: 'H', appointment_id: null })
    // The live grid and the stone's own status say so, as for any block.
    const seen = await portal.call('diamond/paginate', { page: 1, limit: 300, filter: {} }, buyer2)
    const shown = new Map((seen.body.data.list as { id: string; availability: string }[]).map((s) => [s.id, s]))
    for (const id of [a, b]) if (shown.has(id)) expect(shown.get(id)!.availability).toBe('O')
    // Nobody else can hold a blocked stone.
    expect((await portal.call('diamond/hold', { id: a }, buyer2)).body.code).toBe('E_STONE_UNAVAILABLE')
    const listed = await portal.call('show-selection/paginate', { appointmentId: appt.id }, buyer1)
    expect(listed.body.data.list).toEqual(stones)

    expect((await portal.call('cabin-schedule/destroyDiamondAndSlot', { id: appt.id }, buyer1)).body.code).toBe('OK')
    await waitFor(async () => {
      const now = await stock([a, b])
      return [a, b].every((id) => now.get(id)?.w_sts === 'A' && now.get(id)?.appointment_id === null)
    })
    // Stock's answer to the cancel says each stone went back (the held one was never this appointment's).
    const after = await waitFor(async () => {
      const list = (await portal.call('show-selection/paginate', { appointmentId: appt.id }, buyer1)).body.data
        .list as Stone[]
      return list.every((s) => s.state === 'released') ? list : null
    })
    expect(after.map((s) => [s.state, s.reason])).toEqual([
      ['released', 'released'],
      ['released', 'released'],
      ['released', 'released'],
    ])
    expect((await stock([c])).get(c)!.w_sts).toBe('H')
    expect((await portal.call('diamond/hold', { id: a }, buyer2)).body.code).toBe('OK')
  })

  it("takes a stone the buyer holds for the viewing: the hold becomes the block (another buyer's stays refused)", async () => {
    const [mine, theirs] = [takeStone(), takeStone()]
    expect((await portal.call('diamond/hold', { id: mine }, buyer1)).body.code).toBe('OK')
    expect((await portal.call('diamond/hold', { id: theirs }, buyer2)).body.code).toBe('OK')
    const slot = takeSlot()
    const r = await portal.call(
      'cabin-schedule/create',
      { slotId: slot.id, purpose: 'The one I hold', stoneIds: [mine, theirs] },
      buyer1,
    )
    expect(r.body.code).toBe('OK')
    const appt = r.body.data
    const stones = await answered(appt.id, buyer1)
    // It was refused as "held by another buyer" before.
    expect(stones.map((s) => [s.id, s.state, s.blocked, s.reason])).toEqual([
      [mine, 'blocked', true, undefined],
      [theirs, 'refused', false, 'held'],
    ])
    const now = await stock([mine, theirs])
    expect(now.get(mine)).toMatchObject({ w_sts: 'O', appointment_id: appt.id })
    expect(now.get(mine)!.expires_at!.toISOString()).toBe(new Date(slot.endsAt).toISOString())
    expect(now.get(theirs)).toMatchObject({ w_sts: 'H', appointment_id: null })
    const holds = await portal.sql<{ stone_id: string; holder_id: string }[]>`
      select stone_id, holder_id from stock.holds where stone_id = any(${[mine, theirs]}::uuid[])`
    expect(holds).toEqual([{ stone_id: theirs, holder_id: ids.buyer2 }])
    // Cancelled, the stone goes back to stock like any block of the viewing.
    expect((await portal.call('cabin-schedule/destroyDiamondAndSlot', { id: appt.id }, buyer1)).body.code).toBe('OK')
    await waitFor(async () => (await stock([mine])).get(mine)?.w_sts === 'A')
    expect((await stock([theirs])).get(theirs)!.w_sts).toBe('H')
  })

  it('moves the blocks to the new slot on a reschedule, frees a stone taken off, and names stones that are not there', async () => {
    const [a, b] = [takeStone(), takeStone()]
    const missing = randomUUID()
    const token = newBuyer()
    const [first, second] = [takeSlot(), takeSlot()]
    const r = await portal.call(
      'cabin-schedule/create',
      { slotId: first.id, purpose: 'Move me', stoneIds: [a, b, missing] },
      token,
    )
    expect(r.body.data.stones.map((s: Stone) => s.state)).toEqual(['blocked', 'blocked', 'refused'])
    expect(r.body.data.stones[2]).toEqual({ id: missing, blocked: false, reason: 'not-found', state: 'refused' })

    const moved = await portal.call('cabin-schedule/reschedule', { id: r.body.data.id, slotId: second.id }, token)
    expect(moved.body.code).toBe('OK')
    expect(moved.body.data.stones.map((s: Stone) => s.state)).toEqual(['blocked', 'blocked', 'refused'])
    const now = await stock([a, b])
    for (const id of [a, b]) {
      expect(now.get(id)).toMatchObject({ w_sts: 'O', appointment_id: r.body.data.id })
      expect(now.get(id)!.expires_at!.toISOString()).toBe(new Date(second.endsAt).toISOString())
    }

    const fewer = await portal.call(
      'cabin-schedule/destroyDiamondAndSlot',
      { id: r.body.data.id, stoneIds: [a] },
      token,
    )
    expect(fewer.body.code).toBe('OK')
    await waitFor(async () => (await stock([a])).get(a)?.w_sts === 'A')
    expect((await stock([b])).get(b)).toMatchObject({ w_sts: 'O', appointment_id: r.body.data.id })
  })

  it('gives a block back to stock once its slot has ended (the expiry sweep, by the database clock)', async () => {
    const a = takeStone()
    const token = newBuyer()
    const r = await portal.call(
      'cabin-schedule/create',
      { slotId: takeSlot().id, purpose: 'Expire', stoneIds: [a] },
      token,
    )
    expect(r.body.data.stones[0].state).toBe('blocked')
    // As if the slot were over: the block's end in the past.
    await portal.sql`update stock.blocks set expires_at = now() - interval '1 second' where stone_id = ${a}`
    await waitFor(async () => (await stock([a])).get(a)?.w_sts === 'A', 20_000, 'the expiry sweep')
    expect((await stock([a])).get(a)!.appointment_id).toBeNull()
  })

  it('tells the appointment when staff give one of its blocked stones back by hand', async () => {
    const [a, b] = [takeStone(), takeStone()]
    const token = newBuyer()
    const r = await portal.call(
      'cabin-schedule/create',
      { slotId: takeSlot().id, purpose: 'Released by hand', stoneIds: [a, b] },
      token,
    )
    expect(r.body.data.stones.map((s: Stone) => s.state)).toEqual(['blocked', 'blocked'])
    // Another buyer may not; the office's staff (office all) may.
    expect((await portal.call('diamond-block/delete', { id: a }, buyer2)).body.code).toBe('E_NOT_FOUND')
    const sales = await portal.login('sales1')
    expect((await portal.call('diamond-block/delete', { id: a }, sales)).body.code).toBe('OK')
    expect((await stock([a])).get(a)).toMatchObject({ w_sts: 'A', appointment_id: null })
    const list = await waitFor(async () => {
      const l = (await portal.call('show-selection/paginate', { appointmentId: r.body.data.id }, token)).body.data
        .list as Stone[]
      return l[0]?.state === 'released' ? l : null
    })
    expect(list.map((s) => [s.id, s.state, s.reason])).toEqual([
      [a, 'released', 'released'],
      [b, 'blocked', undefined],
    ])
  })

  it('lets exactly one of a hold and a booking racing for the same stone win, 25 times, the answer agreeing with stock', async () => {
    const outcomes = { booking: 0, hold: 0 }
    for (let i = 0; i < 25; i++) {
      const stone = takeStone()
      const token = newBuyer()
      const slot = takeSlot()
      const [booked, hold] = await Promise.all([
        portal.call('cabin-schedule/create', { slotId: slot.id, purpose: `Race ${i}`, stoneIds: [stone] }, token),
        portal.call('diamond/hold', { id: stone }, buyer2),
      ])
      expect(booked.body.code, JSON.stringify(booked.body)).toBe('OK')
      expect(['OK', 'E_STONE_UNAVAILABLE']).toContain(hold.body.code)
      const [said] = booked.body.data.stones as Stone[]
      const [settled] = await answered(booked.body.data.id, token)
      // The booking's own answer is final or pending, never a block it does not have.
      if (said!.state !== 'pending') expect(said).toEqual(settled)
      const now = (await stock([stone])).get(stone)!
      if (hold.body.code === 'OK') {
        outcomes.hold++
        expect(settled).toMatchObject({ state: 'refused', blocked: false, reason: 'held' })
        expect(now).toMatchObject({ w_sts: 'H', appointment_id: null })
        const [h] = await portal.sql<
          { holder_id: string }[]
        >`select holder_id from stock.holds where stone_id = ${stone}`
        expect(h!.holder_id).toBe(ids.buyer2)
      } else {
        outcomes.booking++
        expect(settled).toMatchObject({ state: 'blocked', blocked: true })
        expect(now).toMatchObject({ w_sts: 'O', appointment_id: booked.body.data.id })
        const [{ n }] = await portal.sql<
          [{ n: number }]
        >`select count(*)::int as n from stock.holds where stone_id = ${stone}`
        expect(n).toBe(0)
      }
    }
    expect(outcomes.booking + outcomes.hold).toBe(25)
  })
})

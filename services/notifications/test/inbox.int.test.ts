import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BiddingEventTypes, type LotHighChanged } from '@diamond/contracts/events/bidding'
import { StockEventTypes, type StoneStatusChanged } from '@diamond/contracts/events/stock'
import { newEvent } from '@diamond/runtime'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

describe('notifications learn from stock events', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 10 })
    ;[buyer1, buyer2] = await Promise.all([portal.login('buyer1'), portal.login('buyer2')])
  })
  afterAll(() => portal?.close())

  const heldEvent = (holderId: string) =>
    newEvent<StoneStatusChanged>('stock', StockEventTypes.held, randomUUID(), {
      stoneId: randomUUID(),
      vStnId: 'D999999',
      wSts: 'H',
      sSts: 'Y',
      availability: 'H',
      statusVersion: 1,
      holderId,
      expiresAt: new Date().toISOString(),
    })

  it('tells the holder once, however often the bus delivers the event', async () => {
    const me = (await portal.call('notification/list', {}, buyer1)).body
    const userId = (await portal.sql`select id from auth.users where username = 'buyer1'`)[0]!.id as string
    const event = heldEvent(userId)
    await portal.bus.publish([event, event])
    await portal.bus.publish([event])
    await waitFor(
      async () => (await portal.call('notification/list', {}, buyer1)).body.data.count > me.data.count,
      10_000,
      'notice',
    )
    await portal.bus.publish([heldEvent(userId)]) // a later, different event: once it shows, the duplicates are done
    await waitFor(
      async () => (await portal.call('notification/list', {}, buyer1)).body.data.count === me.data.count + 2,
      10_000,
      'second notice',
    )
    const rows =
      await portal.sql`select count(*)::int as n from notifications.notifications where params->>'stoneId' = ${(event.data as StoneStatusChanged).stoneId}`
    expect(rows[0]!.n).toBe(1)
  })

  it('shows one group of notices when asked, with every group counted and the unread of all', async () => {
    const userId = (await portal.sql`select id from auth.users where username = 'buyer1'`)[0]!.id as string
    const before = (await portal.call('notification/list', {}, buyer1)).body.data.count as number
    await portal.bus.publish([heldEvent(userId)])
    await waitFor(
      async () => (await portal.call('notification/list', {}, buyer1)).body.data.count === before + 1,
      10_000,
      'a trading notice',
    )
    const all = (await portal.call('notification/list', {}, buyer1)).body.data
    const trading = (await portal.call('notification/list', { group: 'trading' }, buyer1)).body.data
    const orders = (await portal.call('notification/list', { group: 'orders' }, buyer1)).body.data
    const groups = all.groups as { group: string; count: number; unread: number }[]
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(all.count)
    expect(trading.count).toBe(groups.find((g) => g.group === 'trading')!.count)
    expect((trading.list as { kind: string }[]).every((n) => n.kind.startsWith('stone.'))).toBe(true)
    expect(orders).toMatchObject({ count: 0, list: [], unread: all.unread, groups: all.groups })
    const bad = (await portal.call('notification/list', { group: 'gossip' }, buyer1)).body
    expect(bad.code).toBe('E_VALIDATION')
  })

  it('keeps one unread outbid notice per lot, at the latest price, however many highs arrive at once', async () => {
    const userId = (await portal.sql`select id from auth.users where username = 'buyer2'`)[0]!.id as string
    const [lot1, lot2, auctionId] = [randomUUID(), randomUUID(), randomUUID()]
    const high = (lotId: string, cents: number) =>
      newEvent<LotHighChanged>('bidding', BiddingEventTypes.high, lotId, {
        lotId,
        auctionId,
        stoneId: randomUUID(),
        vStnId: 'B-9',
        pricePerCaratCents: cents,
        bidCount: 2,
        closesAt: new Date().toISOString(),
        reserveMet: null,
        leaderId: randomUUID(),
        previousLeaderId: userId,
        outbidIds: [userId],
      })
    // One burst: the consumer takes the waiting events together.
    await portal.bus.publish([
      ...Array.from({ length: 40 }, (_, i) => high(lot1, 100_000 + i * 100)),
      high(lot2, 50_000),
    ])
    await portal.bus.publish([high(lot1, 200_000)])
    const notices = async () =>
      portal.sql<{ lot: string; price: number }[]>`
        select params->>'lotId' as lot, (params->>'price')::float8 as price from notifications.notifications
         where user_id = ${userId} and kind = 'bid.outbid' and read_at is null and params->>'auctionId' = ${auctionId} order by lot`
    // The lots are keys on different partitions: lot2's notice may come after lot1's last.
    await waitFor(
      async () => {
        const now = await notices()
        return now.some((n) => n.lot === lot1 && n.price === 2000) && now.some((n) => n.lot === lot2)
      },
      10_000,
      'the latest price on lot1 and a notice on lot2',
    )
    expect((await notices()).sort((a, b) => a.lot.localeCompare(b.lot))).toEqual(
      [
        { lot: lot1, price: 2000 },
        { lot: lot2, price: 500 },
      ].sort((a, b) => a.lot.localeCompare(b.lot)),
    )
  })

  it("lists only the caller's notices and marks only theirs read", async () => {
    const theirs = (await portal.call('notification/list', {}, buyer1)).body.data
    const mine = (await portal.call('notification/list', {}, buyer2)).body.data
    expect(
      mine.list.every((n: { userId: string }) => !theirs.list.some((t: { userId: string }) => t.userId === n.userId)),
    ).toBe(true)
    const r = await portal.call(
      'notification/markAsRead',
      { ids: theirs.list.map((n: { id: string }) => n.id) },
      buyer2,
    )
    expect(r.body.data.updated).toBe(0)
    expect((await portal.call('notification/list', {}, buyer1)).body.data.unread).toBe(theirs.unread)
    expect((await portal.call('notification/markAsRead', {}, buyer1)).body.data.updated).toBe(theirs.unread)
  })
})

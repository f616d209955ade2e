import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

describe('the demo auctions', () => {
  let portal: TestPortal
  beforeAll(async () => {
    portal = await startTestPortal({ stones: 400 })
  }, 60_000)
  afterAll(() => portal?.close())

  it("are built from stock's announced bid stones, live within the hour, with lots of seller1's company and of others", async () => {
    await waitFor(
      async () => (await portal.sql`select count(*)::int as n from bidding.auctions where demo`)[0]!.n === 4,
      20_000,
      'four demo auctions',
    )
    const lots = await portal.sql<{ id: string; kind: string; seller: string; minutes: number }[]>`
      select id, kind, seller, extract(epoch from closes_at - now())::float8 / 60 as minutes from bidding.lots`
    expect(new Set(lots.map((l) => l.kind))).toEqual(new Set(['justBidIt', 'lookAndBid', 'blind', 'live']))
    expect(lots.every((l) => l.minutes > 30 && l.minutes <= 60)).toBe(true)
    const own = lots.find((l) => l.seller === 'Shah Diamonds')
    expect(own).toBeDefined()
    const seller1 = await portal.login('seller1')
    const r = await portal.call(
      'dynamic-diamond-bid/create',
      { lotId: own!.id, pricePerCarat: 1e6, requestId: randomUUID() },
      seller1,
    )
    expect(r.body.code).toBe('E_BID_OWN_STONE')
    // Every demo auction has a lot of another seller's too, which seller1 may bid on (their own
    // company's stones are taken in turn with others', not first).
    const lotsOf = await portal.sql<
      { auction_id: string; own: boolean }[]
    >`select auction_id, seller = 'Shah Diamonds' as own from bidding.lots`
    for (const id of new Set(lotsOf.map((l) => l.auction_id)))
      expect(lotsOf.some((l) => l.auction_id === id && !l.own)).toBe(true)
    const other = lots.find((l) => l.seller !== 'Shah Diamonds' && l.kind === 'blind')!
    expect(
      (
        await portal.call(
          'dynamic-diamond-bid/create',
          { lotId: other.id, pricePerCarat: 1e6, requestId: randomUUID() },
          seller1,
        )
      ).body.code,
    ).toBe('OK')
  }, 60_000)
})

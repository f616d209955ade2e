import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cleanupTarget, parseCredentials, prepareTarget } from '../../../loadtest/kit-lib.mjs'
import { startTestPortal, type TestPortal } from '../../../test/portal'

// The load kit's set-up and clean-up (issue 27) on a real portal, through its API only: what it makes
// on an operator's deployment it takes down again with the existing calls.
describe('the load kit on a target', () => {
  let portal: TestPortal

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 300 })
  })
  afterAll(() => portal?.close())

  it('makes bidders, stones up for bid and a live auction, then withdraws, restores and deactivates them', async () => {
    const creds = parseCredentials(
      JSON.stringify({
        staff: { username: 'sales1', password: 'Diamond@2026' },
        admin: { username: 'admin1', password: 'Diamond@2026' },
        mailbox: 'dev',
        captcha: '1234',
      }),
    )
    const set = await prepareTarget({ baseUrl: portal.base, creds, bidders: 2, lots: 3, log: () => {} })
    expect(set.tokens).toHaveLength(2)
    expect(set.lots).toHaveLength(3)
    const stoneIds = set.lots.map((l) => l.stoneId)
    const auctionId = set.lots[0]!.auctionId

    // A bid of one of them is taken: the bidders and the lots are real.
    const bid = await portal.call(
      'dynamic-diamond-bid/create',
      { lotId: set.lots[0]!.id, pricePerCarat: set.lots[0]!.startCents / 100, requestId: crypto.randomUUID() },
      set.tokens[0],
    )
    expect(bid.body.code).toBe('OK')
    const upForBid = await portal.sql<{ w_sts: string }[]>`select w_sts from stock.stones where id = any(${stoneIds})`
    expect(upForBid.map((r) => r.w_sts)).toEqual(['B', 'B', 'B'])

    const failed = await cleanupTarget(portal.base, set.made, {
      staffToken: set.staffToken,
      adminToken: set.adminToken,
      holders: set.tokens,
    })
    expect(failed).toEqual([])
    const lots = await portal.sql<{ state: string }[]>`select state from bidding.lots where auction_id = ${auctionId}`
    expect(lots.map((l) => l.state)).toEqual(['withdrawn', 'withdrawn', 'withdrawn'])
    const stones = await portal.sql<{ w_sts: string }[]>`select w_sts from stock.stones where id = any(${stoneIds})`
    expect(stones.map((r) => r.w_sts)).toEqual(['A', 'A', 'A'])
    const users = await portal.sql<
      { active: boolean }[]
    >`select active from auth.users where id = any(${set.made.bidders})`
    expect(users.map((u) => u.active)).toEqual([false, false])
    // A deactivated bidder's token no longer bids.
    const after = await portal.call(
      'dynamic-diamond-bid/create',
      { lotId: set.lots[1]!.id, pricePerCarat: set.lots[1]!.startCents / 100, requestId: crypto.randomUUID() },
      set.tokens[1],
    )
    expect(after.body.code).not.toBe('OK')
  })
})

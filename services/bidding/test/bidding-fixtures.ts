import { randomUUID } from 'node:crypto'
import type { AuctionCreate, BidKind } from '@diamond/contracts/http/bidding'
import { waitFor, type TestPortal } from '../../../test/portal'

/** Small factories over a running test portal: stones up for bid, auctions, bids. */
export function biddingFixtures(portal: TestPortal, tokens: { staff: string; browse: string }) {
  const used = new Set<string>()

  /** Available stones put up for bid by staff (w_sts B), once bidding's projection knows their facts. */
  async function upForBid(n: number, opts: { seller?: string } = {}): Promise<string[]> {
    const ids = (await portal.stones(tokens.browse, 200))
      .map((s) => s.id)
      .filter((id) => !used.has(id))
      .slice(0, n)
    if (ids.length < n) throw new Error('not enough available stones')
    ids.forEach((id) => used.add(id))
    if (opts.seller) await portal.sql`update stock.stones set seller = ${opts.seller} where id = any(${ids}::uuid[])`
    for (const id of ids) {
      const r = await portal.call('diamond/status-update', { id, wSts: 'B' }, tokens.staff)
      if (r.body.code !== 'OK') throw new Error(`status-update: ${JSON.stringify(r.body)}`)
    }
    await waitFor(
      async () => {
        const [{ n: known }] = await portal.sql<[{ n: number }]>`
        select count(*)::int as n from bidding.stone_status where stone_id = any(${ids}::uuid[]) and w_sts = 'B' and crt is not null`
        return known === n
      },
      15_000,
      'bidding to learn the stones up for bid',
    )
    return ids
  }

  async function auction(
    kind: BidKind,
    stoneIds: string[],
    over: Partial<AuctionCreate> = {},
    lot: Partial<AuctionCreate['lots'][number]> = {},
  ) {
    const now = Date.now()
    const body: AuctionCreate = {
      title: `Test ${kind}`,
      kind,
      opensAt: new Date(now - 60_000).toISOString(),
      closesAt: new Date(now + 3_600_000).toISOString(),
      incrementPerCarat: 10,
      lots: stoneIds.map((stoneId) => ({ stoneId, startPerCarat: 1000, ...lot })),
      ...over,
    }
    const r = await portal.call('diamond-bid/auction/create', body, tokens.staff)
    if (r.body.code !== 'OK') {
      // What bidding knew of the stones refused, to tell a slow projection from a stone in a lot.
      const refused: string[] = r.body.data?.ids ?? stoneIds
      const facts = await portal.sql`
        select s.stone_id, s.w_sts, s.status_version, s.crt, s.seller,
               (select count(*)::int from bidding.lots l where l.stone_id = s.stone_id and l.closed_at is null) as open_lots
          from bidding.stone_status s where s.stone_id = any(${refused}::uuid[])`
      throw new Error(`auction/create: ${JSON.stringify(r.body)}; bidding knew: ${JSON.stringify(facts)}`)
    }
    return r.body.data as { auctionId: string; lots: { id: string; stoneId: string; closesAt: string }[] }
  }

  const bid = (
    token: string,
    lotId: string,
    pricePerCarat: unknown,
    requestId: string = randomUUID(),
    path = 'dynamic-diamond-bid/create',
  ) => portal.call(path, { lotId, pricePerCarat, requestId }, token)

  const lotView = async (token: string, lotId: string) => {
    const res = await fetch(`${portal.base}/web/v1/diamond-bid/lot/${lotId}`, {
      headers: { authorization: `JWT ${token}` },
    })
    return (await res.json()) as { code: string; data: any }
  }

  const logCount = async (lotId: string) =>
    (await portal.sql<[{ n: number }]>`select count(*)::int as n from bidding.bids where lot_id = ${lotId}`)[0].n

  const closed = (lotId: string, timeoutMs = 20_000) =>
    waitFor(
      async () => (await portal.sql`select state from bidding.lots where id = ${lotId} and closed_at is not null`)[0],
      timeoutMs,
      `lot ${lotId} closed`,
    )

  return { upForBid, auction, bid, lotView, logCount, closed }
}

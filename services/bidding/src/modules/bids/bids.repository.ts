import { sql, type SQL } from 'drizzle-orm'
import type { BidPageRequest } from '@diamond/contracts/http/bidding'
import type { Sql } from '@diamond/runtime/db'
import { fields, query } from '@diamond/runtime/statements'
import { lots } from '../auctions/auctions.schema'
import { bids } from '../engine/engine.schema'

type Lot = typeof lots.$inferSelect
type Bid = typeof bids.$inferSelect

type Row = Pick<Bid, 'id' | 'lotId' | 'createdAt'> & { priceCents: number } & Pick<
    Lot,
    'highBidder' | 'vStnId' | 'kind' | 'crt' | 'rapCents' | 'closedAt' | 'winningBidId'
  > & {
    withdrawn: boolean
    replaced: boolean
    stands: boolean
    n: number
  }

/**
 * The bidder's own bids (never anyone else's), newest first. What the bidder did next on the lot
 * says what became of each: a withdrawal withdrew it, a bid replaced it (a raise), nothing means it
 * stands (current). Read from the bidder's own log rows on each lot (the bidder index), so a hot
 * lot's other bids cost nothing. Written out: the window over the bidder's rows is the point.
 */
export async function myBids(client: Sql, bidderId: string, q: BidPageRequest) {
  const where: SQL[] = [sql`b.kind = 'bid'`]
  if (q.status === 1) where.push(sql`${lots.closedAt} is null`)
  if (q.status === 2) where.push(sql`${lots.winningBidId} = b.id`)
  if (q.status === 3) where.push(sql`${lots.closedAt} is not null and ${lots.winningBidId} is distinct from b.id`)
  if (q.current) where.push(sql`b.next_kind is null`)
  const limit = q.limit ?? 50
  const offset = ((q.page ?? 1) - 1) * limit
  const rows = await query<Row>(
    client,
    sql`
    with mine as (
      select ${bids.id}, ${bids.lotId}, ${bids.seq}, ${bids.kind}, ${bids.priceCents}, ${bids.createdAt},
             lead(${bids.kind}) over (partition by ${bids.lotId} order by ${bids.seq}) as next_kind
        from ${bids} where ${bids.bidderId} = ${bidderId} ${q.lotId ? sql`and ${bids.lotId} = ${q.lotId}` : sql``}
    )
    select b.id, b.lot_id as "lotId", b.price_cents::float8 as "priceCents", b.created_at as "createdAt",
           coalesce(b.next_kind = 'withdraw', false) as withdrawn, coalesce(b.next_kind = 'bid', false) as replaced,
           b.next_kind is null as stands, ${fields(lots, ['highBidder', 'vStnId', 'kind', 'crt', 'rapCents', 'closedAt', 'winningBidId'])},
           count(*) over ()::int as n
      from mine b join ${lots} on ${lots.id} = b.lot_id
     where ${sql.join(where, sql` and `)}
     order by b.created_at desc, b.seq desc limit ${limit} offset ${offset}`,
  )
  return {
    count: rows[0]?.n ?? 0,
    rows: rows.map((r) => ({
      lot: {
        id: r.lotId,
        vStnId: r.vStnId,
        kind: r.kind,
        crt: r.crt,
        rapCents: r.rapCents,
        closedAt: r.closedAt?.getTime() ?? null,
        winningBidId: r.winningBidId,
      },
      bid: {
        id: r.id,
        priceCents: r.priceCents,
        at: r.createdAt.getTime(),
        withdrawn: r.withdrawn,
        replaced: r.replaced,
      },
      /** stands: my last word on the lot; leads: the lot's high is mine (the service tells it for open kinds only). */
      stands: r.stands,
      leads: r.highBidder === bidderId,
    })),
  }
}

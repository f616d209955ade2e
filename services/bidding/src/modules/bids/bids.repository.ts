import type { BidKind, BidPageRequest } from '@diamond/contracts/http/bidding'
import type { Sql } from '@diamond/runtime/db'

interface Row {
  id: string
  lot_id: string
  price_cents: string
  created_at: Date
  withdrawn: boolean
  replaced: boolean
  stands: boolean
  high_bidder: string | null
  v_stn_id: string
  kind: BidKind
  crt: string
  rap_cents: string
  closed_at: Date | null
  winning_bid_id: string | null
  n: number
}

/**
 * The bidder's own bids (never anyone else's), newest first. What the bidder did next on the lot
 * says what became of each: a withdrawal withdrew it, a bid replaced it (a raise), nothing means it
 * stands (current). Read from the bidder's own log rows on each lot (the bidder index), so a hot
 * lot's other bids cost nothing.
 */
export async function myBids(sql: Sql, bidderId: string, q: BidPageRequest) {
  const params: unknown[] = [bidderId]
  const onLot = q.lotId ? `and lot_id = $${params.push(q.lotId)}` : ''
  const where = [`b.kind = 'bid'`]
  if (q.status === 1) where.push('l.closed_at is null')
  if (q.status === 2) where.push('l.winning_bid_id = b.id')
  if (q.status === 3) where.push('l.closed_at is not null and l.winning_bid_id is distinct from b.id')
  if (q.current) where.push('b.next_kind is null')
  const limit = q.limit ?? 50
  const offset = ((q.page ?? 1) - 1) * limit
  const rows = await sql.unsafe<Row[]>(
    `with mine as (
       select id, lot_id, seq, kind, price_cents, created_at, lead(kind) over (partition by lot_id order by seq) as next_kind
         from bidding.bids where bidder_id = $1 ${onLot}
     )
     select b.id, b.lot_id, b.price_cents, b.created_at,
            coalesce(b.next_kind = 'withdraw', false) as withdrawn, coalesce(b.next_kind = 'bid', false) as replaced,
            b.next_kind is null as stands, l.high_bidder, l.v_stn_id, l.kind, l.crt, l.rap_cents, l.closed_at, l.winning_bid_id, count(*) over ()::int as n
       from mine b join bidding.lots l on l.id = b.lot_id
      where ${where.join(' and ')}
      order by b.created_at desc, b.seq desc limit ${limit} offset ${offset}`,
    params as never[],
  )
  return {
    count: rows[0]?.n ?? 0,
    rows: rows.map((r) => ({
      lot: {
        id: r.lot_id,
        vStnId: r.v_stn_id,
        kind: r.kind,
        crt: Number(r.crt),
        rapCents: Number(r.rap_cents),
        closedAt: r.closed_at?.getTime() ?? null,
        winningBidId: r.winning_bid_id,
      },
      bid: {
        id: r.id,
        priceCents: Number(r.price_cents),
        at: r.created_at.getTime(),
        withdrawn: r.withdrawn,
        replaced: r.replaced,
      },
      /** stands: my last word on the lot; leads: the lot's high is mine (the service tells it for open kinds only). */
      stands: r.stands,
      leads: r.high_bidder === bidderId,
    })),
  }
}

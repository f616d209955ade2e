import type { BidKind, LotPageRequest } from '@diamond/contracts/http/bidding'
import type { Sql, Tx } from '@diamond/runtime/db'
import { findLots, type Lot } from '../engine/lots.repository'
import type { AuctionPlan } from './auctions.rules'

export interface BidStone {
  stone_id: string
  v_stn_id: string
  w_sts: string
  crt: string | null
  rap_cents: string | null
  amt_cents: string | null
  seller: string | null
}

/** The stones of a new auction as bidding's projection knows them, locked until the auction is stored. */
export async function stonesForBid(tx: Tx, ids: string[]): Promise<BidStone[]> {
  return tx<BidStone[]>`
    select stone_id, v_stn_id, w_sts, crt, rap_cents, amt_cents, seller from bidding.stone_status
     where stone_id = any(${ids}::uuid[]) for update`
}

export async function stonesInUnfinishedLots(tx: Tx | Sql, ids: string[]): Promise<string[]> {
  const rows = await tx<
    { stone_id: string }[]
  >`select stone_id from bidding.lots where stone_id = any(${ids}::uuid[]) and closed_at is null`
  return rows.map((r) => r.stone_id)
}

export async function insertAuction(
  tx: Tx,
  a: { id: string; plan: AuctionPlan; createdBy: string; demo: boolean },
  lots: { id: string; stone: BidStone; startCents: number; reserveCents: number | null; buyNowCents: number | null }[],
): Promise<void> {
  const p = a.plan
  const opens = new Date(p.opensAt)
  const closes = new Date(p.closesAt)
  await tx`insert into bidding.auctions (id, title, kind, opens_at, closes_at, created_by, demo)
           values (${a.id}, ${p.title}, ${p.kind}, ${opens}, ${closes}, ${a.createdBy}, ${a.demo})`
  const rows = lots.map((l) => ({
    id: l.id,
    auction_id: a.id,
    kind: p.kind,
    stone_id: l.stone.stone_id,
    v_stn_id: l.stone.v_stn_id,
    crt: l.stone.crt!,
    rap_cents: l.stone.rap_cents ?? '0',
    seller: l.stone.seller ?? '',
    opens_at: opens,
    scheduled_close: closes,
    closes_at: closes,
    start_cents: l.startCents,
    increment_cents: p.incrementCents,
    reserve_cents: l.reserveCents,
    buy_now_cents: l.buyNowCents,
    soft_window_s: p.soft?.windowSeconds ?? null,
    soft_extend_s: p.soft?.extendSeconds ?? null,
  }))
  await tx`insert into bidding.lots ${tx(rows as never)}`
}

/** A page of lots, newest closes last; `inCart` keeps the viewer's bid cart only. */
export async function pageLots(
  sql: Sql,
  viewerId: string,
  q: LotPageRequest,
  opts: { cartOnly?: boolean } = {},
): Promise<{ list: Lot[]; count: number }> {
  const where: string[] = ['true']
  const params: unknown[] = []
  const p = (v: unknown) => (params.push(v), `$${params.length}`)
  if (q.kind) where.push(`l.kind = ${p(q.kind)}`)
  if (q.auctionId) where.push(`l.auction_id = ${p(q.auctionId)}`)
  if (q.state === 'new') where.push('l.closed_at is null and l.opens_at > clock_timestamp()')
  if (q.state === 'open') where.push('l.closed_at is null and l.opens_at <= clock_timestamp()')
  if (q.state === 'won' || q.state === 'closed') where.push(`l.state = ${p(q.state)}`)
  if (q.unfinished) where.push('l.closed_at is null')
  if (q.inCart || opts.cartOnly)
    where.push(`exists (select 1 from bidding.bid_cart c where c.lot_id = l.id and c.user_id = ${p(viewerId)})`)
  const limit = q.limit ?? 50
  const offset = ((q.page ?? 1) - 1) * limit
  const cond = where.join(' and ')
  const [{ n }] = (await sql.unsafe(
    `select count(*)::int as n from bidding.lots l where ${cond}`,
    params as never[],
  )) as unknown as [{ n: number }]
  const list = await findLots(
    sql,
    cond,
    params,
    `order by (l.closed_at is null) desc, l.closes_at, l.id limit ${limit} offset ${offset}`,
  )
  return { list, count: n }
}

/** The viewer's standing bid per lot: their latest log entry, unless it is a withdrawal. */
export async function standingsOf(
  sql: Sql,
  bidderId: string,
  lotIds: string[],
): Promise<Map<string, { bidId: string; priceCents: number }>> {
  if (!lotIds.length) return new Map()
  const rows = await sql<{ lot_id: string; id: string; kind: string; price_cents: string | null }[]>`
    select distinct on (lot_id) lot_id, id, kind, price_cents from bidding.bids
     where bidder_id = ${bidderId} and lot_id = any(${lotIds}::uuid[]) order by lot_id, seq desc`
  return new Map(
    rows.filter((r) => r.kind === 'bid').map((r) => [r.lot_id, { bidId: r.id, priceCents: Number(r.price_cents) }]),
  )
}

/** Which of these lots are in the user's bid cart. */
export async function inCart(sql: Sql, userId: string, lotIds: string[]): Promise<Set<string>> {
  if (!lotIds.length) return new Set()
  const rows = await sql<
    { lot_id: string }[]
  >`select lot_id from bidding.bid_cart where user_id = ${userId} and lot_id = any(${lotIds}::uuid[])`
  return new Set(rows.map((r) => r.lot_id))
}

export async function addToCart(sql: Sql, userId: string, lotIds: string[]): Promise<number> {
  const rows = await sql`
    insert into bidding.bid_cart (user_id, lot_id)
    select ${userId}, id from bidding.lots where id = any(${lotIds}::uuid[])
    on conflict do nothing returning lot_id`
  return rows.length
}

export async function removeFromCart(sql: Sql, userId: string, lotIds: string[]): Promise<number> {
  const rows =
    await sql`delete from bidding.bid_cart where user_id = ${userId} and lot_id = any(${lotIds}::uuid[]) returning lot_id`
  return rows.length
}

export async function existingLots(sql: Sql, lotIds: string[]): Promise<Set<string>> {
  const rows = await sql<{ id: string }[]>`select id from bidding.lots where id = any(${lotIds}::uuid[])`
  return new Set(rows.map((r) => r.id))
}

export async function auctionExists(sql: Sql | Tx, id: string): Promise<boolean> {
  return (await sql`select 1 from bidding.auctions where id = ${id}`).length > 0
}

/** Stones a new auction may take: a status of `statuses`, their facts known, in no unfinished lot. By stone id. */
export async function freeStones(
  sql: Sql,
  statuses: readonly string[],
  search: string | null,
  limit: number,
  offset: number,
): Promise<{ list: BidStone[]; count: number }> {
  const prefix = search ? sql`and starts_with(upper(s.v_stn_id), ${search.toUpperCase()})` : sql``
  const cond = sql`s.w_sts = any(${statuses as string[]}::text[]) and s.crt is not null ${prefix}
    and not exists (select 1 from bidding.lots l where l.stone_id = s.stone_id and l.closed_at is null)`
  const [list, [counted]] = await Promise.all([
    sql<
      BidStone[]
    >`select s.stone_id, s.v_stn_id, s.w_sts, s.crt, s.rap_cents, s.amt_cents, s.seller from bidding.stone_status s
                     where ${cond} order by s.v_stn_id limit ${limit} offset ${offset}`,
    sql<[{ n: number }]>`select count(*)::int as n from bidding.stone_status s where ${cond}`,
  ])
  return { list, count: counted!.n }
}

export interface AuctionRow {
  id: string
  title: string
  kind: BidKind
  opens_at: Date
  closes_at: Date
  created_at: Date
  lots: number
  unfinished: number
  sold: number
  withdrawn: number
  bids: number
}

/** The auctions, newest first, each with its lots counted. */
export async function pageAuctions(
  sql: Sql,
  limit: number,
  offset: number,
): Promise<{ list: AuctionRow[]; count: number }> {
  const [list, [counted]] = await Promise.all([
    sql<AuctionRow[]>`
      select a.id, a.title, a.kind, a.opens_at, a.created_at, x.closes_at, x.lots, x.unfinished, x.sold, x.withdrawn, x.bids
        from bidding.auctions a
        cross join lateral (
          select max(l.closes_at) as closes_at, count(*)::int as lots, count(*) filter (where l.closed_at is null)::int as unfinished,
                 count(*) filter (where l.state = 'won')::int as sold,
                 count(*) filter (where l.state = 'withdrawn')::int as withdrawn, coalesce(sum(l.bid_count), 0)::int as bids
            from bidding.lots l where l.auction_id = a.id) x
       order by a.created_at desc, a.id limit ${limit} offset ${offset}`,
    sql<[{ n: number }]>`select count(*)::int as n from bidding.auctions`,
  ])
  return { list, count: counted!.n }
}

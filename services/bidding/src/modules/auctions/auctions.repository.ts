import { and, asc, count, desc, eq, exists, isNotNull, isNull, notExists, sql, type SQL } from 'drizzle-orm'
import type { LotPageRequest } from '@diamond/contracts/http/bidding'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf, fields, name, query } from '@diamond/runtime/statements'
import { findLots, type Lot } from '../engine/lots.repository'
import { bids } from '../engine/engine.schema'
import { stoneStatus } from '../stones/stones.schema'
import type { AuctionPlan } from './auctions.rules'
import { auctions, bidCart, lots } from './auctions.schema'

const BID_STONE = {
  stoneId: stoneStatus.stoneId,
  vStnId: stoneStatus.vStnId,
  wSts: stoneStatus.wSts,
  crt: stoneStatus.crt,
  rapCents: stoneStatus.rapCents,
  amtCents: stoneStatus.amtCents,
  seller: stoneStatus.seller,
  shape: stoneStatus.shape,
  color: stoneStatus.color,
  clarity: stoneStatus.clarity,
}
/** A stone as a new auction takes it: its status and the facts bidding learnt of it. */
export type BidStone = Pick<typeof stoneStatus.$inferSelect, keyof typeof BID_STONE>

/** The stones of a new auction as bidding's projection knows them, locked until the auction is stored. */
export async function stonesForBid(tx: Tx, ids: string[]): Promise<BidStone[]> {
  return orm(tx).select(BID_STONE).from(stoneStatus).where(anyOf(stoneStatus.stoneId, ids)).for('update')
}

export async function stonesInUnfinishedLots(client: Tx | Sql, ids: string[]): Promise<string[]> {
  const rows = await orm(client)
    .select({ stoneId: lots.stoneId })
    .from(lots)
    .where(and(anyOf(lots.stoneId, ids), isNull(lots.closedAt)))
  return rows.map((r) => r.stoneId)
}

export async function insertAuction(
  tx: Tx,
  a: { id: string; plan: AuctionPlan; createdBy: string; demo: boolean },
  lotList: {
    id: string
    stone: BidStone
    startCents: number
    reserveCents: number | null
    buyNowCents: number | null
  }[],
): Promise<void> {
  const p = a.plan
  const opensAt = new Date(p.opensAt)
  const closesAt = new Date(p.closesAt)
  const db = orm(tx)
  await db
    .insert(auctions)
    .values({ id: a.id, title: p.title, kind: p.kind, opensAt, closesAt, createdBy: a.createdBy, demo: a.demo })
  await db.insert(lots).values(
    lotList.map((l) => ({
      id: l.id,
      auctionId: a.id,
      kind: p.kind,
      stoneId: l.stone.stoneId,
      vStnId: l.stone.vStnId,
      crt: l.stone.crt!,
      rapCents: l.stone.rapCents ?? 0,
      seller: l.stone.seller ?? '',
      shape: l.stone.shape ?? '',
      color: l.stone.color ?? '',
      clarity: l.stone.clarity ?? '',
      opensAt,
      scheduledClose: closesAt,
      closesAt,
      startCents: l.startCents,
      incrementCents: p.incrementCents,
      reserveCents: l.reserveCents,
      buyNowCents: l.buyNowCents,
      softWindowS: p.soft?.windowSeconds ?? null,
      softExtendS: p.soft?.extendSeconds ?? null,
    })),
  )
}

/** An auction's lots, by stone number. */
export const lotsOfAuction = (client: Sql | Tx, auctionId: string) =>
  findLots(client, eq(lots.auctionId, auctionId), [asc(lots.vStnId)])

/** The lots not yet closed, soonest close first. */
export const unfinishedLots = (client: Sql | Tx, limit: number) =>
  findLots(client, isNull(lots.closedAt), [asc(lots.closesAt), asc(lots.id)], { limit })

/** A page of lots, newest closes last; `inCart` keeps the viewer's bid cart only. */
export async function pageLots(
  client: Sql,
  viewerId: string,
  q: LotPageRequest,
  opts: { cartOnly?: boolean } = {},
): Promise<{ list: Lot[]; count: number }> {
  const db = orm(client)
  const where: SQL[] = []
  if (q.kind) where.push(eq(lots.kind, q.kind))
  if (q.auctionId) where.push(eq(lots.auctionId, q.auctionId))
  if (q.state === 'new') where.push(isNull(lots.closedAt), sql`${lots.opensAt} > clock_timestamp()`)
  if (q.state === 'open') where.push(isNull(lots.closedAt), sql`${lots.opensAt} <= clock_timestamp()`)
  if (q.state === 'won' || q.state === 'closed') where.push(eq(lots.state, q.state))
  if (q.unfinished) where.push(isNull(lots.closedAt))
  if (q.inCart || opts.cartOnly) {
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(bidCart)
          .where(and(eq(bidCart.lotId, lots.id), eq(bidCart.userId, viewerId))),
      ),
    )
  }
  const limit = q.limit ?? 50
  const cond = and(...where)
  const [[counted], list] = await Promise.all([
    db.select({ n: count() }).from(lots).where(cond),
    findLots(client, cond, [sql`(${lots.closedAt} is null) desc`, asc(lots.closesAt), asc(lots.id)], {
      limit,
      offset: ((q.page ?? 1) - 1) * limit,
    }),
  ])
  return { list, count: counted!.n }
}

/** The viewer's standing bid per lot: their latest log entry, unless it is a withdrawal. */
export async function standingsOf(
  client: Sql,
  bidderId: string,
  lotIds: string[],
): Promise<Map<string, { bidId: string; priceCents: number }>> {
  if (!lotIds.length) return new Map()
  const rows = await orm(client)
    .selectDistinctOn([bids.lotId], { lotId: bids.lotId, id: bids.id, kind: bids.kind, priceCents: bids.priceCents })
    .from(bids)
    .where(and(eq(bids.bidderId, bidderId), anyOf(bids.lotId, lotIds)))
    .orderBy(bids.lotId, desc(bids.seq))
  return new Map(rows.filter((r) => r.kind === 'bid').map((r) => [r.lotId, { bidId: r.id, priceCents: r.priceCents! }]))
}

/** Which of these lots are in the user's bid cart. */
export async function inCart(client: Sql, userId: string, lotIds: string[]): Promise<Set<string>> {
  if (!lotIds.length) return new Set()
  const rows = await orm(client)
    .select({ lotId: bidCart.lotId })
    .from(bidCart)
    .where(and(eq(bidCart.userId, userId), anyOf(bidCart.lotId, lotIds)))
  return new Set(rows.map((r) => r.lotId))
}

/** Puts the lots that exist into the user's cart (a lot there already stays); answers how many went in. */
export async function addToCart(client: Sql, userId: string, lotIds: string[]): Promise<number> {
  const rows = await query(
    client,
    sql`insert into ${bidCart} (${name(bidCart.userId)}, ${name(bidCart.lotId)})
        select ${userId}, ${lots.id} from ${lots} where ${anyOf(lots.id, lotIds)}
        on conflict do nothing returning ${name(bidCart.lotId)}`,
  )
  return rows.length
}

export async function removeFromCart(client: Sql, userId: string, lotIds: string[]): Promise<number> {
  const rows = await orm(client)
    .delete(bidCart)
    .where(and(eq(bidCart.userId, userId), anyOf(bidCart.lotId, lotIds)))
    .returning({ lotId: bidCart.lotId })
  return rows.length
}

export async function existingLots(client: Sql, lotIds: string[]): Promise<Set<string>> {
  const rows = await orm(client).select({ id: lots.id }).from(lots).where(anyOf(lots.id, lotIds))
  return new Set(rows.map((r) => r.id))
}

export async function auctionExists(client: Sql | Tx, id: string): Promise<boolean> {
  return (await orm(client).select({ id: auctions.id }).from(auctions).where(eq(auctions.id, id))).length > 0
}

/** Stones a new auction may take: a status of `statuses`, their facts known, in no unfinished lot. By stone number. */
export async function freeStones(
  client: Sql,
  statuses: readonly string[],
  search: string | null,
  limit: number,
  offset: number,
): Promise<{ list: BidStone[]; count: number }> {
  const db = orm(client)
  const cond = and(
    anyOf(stoneStatus.wSts, statuses),
    isNotNull(stoneStatus.crt),
    search ? sql`starts_with(upper(${stoneStatus.vStnId}), ${search.toUpperCase()})` : undefined,
    notExists(
      db
        .select({ one: sql`1` })
        .from(lots)
        .where(and(eq(lots.stoneId, stoneStatus.stoneId), isNull(lots.closedAt))),
    ),
  )
  const [list, [counted]] = await Promise.all([
    db.select(BID_STONE).from(stoneStatus).where(cond).orderBy(stoneStatus.vStnId).limit(limit).offset(offset),
    db.select({ n: count() }).from(stoneStatus).where(cond),
  ])
  return { list, count: counted!.n }
}

/** An auction as staff list it: its close is its lots' latest, its lots counted. */
export type AuctionRow = Pick<
  typeof auctions.$inferSelect,
  'id' | 'title' | 'kind' | 'opensAt' | 'closesAt' | 'createdAt'
> & {
  lots: number
  unfinished: number
  sold: number
  withdrawn: number
  bids: number
}

/** The auctions, newest first, each with its lots counted. */
export async function pageAuctions(
  client: Sql,
  limit: number,
  offset: number,
): Promise<{ list: AuctionRow[]; count: number }> {
  const [list, n] = await Promise.all([
    query<AuctionRow>(
      client,
      sql`
      select ${fields(auctions, ['id', 'title', 'kind', 'opensAt', 'createdAt'])}, x."closesAt", x.lots, x.unfinished, x.sold, x.withdrawn, x.bids
        from ${auctions}
        cross join lateral (
          select max(${lots.closesAt}) as "closesAt", count(*)::int as lots, count(*) filter (where ${lots.closedAt} is null)::int as unfinished,
                 count(*) filter (where ${lots.state} = 'won')::int as sold,
                 count(*) filter (where ${lots.state} = 'withdrawn')::int as withdrawn, coalesce(sum(${lots.bidCount}), 0)::int as bids
            from ${lots} where ${lots.auctionId} = ${auctions.id}) x
       order by ${auctions.createdAt} desc, ${auctions.id} limit ${limit} offset ${offset}`,
    ),
    orm(client).$count(auctions),
  ])
  return { list, count: n }
}

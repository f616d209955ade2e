import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { name, query } from '@diamond/runtime/statements'
import { searchHits, stoneHits } from '../dashboard/dashboard.schema'
import { stones } from '../stones/stones.schema'

export { countHits } from '../dashboard/projections.repository'

export async function countSearches(tx: Tx, hits: readonly { userId: string; n: number }[]): Promise<void> {
  if (!hits.length) return
  const h = searchHits
  await query(
    tx,
    sql`insert into ${h} (${name(h.userId)}, ${name(h.day)}, ${name(h.searches)})
        select k.id, current_date, k.n from unnest(${sql.param(hits.map((x) => x.userId))}::uuid[],
          ${sql.param(hits.map((x) => x.n))}::int[]) as k(id, n)
        on conflict (${name(h.userId)}, ${name(h.day)}) do update set ${name(h.searches)} = ${h.searches} + excluded.searches`,
  )
}

export async function stoneSeller(c: Sql, stoneId: string): Promise<{ sellerCompanyId: string | null } | null> {
  const [row] = await orm(c)
    .select({ sellerCompanyId: stones.sellerCompanyId })
    .from(stones)
    .where(eq(stones.id, stoneId))
  return row ?? null
}

export interface HitScope {
  sellerCompanyId: string | null
  stoneId?: string
  from?: string
  to?: string
}

/** A page of stone × day counters, newest day first, with the count and totals of all that match. */
export async function pageHits(c: Sql, scope: HitScope, limit: number, offset: number) {
  const where: SQL[] = []
  if (scope.sellerCompanyId) where.push(eq(stones.sellerCompanyId, scope.sellerCompanyId))
  if (scope.stoneId) where.push(eq(stoneHits.stoneId, scope.stoneId))
  if (scope.from) where.push(gte(stoneHits.day, scope.from))
  if (scope.to) where.push(lte(stoneHits.day, scope.to))
  const filter = where.length ? and(...where) : undefined
  // The rows and their totals from one snapshot: read apart, a flush committing between them gave
  // totals that counted views the page did not show.
  const [rows, [totals]] = await c.begin('isolation level repeatable read read only', (tx) => {
    const db = orm(tx)
    return Promise.all([
      db
        .select({
          day: stoneHits.day,
          stoneId: stoneHits.stoneId,
          vStnId: stones.vStnId,
          views: stoneHits.views,
          holds: stoneHits.holds,
          bids: stoneHits.bids,
        })
        .from(stoneHits)
        .innerJoin(stones, eq(stones.id, stoneHits.stoneId))
        .where(filter)
        .orderBy(desc(stoneHits.day), stones.vStnId)
        .limit(limit)
        .offset(offset),
      db
        .select({
          count: count(),
          views: sql<number>`coalesce(sum(${stoneHits.views}), 0)::int`,
          holds: sql<number>`coalesce(sum(${stoneHits.holds}), 0)::int`,
          bids: sql<number>`coalesce(sum(${stoneHits.bids}), 0)::int`,
        })
        .from(stoneHits)
        .innerJoin(stones, eq(stones.id, stoneHits.stoneId))
        .where(filter),
    ])
  })
  return { rows, totals: totals ?? { count: 0, views: 0, holds: 0, bids: 0 } }
}

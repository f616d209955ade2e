import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { query } from '@diamond/runtime/statements'
import { indexSources } from '../search/search.repository'
import type { IndexSource } from '../search/stone-index'
import { demandMatches, demands, type Demand } from './demands.schema'

/** A demand as its owner sees it (the coarse bounds are the matcher's own). */
export type DemandRecord = Omit<Demand, 'shapes' | 'crtMin' | 'crtMax'>

export type DemandBounds = Pick<Demand, 'shapes' | 'crtMin' | 'crtMax'>

const { shapes: _shapes, crtMin: _crtMin, crtMax: _crtMax, ...DEMAND } = getTableColumns(demands)
const own = (userId: string, id: string) => and(eq(demands.id, id), eq(demands.userId, userId))

/** The database clock (every date rule reads it, so instances agree on "today"). */
export async function dbNow(client: Sql | Tx): Promise<Date> {
  const [row] = await query<{ now: Date }>(client, sql`select now() as now`)
  return row!.now
}

/** One user's demands change one at a time (the limit counts them first). */
export async function lockDemandsOf(tx: Tx, userId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext(${'demands:' + userId}))`
}

export async function pageDemands(client: Sql, userId: string, limit: number, offset: number) {
  const db = orm(client)
  const [rows, count] = await Promise.all([
    db
      .select(DEMAND)
      .from(demands)
      .where(eq(demands.userId, userId))
      .orderBy(desc(demands.createdAt), demands.id)
      .limit(limit)
      .offset(offset),
    db.$count(demands, eq(demands.userId, userId)),
  ])
  return { rows, count }
}

/** One of the user's demands; someone else's is as absent as a missing one. */
export async function findDemand(client: Sql | Tx, userId: string, id: string): Promise<DemandRecord | null> {
  const [row] = await orm(client).select(DEMAND).from(demands).where(own(userId, id))
  return row ?? null
}

export async function countDemands(tx: Tx, userId: string): Promise<number> {
  return orm(tx).$count(demands, eq(demands.userId, userId))
}

export async function insertDemand(
  tx: Tx,
  d: {
    userId: string
    ownerName: string
    title: string
    description: string
    tillDate: string
    filter: StoneFilter
    bounds: DemandBounds
  },
): Promise<DemandRecord> {
  const { userId, ownerName, title, description, tillDate, filter, bounds } = d
  const [row] = await orm(tx)
    .insert(demands)
    .values({ userId, ownerName, title, description, tillDate, filter, ...bounds })
    .returning(DEMAND)
  return row!
}

/**
 * Changes an active demand of the user; a closed or won one is left as it is (null). Fields not
 * given keep their value; a status ends the demand.
 */
export async function updateDemand(
  client: Sql | Tx,
  userId: string,
  id: string,
  c: {
    title?: string
    description?: string
    tillDate?: string
    filter?: StoneFilter
    bounds?: DemandBounds
    status?: 'closed' | 'won'
  },
): Promise<DemandRecord | null> {
  const [row] = await orm(client)
    .update(demands)
    .set({
      title: c.title,
      description: c.description,
      tillDate: c.tillDate,
      filter: c.filter,
      ...c.bounds,
      status: c.status,
      closedAt: c.status === undefined ? undefined : sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(own(userId, id), eq(demands.status, 'active')))
    .returning(DEMAND)
  return row ?? null
}

export async function deleteDemand(client: Sql, userId: string, id: string): Promise<boolean> {
  const rows = await orm(client).delete(demands).where(own(userId, id)).returning({ id: demands.id })
  return rows.length > 0
}

/** These stones as the index reads them (the matching reads the committed row, not the event). */
export async function stonesForIndex(tx: Tx, stoneIds: readonly string[]): Promise<IndexSource[]> {
  return stoneIds.length ? indexSources(tx, stoneIds) : []
}

/** A demand that may want a stone (`stoneId`), before its filter is tested. */
export type CandidateDemand = Pick<Demand, 'id' | 'userId' | 'title' | 'filter'> & { stoneId: string }

/**
 * For each of these stones, the active demands, still within their till date, that could want a
 * stone of its shape and carat and have not been told of it yet: one statement for a batch of
 * stones (an upload's 100,000 arrivals come 500 at a time). The exact test of each filter follows in
 * memory.
 */
export async function candidateDemands(
  tx: Tx,
  list: readonly { id: string; shape: string; carat: string | number }[],
): Promise<CandidateDemand[]> {
  if (!list.length) return []
  const d = demands
  return query<CandidateDemand>(
    tx,
    sql`
    select s.stone_id as "stoneId", ${d.id} as id, ${d.userId} as "userId", ${d.title} as title, ${d.filter} as filter
      from unnest(${sql.param(list.map((x) => x.id))}::uuid[], ${sql.param(list.map((x) => x.shape))}::text[],
                  ${sql.param(list.map((x) => String(x.carat)))}::numeric[]) as s(stone_id, shape, carat)
      join ${d} on ${d.status} = 'active'
       and ${d.tillDate} >= (now() at time zone 'Asia/Kolkata')::date
       and (${d.shapes} is null or s.shape = any(${d.shapes}))
       and (${d.crtMin} is null or ${d.crtMin} <= s.carat)
       and (${d.crtMax} is null or ${d.crtMax} >= s.carat)
     where not exists (select 1 from ${demandMatches} where ${demandMatches.demandId} = ${d.id} and ${demandMatches.stoneId} = s.stone_id)`,
  )
}

/** Records the demands told of these stones; answers the pairs recorded now (not already there). */
export async function recordMatches(
  tx: Tx,
  pairs: readonly { demandId: string; stoneId: string }[],
): Promise<{ demandId: string; stoneId: string }[]> {
  if (!pairs.length) return []
  return orm(tx)
    .insert(demandMatches)
    .values([...pairs])
    .onConflictDoNothing()
    .returning({ demandId: demandMatches.demandId, stoneId: demandMatches.stoneId })
}

import type { StoneFilter } from '@diamond/contracts/http/stock'
import type { DemandStatus } from '@diamond/contracts/http/demands.values'
import type { Sql, Tx } from '@diamond/runtime/db'
import { INDEX_COLUMNS, type IndexSource } from '../search/stone-index'

export interface DemandRecord {
  id: string
  user_id: string
  title: string
  description: string
  /** YYYY-MM-DD (read as text: a date has no time zone to shift it). */
  till_date: string
  filter: StoneFilter
  status: DemandStatus
  created_at: Date
  updated_at: Date
  closed_at: Date | null
}

export interface DemandBounds {
  shapes: string[] | null
  crtMin: number | null
  crtMax: number | null
}

const COLUMNS = 'id, user_id, title, description, till_date::text as till_date, filter, status, created_at, updated_at, closed_at'

/** The database clock (every date rule reads it, so instances agree on "today"). */
export async function dbNow(sql: Sql | Tx): Promise<Date> {
  const [row] = await sql<{ now: Date }[]>`select now() as now`
  return row!.now
}

export async function pageDemands(sql: Sql, userId: string, limit: number, offset: number) {
  const [rows, [counted]] = await Promise.all([
    sql<DemandRecord[]>`
      select ${sql.unsafe(COLUMNS)} from stock.demands where user_id = ${userId}
       order by created_at desc, id limit ${limit} offset ${offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from stock.demands where user_id = ${userId}`,
  ])
  return { rows, count: counted?.n ?? 0 }
}

/** One of the user's demands; someone else's is as absent as a missing one. */
export async function findDemand(sql: Sql | Tx, userId: string, id: string): Promise<DemandRecord | null> {
  const [row] = await sql<DemandRecord[]>`select ${sql.unsafe(COLUMNS)} from stock.demands where id = ${id} and user_id = ${userId}`
  return row ?? null
}

export async function countDemands(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx<{ n: number }[]>`select count(*)::int as n from stock.demands where user_id = ${userId}`
  return row?.n ?? 0
}

export async function insertDemand(
  tx: Tx,
  d: { userId: string; title: string; description: string; tillDate: string; filter: StoneFilter; bounds: DemandBounds },
): Promise<DemandRecord> {
  const [row] = await tx<DemandRecord[]>`
    insert into stock.demands (user_id, title, description, till_date, filter, shapes, crt_min, crt_max)
    values (${d.userId}, ${d.title}, ${d.description}, ${d.tillDate}::date, ${tx.json(d.filter as never)},
            ${d.bounds.shapes}::text[], ${d.bounds.crtMin}::numeric, ${d.bounds.crtMax}::numeric)
    returning ${tx.unsafe(COLUMNS)}`
  return row!
}

/**
 * Changes an active demand of the user; a closed or won one is left as it is (null). Fields not
 * given keep their value; a status ends the demand.
 */
export async function updateDemand(
  sql: Sql | Tx,
  userId: string,
  id: string,
  c: { title?: string; description?: string; tillDate?: string; filter?: StoneFilter; bounds?: DemandBounds; status?: 'closed' | 'won' },
): Promise<DemandRecord | null> {
  const filter = c.filter === undefined ? null : sql.json(c.filter as never)
  const [row] = await sql<DemandRecord[]>`
    update stock.demands
       set title = coalesce(${c.title ?? null}, title),
           description = coalesce(${c.description ?? null}, description),
           till_date = coalesce(${c.tillDate ?? null}::date, till_date),
           filter = coalesce(${filter}::jsonb, filter),
           shapes = case when ${c.bounds !== undefined} then ${c.bounds?.shapes ?? null}::text[] else shapes end,
           crt_min = case when ${c.bounds !== undefined} then ${c.bounds?.crtMin ?? null}::numeric else crt_min end,
           crt_max = case when ${c.bounds !== undefined} then ${c.bounds?.crtMax ?? null}::numeric else crt_max end,
           status = coalesce(${c.status ?? null}, status),
           closed_at = case when ${c.status ?? null}::text is not null then now() else closed_at end,
           updated_at = now()
     where id = ${id} and user_id = ${userId} and status = 'active'
    returning ${sql.unsafe(COLUMNS)}`
  return row ?? null
}

export async function deleteDemand(sql: Sql, userId: string, id: string): Promise<boolean> {
  const rows = await sql`delete from stock.demands where id = ${id} and user_id = ${userId} returning id`
  return rows.length > 0
}

/** A stone as the search index reads it, from the source of truth. */
export async function stoneForIndex(tx: Tx, stoneId: string): Promise<IndexSource | null> {
  const [row] = await tx<IndexSource[]>`select ${tx([...INDEX_COLUMNS, 'status_version'])} from stock.stones where id = ${stoneId}`
  return row ?? null
}

/**
 * Active demands, still within their till date, that could want a stone of this shape and carat
 * and have not been told of it yet. The exact test of each filter follows in memory.
 */
export async function candidateDemands(tx: Tx, stone: { id: string; shape: string; carat: string | number }) {
  return tx<{ id: string; user_id: string; title: string; filter: StoneFilter }[]>`
    select d.id, d.user_id, d.title, d.filter
      from stock.demands d
     where d.status = 'active'
       and d.till_date >= (now() at time zone 'Asia/Kolkata')::date
       and (d.shapes is null or ${stone.shape} = any(d.shapes))
       and (d.crt_min is null or d.crt_min <= ${stone.carat}::numeric)
       and (d.crt_max is null or d.crt_max >= ${stone.carat}::numeric)
       and not exists (select 1 from stock.demand_matches m where m.demand_id = d.id and m.stone_id = ${stone.id})`
}

/** Records the demands told of this stone; answers those recorded now (not already there). */
export async function recordMatches(tx: Tx, stoneId: string, demandIds: readonly string[]): Promise<string[]> {
  if (!demandIds.length) return []
  const rows = await tx<{ demand_id: string }[]>`
    insert into stock.demand_matches (demand_id, stone_id)
    select unnest(${demandIds as string[]}::uuid[]), ${stoneId}
    on conflict do nothing
    returning demand_id`
  return rows.map((r) => r.demand_id)
}

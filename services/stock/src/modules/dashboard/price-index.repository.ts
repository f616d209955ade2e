import { sql } from 'drizzle-orm'
import { SIZE_BRACKET_BOUNDS } from '@diamond/contracts/http/dashboard.values'
import type { Sql, Tx } from '@diamond/runtime/db'
import { anyOf, fields, name, query } from '@diamond/runtime/statements'
import { stones } from '../stones/stones.schema'
import { OUT_OF_INDEX_W_STS, type DayRow, type Delta, type Share } from './dashboard.rules'
import { marketDays, priceIndexDays, priceIndexStones } from './dashboard.schema'

const SHARE = fields(priceIndexStones, ['shape', 'bracket', 'ppcCents', 'back'])
const BOUNDS = sql`${sql.param(SIZE_BRACKET_BOUNDS.map(String))}::numeric[]`
const OUT = sql`${sql.param([...OUT_OF_INDEX_W_STS])}::text[]`

/** These stones' shares as last counted, taken out (each stone's row is locked by the delete). */
export function takeShares(tx: Tx, ids: readonly string[]): Promise<Share[]> {
  return query<Share>(
    tx,
    sql`delete from ${priceIndexStones} where ${anyOf(priceIndexStones.stoneId, ids)} returning ${SHARE}`,
  )
}

/** These stones' shares now, from their rows (none for a stone out of the market), counted again. */
export function putShares(tx: Tx, ids: readonly string[]): Promise<Share[]> {
  return query<Share>(
    tx,
    sql`
    insert into ${priceIndexStones} (${name(priceIndexStones.stoneId)}, ${name(priceIndexStones.shape)},
      ${name(priceIndexStones.bracket)}, ${name(priceIndexStones.ppcCents)}, ${name(priceIndexStones.back)})
    select ${stones.id}, ${stones.shape}, width_bucket(${stones.carat}, ${BOUNDS}), ${stones.ctprCents},
           case when ${stones.rapCents} > 0 then ${stones.back} end
      from ${stones}
     where ${anyOf(stones.id, ids)} and ${stones.wSts} <> all(${OUT})
    on conflict (${name(priceIndexStones.stoneId)}) do nothing
    returning ${SHARE}`,
  )
}

/**
 * Today's sums move by the deltas: a key without a row today starts from its latest earlier day's
 * (or nothing), then every key adds its delta. The update takes the rows' locks, so concurrent
 * consumers add in turn.
 */
export async function applyDeltas(tx: Tx, deltas: readonly Delta[]): Promise<void> {
  if (!deltas.length) return
  const shapes = sql.param(deltas.map((d) => d.shape))
  const brackets = sql.param(deltas.map((d) => d.bracket))
  const d = priceIndexDays
  await query(
    tx,
    sql`
    insert into ${d} (${name(d.day)}, ${name(d.shape)}, ${name(d.bracket)}, ${name(d.stones)}, ${name(d.ppcSum)},
      ${name(d.rapStones)}, ${name(d.backSum)})
    select current_date, k.shape, k.bracket, coalesce(p.stones, 0), coalesce(p.ppc_sum, 0), coalesce(p.rap_stones, 0),
           coalesce(p.back_sum, 0)
      from unnest(${shapes}::text[], ${brackets}::int2[]) as k(shape, bracket)
      left join lateral (
        select x.stones, x.ppc_sum, x.rap_stones, x.back_sum from ${d} x
         where x.shape = k.shape and x.bracket = k.bracket and x.day < current_date
         order by x.day desc limit 1) p on true
    on conflict do nothing`,
  )
  await query(
    tx,
    sql`
    update ${d} set ${name(d.stones)} = ${d.stones} + k.stones, ${name(d.ppcSum)} = ${d.ppcSum} + k.ppc,
      ${name(d.rapStones)} = ${d.rapStones} + k.rap, ${name(d.backSum)} = ${d.backSum} + k.back100 / 100
      from unnest(${shapes}::text[], ${brackets}::int2[], ${sql.param(deltas.map((x) => x.stones))}::int[],
                  ${sql.param(deltas.map((x) => String(x.ppcCents)))}::numeric[],
                  ${sql.param(deltas.map((x) => x.rapStones))}::int[],
                  ${sql.param(deltas.map((x) => String(x.back100)))}::numeric[]) as k(shape, bracket, stones, ppc, rap, back100)
     where ${d.day} = current_date and ${d.shape} = k.shape and ${d.bracket} = k.bracket`,
  )
}

/** The market's day counters move (arrivals, sales) by the events of a batch. */
export async function countMarket(tx: Tx, arrived: number, sold: number): Promise<void> {
  if (!arrived && !sold) return
  await query(
    tx,
    sql`insert into ${marketDays} (${name(marketDays.day)}, ${name(marketDays.arrived)}, ${name(marketDays.sold)})
        values (current_date, ${arrived}, ${sold})
        on conflict (${name(marketDays.day)}) do update
          set ${name(marketDays.arrived)} = ${marketDays.arrived} + excluded.arrived,
              ${name(marketDays.sold)} = ${marketDays.sold} + excluded.sold`,
  )
}

/**
 * The day rows the index and its series need: every row of the last `days` days and, per key, the
 * latest row before them (the state the window starts from). A small table: shapes × brackets × days.
 */
export function readDays(client: Sql, days: number): Promise<DayRow[]> {
  const d = priceIndexDays
  return query<DayRow>(
    client,
    sql`
    select to_char(x.day, 'YYYY-MM-DD') as day, x.shape, x.bracket, x.stones, x.ppc_sum::float8 as "ppcSum",
           x.rap_stones as "rapStones", x.back_sum::float8 as "backSum"
      from ${d} x where x.day > current_date - ${days}::int
    union all
    (select distinct on (x.shape, x.bracket) to_char(x.day, 'YYYY-MM-DD'), x.shape, x.bracket, x.stones,
           x.ppc_sum::float8, x.rap_stones, x.back_sum::float8
      from ${d} x where x.day <= current_date - ${days}::int
     order by x.shape, x.bracket, x.day desc)`,
  )
}

/** Whether the index was ever built (a fresh install builds it once from the stones). */
export async function built(client: Sql): Promise<boolean> {
  const [row] = await query<{ any: boolean }>(
    client,
    sql`select exists (select 1 from ${priceIndexStones}) or exists (select 1 from ${priceIndexDays}) as any`,
  )
  return !!row?.any
}

/** Every stone id, in slices (the one-time build at a fresh install reads them to count them in). */
export function allStoneIds(client: Sql, after: string | null, limit: number): Promise<{ id: string }[]> {
  return query<{ id: string }>(
    client,
    sql`select ${stones.id} as id from ${stones} ${after ? sql`where ${stones.id} > ${after}` : sql``} order by ${stones.id} limit ${limit}`,
  )
}

/** The market's counters: stones sold this week (7 days with today) and arrivals today. */
export async function marketCounts(client: Sql): Promise<{ arrivalsToday: number; soldThisWeek: number }> {
  const [row] = await query<{ arrivalsToday: number; soldThisWeek: number }>(
    client,
    sql`select coalesce(sum(${marketDays.arrived}) filter (where ${marketDays.day} = current_date), 0)::int as "arrivalsToday",
               coalesce(sum(${marketDays.sold}), 0)::int as "soldThisWeek"
          from ${marketDays} where ${marketDays.day} > current_date - 7`,
  )
  return row ?? { arrivalsToday: 0, soldThisWeek: 0 }
}

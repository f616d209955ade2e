import { sql, type SQL } from 'drizzle-orm'
import { GONE_W_STS } from '@diamond/contracts/events/stock'
import type { SellerStoneStatus } from '@diamond/contracts/http/inventory'
import type { Sql, Tx } from '@diamond/runtime/db'
import { anyOf, fields, name, query } from '@diamond/runtime/statements'
import { NO_HOLD, STATUS } from '../stones/stones.repository'
import { stones, type Stone } from '../stones/stones.schema'
import { PROTECTED_W_STS, type PricedDraft } from './inventory.diff'
import { DRAFT_COLUMNS, type ChangedStone } from './inventory.repository'

/** Manage diamonds: the seller's stones (removed ones are gone from its list). */

/** The SQL twin of `sellerStoneStatus` (inventory.diff.ts), for filters and counts. */
const STATUS_CASE = sql`case
  when ${stones.bidLotId} is not null or ${stones.wSts} = 'B' then 'auction'
  when ${stones.wSts} = ${GONE_W_STS.expired} then 'expired'
  when ${stones.inOrder} or ${stones.wSts} in ('C', 'X') then 'sold'
  when ${stones.wSts} = 'H' then 'held'
  when ${stones.wSts} in ('M', 'D') then 'memo'
  when ${stones.listedUntil} <= now() + interval '1 day' then 'expiring'
  else 'listed' end`

export const SELLER_STONE_COLUMNS = [
  'id',
  'vStnId',
  'stoneId',
  'certNo',
  'lab',
  'shape',
  'carat',
  'color',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'back',
  'amtCents',
  'ctprCents',
  'wSts',
  'inOrder',
  'bidLotId',
  'listedUntil',
  'updatedAt',
] as const
export type SellerStoneRow = Pick<Stone, (typeof SELLER_STONE_COLUMNS)[number]>

export async function pageSellerStones(
  client: Sql | Tx,
  seller: string,
  req: { status?: SellerStoneStatus; search?: string; page: number; limit: number },
): Promise<{ list: SellerStoneRow[]; count: number; counts: Record<string, number> }> {
  const base = sql`${stones.sellerCompanyId} = ${seller} and ${stones.wSts} <> ${GONE_W_STS.removed}`
  const conditions: SQL[] = [base]
  if (req.status) conditions.push(sql`${STATUS_CASE} = ${req.status}`)
  if (req.search) {
    const like = `${req.search.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conditions.push(
      sql`(upper(${stones.stoneId}) like ${like} or upper(${stones.vStnId}) like ${like} or ${stones.certNo} like ${like})`,
    )
  }
  const where = sql.join(conditions, sql` and `)
  const [list, total, byStatus] = await Promise.all([
    query<SellerStoneRow>(
      client,
      sql`select ${fields(stones, SELLER_STONE_COLUMNS)} from ${stones} where ${where}
           order by ${stones.updatedAt} desc, ${stones.id} limit ${req.limit} offset ${(req.page - 1) * req.limit}`,
    ),
    query<{ n: number }>(client, sql`select count(*)::int as "n" from ${stones} where ${where}`),
    query<{ status: string; n: number }>(
      client,
      sql`select ${STATUS_CASE} as "status", count(*)::int as "n" from ${stones} where ${base} group by 1`,
    ),
  ])
  return { list, count: total[0]?.n ?? 0, counts: Object.fromEntries(byStatus.map((r) => [r.status, r.n])) }
}

/** One stone of the seller, every column (an edit starts from it). */
export async function sellerStone(client: Sql | Tx, seller: string, id: string): Promise<Stone | null> {
  const [row] = await query<Stone>(
    client,
    sql`select ${fields(stones)} from ${stones}
         where ${stones.id} = ${id} and ${stones.sellerCompanyId} = ${seller} and ${stones.wSts} <> ${GONE_W_STS.removed}`,
  )
  return row ?? null
}

/**
 * Another of the seller's stones (not removed) listed under this stock number, as uploads match it
 * (trimmed, upper case): an edit may not give a stone a number the seller already uses.
 */
export async function stockNoTaken(tx: Tx, seller: string, stockNo: string, except: string): Promise<boolean> {
  const [row] = await query<{ id: string }>(
    tx,
    sql`select ${stones.id} as "id" from ${stones}
         where ${stones.sellerCompanyId} = ${seller} and ${stones.wSts} <> ${GONE_W_STS.removed}
           and upper(btrim(${stones.stoneId})) = upper(btrim(${stockNo})) and ${stones.id} <> ${except}
         limit 1`,
  )
  return !!row
}

/** An edit of one stone, unless someone took it meanwhile (null then); its listing starts over. */
export async function updateStone(
  tx: Tx,
  id: string,
  d: PricedDraft,
  listedUntil: Date,
  userId: string,
): Promise<ChangedStone | null> {
  const values: Record<string, unknown> = { stoneId: d.stoneId }
  for (const k of DRAFT_COLUMNS) values[k] = d[k]
  const [row] = await query<ChangedStone>(
    tx,
    sql`
    update ${stones}
       set ${sql.join(
         Object.entries(values).map(([k, v]) => sql`${name(stones[k as keyof Stone])} = ${v}`),
         sql`, `,
       )},
           ${name(stones.wSts)} = case when ${stones.wSts} = ${GONE_W_STS.expired} then 'A' else ${stones.wSts} end,
           ${name(stones.statusVersion)} = ${stones.statusVersion} + 1, ${name(stones.updatedAt)} = now(),
           ${name(stones.listedUntil)} = ${listedUntil.toISOString()}::timestamptz, ${name(stones.listedBy)} = ${userId},
           ${name(stones.expiryToldAt)} = null
     where ${stones.id} = ${id} and ${stones.bidLotId} is null and not ${stones.inOrder}
       and not ${anyOf(stones.wSts, Object.keys(PROTECTED_W_STS))}
    returning ${STATUS}, ${NO_HOLD}, ${fields(stones, ['back'])}`,
  )
  return row ?? null
}

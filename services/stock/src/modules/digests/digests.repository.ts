import { DIGEST_SIZES } from '@diamond/contracts/digests'
import type { DigestSummary } from '@diamond/contracts/events/digests'
import { eq, sql } from 'drizzle-orm'
import { orm, type Tx } from '@diamond/runtime/db'
import { query } from '@diamond/runtime/statements'
import { stoneRecord, type StoneRecord } from '../stones/stone-row'
import { stones } from '../stones/stones.schema'
import { digestFiles } from './digests.schema'

/** Which stones a digest is about: the available ones, arrived within the period for "new stock". */
export interface DigestScope {
  newOnly: boolean
  since: string
  until: string
}

const where = (s: DigestScope) =>
  s.newOnly
    ? sql`${stones.wSts} = 'A' and ${stones.arrivedAt} >= ${s.since} and ${stones.arrivedAt} < ${s.until}`
    : sql`${stones.wSts} = 'A'`

// width_bucket's bounds: bucket 0 is below the first, n is at or above the last.
const SIZE_BOUNDS = DIGEST_SIZES.slice(1).map(([lo]) => lo)

/** Counts by shape and by size bracket, over the whole scope. */
export async function digestCounts(
  tx: Tx,
  scope: DigestScope,
): Promise<Pick<DigestSummary, 'count' | 'carats' | 'byShape' | 'bySize'>> {
  const rows = await query<{ shape: string; bucket: number; n: number; carats: number }>(
    tx,
    sql`
    select ${stones.shape} as shape, width_bucket(${stones.carat}, ${sql.param(SIZE_BOUNDS)}::numeric[]) as bucket,
           count(*)::int as n, sum(${stones.carat})::float8 as carats
      from ${stones} where ${where(scope)}
     group by 1, 2`,
  )
  const shapes = new Map<string, number>()
  const sizes = new Array<number>(DIGEST_SIZES.length).fill(0)
  let count = 0
  let carats = 0
  for (const r of rows) {
    shapes.set(r.shape, (shapes.get(r.shape) ?? 0) + r.n)
    sizes[r.bucket]! += r.n
    count += r.n
    carats += r.carats
  }
  return {
    count,
    carats: Math.round(carats * 100) / 100,
    byShape: [...shapes]
      .map(([name, n]) => ({ name, count: n }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    bySize: DIGEST_SIZES.flatMap(([, , name], i) => (sizes[i] ? [{ name, count: sizes[i] }] : [])),
  }
}

/**
 * The best stones of the scope, best first: the deepest discount against Rap for a reader who sees
 * prices, the largest stones for one who does not (the order must not tell prices either).
 */
export async function bestStones(tx: Tx, scope: DigestScope, byPrice: boolean, limit: number): Promise<StoneRecord[]> {
  return query<StoneRecord>(
    tx,
    sql`
    select ${stoneRecord(sql`false`)}
      from ${stones}
     where ${where(scope)}
     order by ${byPrice ? sql`${stones.back} asc,` : sql``} ${stones.carat} desc, length(${stones.vStnId}), ${stones.vStnId}
     limit ${limit}`,
  )
}

/** Keeps a digest's summary under its key; answers false when another consumer made it first. */
export async function keepDigest(tx: Tx, key: string, summary: DigestSummary): Promise<boolean> {
  const rows = await orm(tx)
    .insert(digestFiles)
    .values({ key, summary })
    .onConflictDoNothing()
    .returning({ key: digestFiles.key })
  return rows.length > 0
}

export async function findDigest(tx: Tx, key: string): Promise<DigestSummary | null> {
  const [row] = await orm(tx).select({ summary: digestFiles.summary }).from(digestFiles).where(eq(digestFiles.key, key))
  return row?.summary ?? null
}

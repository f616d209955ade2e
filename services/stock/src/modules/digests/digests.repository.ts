import { DIGEST_SIZES } from '@diamond/contracts/digests'
import type { DigestSummary } from '@diamond/contracts/events/digests'
import type { Tx } from '@diamond/runtime/db'
import type { StoneRecord } from '../stones/stone-row'

/** Which stones a digest is about: the available ones, arrived within the period for "new stock". */
export interface DigestScope {
  newOnly: boolean
  since: string
  until: string
}

const where = (tx: Tx, s: DigestScope) =>
  s.newOnly ? tx`s.w_sts = 'A' and s.arrived_at >= ${s.since} and s.arrived_at < ${s.until}` : tx`s.w_sts = 'A'`

// width_bucket's bounds: bucket 0 is below the first, n is at or above the last.
const SIZE_BOUNDS = DIGEST_SIZES.slice(1).map(([lo]) => lo)

/** Counts by shape and by size bracket, over the whole scope. */
export async function digestCounts(tx: Tx, scope: DigestScope): Promise<Pick<DigestSummary, 'count' | 'carats' | 'byShape' | 'bySize'>> {
  const rows = await tx<{ shape: string; bucket: number; n: number; carats: number }[]>`
    select s.shape, width_bucket(s.carat, ${SIZE_BOUNDS}::numeric[]) as bucket, count(*)::int as n, sum(s.carat)::float8 as carats
      from stock.stones s where ${where(tx, scope)}
     group by 1, 2`
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
    byShape: [...shapes].map(([name, n]) => ({ name, count: n })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    bySize: DIGEST_SIZES.flatMap(([, , name], i) => (sizes[i] ? [{ name, count: sizes[i] }] : [])),
  }
}

/**
 * The best stones of the scope, best first: the deepest discount against Rap for a reader who sees
 * prices, the largest stones for one who does not (the order must not tell prices either).
 */
export async function bestStones(tx: Tx, scope: DigestScope, byPrice: boolean, limit: number): Promise<StoneRecord[]> {
  return tx<StoneRecord[]>`
    select s.*, false as held_by_me,
           exists (select 1 from stock.blocks b where b.stone_id = s.id and b.block_type = 2) as blocked_type2
      from stock.stones s
     where ${where(tx, scope)}
     order by ${byPrice ? tx`s.back asc,` : tx``} s.carat desc, length(s.v_stn_id), s.v_stn_id
     limit ${limit}`
}

/** Keeps a digest's summary under its key; answers false when another consumer made it first. */
export async function keepDigest(tx: Tx, key: string, summary: DigestSummary): Promise<boolean> {
  const rows = await tx`insert into stock.digest_files (key, summary) values (${key}, ${tx.json(summary as never)}) on conflict do nothing returning key`
  return rows.length > 0
}

export async function findDigest(tx: Tx, key: string): Promise<DigestSummary | null> {
  const rows = await tx<{ summary: DigestSummary }[]>`select summary from stock.digest_files where key = ${key}`
  return rows[0]?.summary ?? null
}

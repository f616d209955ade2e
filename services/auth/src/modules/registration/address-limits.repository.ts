import type { Sql } from '@diamond/runtime/db'

/** At most `limit` counted calls per address in any `windowMinutes`. */
export interface AddressLimit {
  bucket: string
  limit: number
  windowMinutes: number
}

/**
 * Counts one call from an address, unless the address is already at its limit: then it answers
 * the seconds until the oldest counted call leaves the window. The advisory lock makes
 * count-then-insert one step per bucket and address, across instances.
 */
export async function takeAddressHit(sql: Sql, rule: AddressLimit, address: string): Promise<{ retryAfter: number } | null> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${`${rule.bucket}:${address}`}))`
    const [row] = await tx<[{ n: number; retry: number | null }]>`
      select count(*)::int as n, ceil(extract(epoch from min(at) + make_interval(mins => ${rule.windowMinutes}) - now()))::int as retry
        from auth.address_hits
       where bucket = ${rule.bucket} and address = ${address} and at > now() - make_interval(mins => ${rule.windowMinutes})`
    if (row.n >= rule.limit) return { retryAfter: Math.max(1, row.retry ?? 1) }
    await tx`insert into auth.address_hits (bucket, address) values (${rule.bucket}, ${address})`
    return null
  })
}

/** Counts older than any window are useless after a day. */
export async function purgeAddressHits(sql: Sql): Promise<void> {
  await sql`delete from auth.address_hits where at < now() - interval '1 day'`
}

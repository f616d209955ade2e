import type { Sql, Tx } from '@diamond/runtime/db'
import { FAILURE_RETENTION_HOURS, SIGN_IN_LIMITS as L, type HitLimit, type SignInWaits } from './limits.rules'

/**
 * The waits under each sign-in limit, from the database clock. A lock starts at the failure that
 * completed `max` failures within the window and lasts `lockSeconds` from there.
 */
async function signInWaits(sql: Sql | Tx, login: string, address: string): Promise<SignInWaits> {
  const [w] = await sql<[SignInWaits]>`
    with addr as (
      select at from auth.login_failures
       where address = ${address} and at > now() - make_interval(secs => ${L.address.windowSeconds})
       order by at desc offset ${L.address.max - 1} limit 1
    ), pair as (
      select max(at) filter (where n >= ${L.pair.max}) as t from (
        select at, count(*) over (order by at range between make_interval(secs => ${L.pair.windowSeconds}) preceding and current row) as n
          from auth.login_failures
         where login = ${login} and address = ${address}
           and at > now() - make_interval(secs => ${L.pair.windowSeconds + L.pair.lockSeconds})) x
    ), account as (
      select max(at) filter (where n >= ${L.account.max}) as t from (
        select at, count(*) over (order by at range between make_interval(secs => ${L.account.windowSeconds}) preceding and current row) as n
          from auth.login_failures
         where login = ${login} and at > now() - make_interval(secs => ${L.account.windowSeconds + L.account.lockSeconds})) x
    )
    select
      (select ceil(extract(epoch from at + make_interval(secs => ${L.address.windowSeconds}) - now()))::int from addr) as address,
      (select ceil(extract(epoch from t + make_interval(secs => ${L.pair.lockSeconds}) - now()))::int from pair) as pair,
      (select ceil(extract(epoch from t + make_interval(secs => ${L.account.lockSeconds}) - now()))::int from account) as account`
  return w
}

/**
 * Opens a sign-in attempt: if no limit holds it back (`wait` decides from the waits), a failure
 * is recorded at once and settled when the password proves right. Counting before the slow
 * password check means a burst of parallel guesses is counted too. Locks taken in one order
 * (address, then login) so two attempts never wait on each other in a circle.
 */
export async function openAttempt(
  sql: Sql,
  login: string,
  address: string,
  wait: (w: SignInWaits) => number | null,
): Promise<{ id: string } | { retryAfter: number }> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${'signin-address:' + address}))`
    await tx`select pg_advisory_xact_lock(hashtext(${'signin-login:' + login}))`
    const retryAfter = wait(await signInWaits(tx, login, address))
    if (retryAfter !== null) return { retryAfter }
    const [row] = await tx<[{ id: string }]>`
      insert into auth.login_failures (login, address) values (${login}, ${address}) returning id::text`
    return { id: row.id }
  })
}

/** The password was right: the attempt was no failure. */
export async function settleAttempt(sql: Sql, id: string): Promise<void> {
  await sql`delete from auth.login_failures where id = ${id}::bigint`
}

/** A successful sign-in clears the account's failures, under each name it may be typed as. */
export async function clearFailures(sql: Sql, logins: string[]): Promise<void> {
  await sql`delete from auth.login_failures where login = any(${logins}::text[])`
}

/** A wrong password proof made while signed in (password change) counts like a failed sign-in. */
export async function recordFailure(sql: Sql, login: string, address: string): Promise<void> {
  await sql`insert into auth.login_failures (login, address) values (${login}, ${address})`
}

export async function purgeFailures(sql: Sql): Promise<void> {
  await sql`delete from auth.login_failures where at < now() - make_interval(hours => ${FAILURE_RETENTION_HOURS})`
}

/**
 * Counts one call against a limit unless the key is at it already; answers the seconds to wait
 * then (null: counted, go ahead). The advisory lock makes count-then-insert one step per bucket
 * and key, across instances. Sign-in helpers, registration and signed-out uploads all count here.
 */
export async function takeHit(sql: Sql, limit: HitLimit, key: string): Promise<number | null> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${`${limit.bucket}:${key}`}))`
    const [full] = await tx<{ wait: number }[]>`
      select ceil(extract(epoch from at + make_interval(secs => ${limit.windowSeconds}) - now()))::int as wait
        from auth.address_hits
       where bucket = ${limit.bucket} and address = ${key} and at > now() - make_interval(secs => ${limit.windowSeconds})
       order by at desc offset ${limit.max - 1} limit 1`
    if (full) return Math.max(1, full.wait)
    await tx`insert into auth.address_hits (bucket, address) values (${limit.bucket}, ${key})`
    return null
  })
}

/** Counts older than any window are useless after a day. */
export async function purgeHits(sql: Sql): Promise<void> {
  await sql`delete from auth.address_hits where at < now() - interval '1 day'`
}

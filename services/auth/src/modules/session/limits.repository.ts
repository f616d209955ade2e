import { and, desc, eq, gt, lt, sql } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf, query } from '@diamond/runtime/statements'
import { FAILURE_RETENTION_HOURS, SIGN_IN_LIMITS as L, type HitLimit, type SignInWaits } from './limits.rules'
import { addressHits, loginFailures } from './session.schema'

const secondsAgo = (s: number) => sql`now() - make_interval(secs => ${s})`

/**
 * The waits under each sign-in limit, from the database clock. A lock starts at the failure that
 * completed `max` failures within the window and lasts `lockSeconds` from there. Written out: three
 * windows over the failures read in one statement.
 */
async function signInWaits(client: Sql | Tx, login: string, address: string): Promise<SignInWaits> {
  const f = loginFailures
  const [w] = await query<SignInWaits>(
    client,
    sql`
    with addr as (
      select ${f.at} from ${f}
       where ${f.address} = ${address} and ${f.at} > ${secondsAgo(L.address.windowSeconds)}
       order by ${f.at} desc offset ${L.address.max - 1} limit 1
    ), pair as (
      select max(at) filter (where n >= ${L.pair.max}) as t from (
        select ${f.at}, count(*) over (order by ${f.at} range between make_interval(secs => ${L.pair.windowSeconds}) preceding and current row) as n
          from ${f}
         where ${f.login} = ${login} and ${f.address} = ${address}
           and ${f.at} > ${secondsAgo(L.pair.windowSeconds + L.pair.lockSeconds)}) x
    ), account as (
      select max(at) filter (where n >= ${L.account.max}) as t from (
        select ${f.at}, count(*) over (order by ${f.at} range between make_interval(secs => ${L.account.windowSeconds}) preceding and current row) as n
          from ${f}
         where ${f.login} = ${login} and ${f.at} > ${secondsAgo(L.account.windowSeconds + L.account.lockSeconds)}) x
    )
    select
      (select ceil(extract(epoch from at + make_interval(secs => ${L.address.windowSeconds}) - now()))::int from addr) as address,
      (select ceil(extract(epoch from t + make_interval(secs => ${L.pair.lockSeconds}) - now()))::int from pair) as pair,
      (select ceil(extract(epoch from t + make_interval(secs => ${L.account.lockSeconds}) - now()))::int from account) as account`,
  )
  return w!
}

/**
 * Opens a sign-in attempt: if no limit holds it back (`wait` decides from the waits), a failure
 * is recorded at once and settled when the password proves right. Counting before the slow
 * password check means a burst of parallel guesses is counted too. Locks taken in one order
 * (address, then login) so two attempts never wait on each other in a circle.
 */
export async function openAttempt(
  client: Sql,
  login: string,
  address: string,
  wait: (w: SignInWaits) => number | null,
): Promise<{ id: number } | { retryAfter: number }> {
  return client.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${'signin-address:' + address}))`
    await tx`select pg_advisory_xact_lock(hashtext(${'signin-login:' + login}))`
    const retryAfter = wait(await signInWaits(tx, login, address))
    if (retryAfter !== null) return { retryAfter }
    const [row] = await orm(tx).insert(loginFailures).values({ login, address }).returning({ id: loginFailures.id })
    return row!
  })
}

/** The password was right: the attempt was no failure. */
export async function settleAttempt(client: Sql, id: number): Promise<void> {
  await orm(client).delete(loginFailures).where(eq(loginFailures.id, id))
}

/** A successful sign-in clears the account's failures, under each name it may be typed as. */
export async function clearFailures(client: Sql, logins: string[]): Promise<void> {
  await orm(client).delete(loginFailures).where(anyOf(loginFailures.login, logins))
}

/** A wrong password proof made while signed in (password change) counts like a failed sign-in. */
export async function recordFailure(client: Sql, login: string, address: string): Promise<void> {
  await orm(client).insert(loginFailures).values({ login, address })
}

export async function purgeFailures(client: Sql): Promise<void> {
  await orm(client)
    .delete(loginFailures)
    .where(lt(loginFailures.at, sql`now() - make_interval(hours => ${FAILURE_RETENTION_HOURS})`))
}

/**
 * Counts one call against a limit unless the key is at it already; answers the seconds to wait
 * then (null: counted, go ahead). The advisory lock makes count-then-insert one step per bucket
 * and key, across instances. Sign-in helpers, registration and signed-out uploads all count here.
 */
export async function takeHit(client: Sql, limit: HitLimit, key: string): Promise<number | null> {
  return client.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${`${limit.bucket}:${key}`}))`
    const db = orm(tx)
    const h = addressHits
    const [full] = await db
      .select({
        wait: sql<number>`ceil(extract(epoch from ${h.at} + make_interval(secs => ${limit.windowSeconds}) - now()))::int`,
      })
      .from(h)
      .where(and(eq(h.bucket, limit.bucket), eq(h.address, key), gt(h.at, secondsAgo(limit.windowSeconds))))
      .orderBy(desc(h.at))
      .offset(limit.max - 1)
      .limit(1)
    if (full) return Math.max(1, full.wait)
    await db.insert(h).values({ bucket: limit.bucket, address: key })
    return null
  })
}

/** Counts older than any window are useless after a day. */
export async function purgeHits(client: Sql): Promise<void> {
  await orm(client)
    .delete(addressHits)
    .where(lt(addressHits.at, sql`now() - interval '1 day'`))
}

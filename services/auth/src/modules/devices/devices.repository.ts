import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf, query } from '@diamond/runtime/statements'
import { users } from '../users/users.schema'
import { deviceOtps, trustedDevices } from './devices.schema'
import { DEVICE_TRUST_DAYS, OTP_RULES, type OtpState } from './devices.rules'

/** A trusted browser's key counts for DEVICE_TRUST_DAYS from when it was trusted. */
const stillTrusted = gt(trustedDevices.createdAt, sql`now() - make_interval(days => ${DEVICE_TRUST_DAYS})`)

/** Whether one of these keys is a browser the user trusted (and still within its time); marks it used. */
export async function touchTrustedDevice(client: Sql, userId: string, keyHashes: string[]): Promise<boolean> {
  const rows = await orm(client)
    .update(trustedDevices)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(trustedDevices.userId, userId), anyOf(trustedDevices.keyHash, keyHashes), stillTrusted))
    .returning({ id: trustedDevices.id })
  return rows.length > 0
}

/** The same question asked with the login as typed (lowercased), before the password is checked. */
export async function trustedForLogin(client: Sql, login: string, keyHashes: string[]): Promise<boolean> {
  const [row] = await query<{ trusted: boolean }>(
    client,
    sql`
    select exists (
      select 1 from ${trustedDevices} join ${users} on ${users.id} = ${trustedDevices.userId}
       where ${anyOf(trustedDevices.keyHash, keyHashes)} and ${stillTrusted}
         and (lower(${users.username}) = ${login} or lower(${users.email}) = ${login})) as trusted`,
  )
  return row!.trusted
}

export async function insertTrustedDevice(tx: Tx, userId: string, keyHash: string, label: string): Promise<void> {
  await orm(tx).insert(trustedDevices).values({ userId, keyHash, label })
}

/** A new code for a sign-in; any code still open for the user stops working. */
export async function insertOtp(tx: Tx, userId: string, version: number, codeHash: string): Promise<void> {
  const db = orm(tx)
  await db
    .update(deviceOtps)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(deviceOtps.userId, userId), isNull(deviceOtps.usedAt), gt(deviceOtps.expiresAt, sql`now()`)))
  await db.insert(deviceOtps).values({
    userId,
    tokenVersion: version,
    codeHash,
    expiresAt: sql`now() + make_interval(mins => ${OTP_RULES.ttlMinutes})`,
  })
}

/** The newest code of this sign-in, locked for the check that follows. */
export async function latestOtp(
  tx: Tx,
  userId: string,
  version: number,
): Promise<(OtpState & { id: string; codeHash: string }) | null> {
  const [row] = await orm(tx)
    .select({
      id: deviceOtps.id,
      codeHash: deviceOtps.codeHash,
      attempts: deviceOtps.attempts,
      used: sql<boolean>`${deviceOtps.usedAt} is not null`,
      expired: sql<boolean>`${deviceOtps.expiresAt} <= now()`,
    })
    .from(deviceOtps)
    .where(and(eq(deviceOtps.userId, userId), eq(deviceOtps.tokenVersion, version)))
    .orderBy(desc(deviceOtps.sentAt), desc(deviceOtps.expiresAt))
    .limit(1)
    .for('update')
  return row ?? null
}

export async function markOtpUsed(tx: Tx, id: string): Promise<void> {
  await orm(tx)
    .update(deviceOtps)
    .set({ usedAt: sql`now()` })
    .where(eq(deviceOtps.id, id))
}

export async function countOtpAttempt(tx: Tx, id: string): Promise<void> {
  await orm(tx)
    .update(deviceOtps)
    .set({ attempts: sql`${deviceOtps.attempts} + 1` })
    .where(eq(deviceOtps.id, id))
}

/** One send at a time per user, so two quick clicks cannot both pass the pause. */
export async function lockSends(tx: Tx, userId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext(${'otp-send:' + userId}))`
}

/**
 * Seconds before another code may be sent to the user: the resend pause after the last send, or
 * the cap on sends in a window (null: send now). Written out: two windows read in one statement.
 */
export async function sendWait(client: Sql | Tx, userId: string): Promise<number | null> {
  const o = deviceOtps
  const [w] = await query<{ pause: number | null; cap: number | null }>(
    client,
    sql`
    select
      (select ceil(extract(epoch from max(${o.sentAt}) + make_interval(secs => ${OTP_RULES.resendSeconds}) - now()))::int
         from ${o} where ${o.userId} = ${userId}) as pause,
      (select ceil(extract(epoch from ${o.sentAt} + make_interval(secs => ${OTP_RULES.sendWindowSeconds}) - now()))::int
         from ${o}
        where ${o.userId} = ${userId} and ${o.sentAt} > now() - make_interval(secs => ${OTP_RULES.sendWindowSeconds})
        order by ${o.sentAt} desc offset ${OTP_RULES.maxSends - 1} limit 1) as cap`,
  )
  const wait = Math.max(w!.pause ?? 0, w!.cap ?? 0)
  return wait > 0 ? wait : null
}

/** Codes and device rows past any use. */
export async function purgeDevices(client: Sql): Promise<void> {
  const db = orm(client)
  await db.delete(deviceOtps).where(lt(deviceOtps.expiresAt, sql`now() - interval '1 day'`))
  await db
    .delete(trustedDevices)
    .where(lt(trustedDevices.createdAt, sql`now() - make_interval(days => ${DEVICE_TRUST_DAYS})`))
}

import type { Sql, Tx } from '@diamond/runtime/db'
import { DEVICE_TRUST_DAYS, OTP_RULES, type OtpState } from './devices.rules'

/** Whether one of these keys is a browser the user trusted (and still within its time); marks it used. */
export async function touchTrustedDevice(sql: Sql, userId: string, keyHashes: string[]): Promise<boolean> {
  const rows = await sql`
    update auth.trusted_devices set last_used_at = now()
     where user_id = ${userId} and key_hash = any(${keyHashes}::text[])
       and created_at > now() - make_interval(days => ${DEVICE_TRUST_DAYS})
     returning id`
  return rows.length > 0
}

/** The same question asked with the login as typed, before the password is checked. */
export async function trustedForLogin(sql: Sql, login: string, keyHashes: string[]): Promise<boolean> {
  const [row] = await sql<[{ trusted: boolean }]>`
    select exists (
      select 1 from auth.trusted_devices d join auth.users u on u.id = d.user_id
       where d.key_hash = any(${keyHashes}::text[])
         and d.created_at > now() - make_interval(days => ${DEVICE_TRUST_DAYS})
         and (lower(u.username) = ${login} or lower(u.email) = ${login})) as trusted`
  return row.trusted
}

export async function insertTrustedDevice(tx: Tx, userId: string, keyHash: string, label: string): Promise<void> {
  await tx`insert into auth.trusted_devices (user_id, key_hash, label) values (${userId}, ${keyHash}, ${label})`
}

/** A new code for a sign-in; any code still open for the user stops working. */
export async function insertOtp(tx: Tx, userId: string, version: number, codeHash: string): Promise<void> {
  await tx`
    update auth.device_otps set expires_at = now()
     where user_id = ${userId} and used_at is null and expires_at > now()`
  await tx`
    insert into auth.device_otps (user_id, token_version, code_hash, expires_at)
    values (${userId}, ${version}, ${codeHash}, now() + make_interval(mins => ${OTP_RULES.ttlMinutes}))`
}

/** The newest code of this sign-in, locked for the check that follows. */
export async function latestOtp(
  tx: Tx,
  userId: string,
  version: number,
): Promise<(OtpState & { id: string; code_hash: string }) | null> {
  const [row] = await tx<(OtpState & { id: string; code_hash: string })[]>`
    select id, code_hash, attempts, used_at is not null as used, expires_at <= now() as expired
      from auth.device_otps
     where user_id = ${userId} and token_version = ${version}
     order by sent_at desc, expires_at desc limit 1
       for update`
  return row ?? null
}

export async function markOtpUsed(tx: Tx, id: string): Promise<void> {
  await tx`update auth.device_otps set used_at = now() where id = ${id}`
}

export async function countOtpAttempt(tx: Tx, id: string): Promise<void> {
  await tx`update auth.device_otps set attempts = attempts + 1 where id = ${id}`
}

/** One send at a time per user, so two quick clicks cannot both pass the pause. */
export async function lockSends(tx: Tx, userId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext(${'otp-send:' + userId}))`
}

/**
 * Seconds before another code may be sent to the user: the resend pause after the last send, or
 * the cap on sends in a window (null: send now).
 */
export async function sendWait(sql: Sql | Tx, userId: string): Promise<number | null> {
  const [w] = await sql<[{ pause: number | null; cap: number | null }]>`
    select
      (select ceil(extract(epoch from max(sent_at) + make_interval(secs => ${OTP_RULES.resendSeconds}) - now()))::int
         from auth.device_otps where user_id = ${userId}) as pause,
      (select ceil(extract(epoch from sent_at + make_interval(secs => ${OTP_RULES.sendWindowSeconds}) - now()))::int
         from auth.device_otps
        where user_id = ${userId} and sent_at > now() - make_interval(secs => ${OTP_RULES.sendWindowSeconds})
        order by sent_at desc offset ${OTP_RULES.maxSends - 1} limit 1) as cap`
  const wait = Math.max(w.pause ?? 0, w.cap ?? 0)
  return wait > 0 ? wait : null
}

/** Codes and device rows past any use. */
export async function purgeDevices(sql: Sql): Promise<void> {
  await sql`delete from auth.device_otps where expires_at < now() - interval '1 day'`
  await sql`delete from auth.trusted_devices where created_at < now() - make_interval(days => ${DEVICE_TRUST_DAYS})`
}

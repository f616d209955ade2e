import type { Sql, Tx } from '@diamond/runtime/db'

export type MailTokenPurpose = 'verify-email' | 'reset-password'

/** A new link for the user; the user's older unused links of that kind stop working. */
export async function insertMailToken(
  tx: Tx,
  userId: string,
  purpose: MailTokenPurpose,
  tokenHash: string,
  ttlMinutes: number,
): Promise<void> {
  await tx`
    update auth.mail_tokens set expires_at = now()
     where user_id = ${userId} and purpose = ${purpose} and used_at is null and expires_at > now()`
  await tx`
    insert into auth.mail_tokens (token_hash, user_id, purpose, expires_at)
    values (${tokenHash}, ${userId}, ${purpose}, now() + make_interval(mins => ${ttlMinutes}))`
}

/** Uses a link once: the user it belongs to, or null when unknown, expired or used already. */
export async function useMailToken(tx: Tx, tokenHash: string, purpose: MailTokenPurpose): Promise<string | null> {
  const [row] = await tx<{ user_id: string }[]>`
    update auth.mail_tokens set used_at = now()
     where token_hash = ${tokenHash} and purpose = ${purpose} and used_at is null and expires_at > now()
     returning user_id`
  return row?.user_id ?? null
}

export async function purgeMailTokens(sql: Sql): Promise<void> {
  await sql`delete from auth.mail_tokens where expires_at < now() - interval '7 days'`
}

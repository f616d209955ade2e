import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { mailTokens } from './credentials.schema'

export type MailTokenPurpose = (typeof mailTokens.$inferSelect)['purpose']

/** A new link for the user; the user's older unused links of that kind stop working. */
export async function insertMailToken(
  tx: Tx,
  userId: string,
  purpose: MailTokenPurpose,
  tokenHash: string,
  ttlMinutes: number,
): Promise<void> {
  const db = orm(tx)
  await db
    .update(mailTokens)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(mailTokens.userId, userId),
        eq(mailTokens.purpose, purpose),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, sql`now()`),
      ),
    )
  await db
    .insert(mailTokens)
    .values({ tokenHash, userId, purpose, expiresAt: sql`now() + make_interval(mins => ${ttlMinutes})` })
}

/** Uses a link once: the user it belongs to, or null when unknown, expired or used already. */
export async function useMailToken(tx: Tx, tokenHash: string, purpose: MailTokenPurpose): Promise<string | null> {
  const [row] = await orm(tx)
    .update(mailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mailTokens.tokenHash, tokenHash),
        eq(mailTokens.purpose, purpose),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: mailTokens.userId })
  return row?.userId ?? null
}

export async function purgeMailTokens(client: Sql): Promise<void> {
  await orm(client)
    .delete(mailTokens)
    .where(lt(mailTokens.expiresAt, sql`now() - interval '7 days'`))
}

import { AuthEventTypes, type SessionRevoked } from '@diamond/contracts/events/auth'
import { eq, sql } from 'drizzle-orm'
import { enqueue, newEvent, type TokenService, type Tx } from '@diamond/runtime'
import { orm } from '@diamond/runtime/db'
import { users } from '../users/users.schema'

export type RevokeReason =
  | 'logout'
  | 'password-changed'
  | 'password-reset'
  | 'deactivated'
  | 'permissions-changed'
  | 'device-verified'
  | 'rejected'

/**
 * Ends every session of a user: bumps the token version in the caller's transaction and announces
 * the new floor; every service refuses older tokens when the event lands. Call `applyLocally` after
 * the transaction commits so this process refuses them at once (before commit it could lock a user
 * out over a change that rolled back). `version` is for a fresh token of the session that asked.
 */
export async function revokeSessions(
  tx: Tx,
  tokens: TokenService,
  userId: string,
  reason: RevokeReason,
): Promise<{ version: number; applyLocally: () => void }> {
  const [row] = await orm(tx)
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion })
  if (!row) return { version: 0, applyLocally: () => {} }
  const data: SessionRevoked = { userId, minVersion: row.tokenVersion, reason }
  await enqueue(tx, 'auth', [newEvent('auth', AuthEventTypes.revoked, userId, data)])
  return { version: row.tokenVersion, applyLocally: () => tokens.revoke(userId, row.tokenVersion) }
}

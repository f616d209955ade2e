import { randomUUID } from 'node:crypto'
import { AuthEventTypes, type SessionEnded, type SessionRevoked } from '@diamond/contracts/events/auth'
import { eq, sql } from 'drizzle-orm'
import { enqueue, newEvent, type Principal, type TokenService, type Tx } from '@diamond/runtime'
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

/**
 * Ends one session (a logout on one device): its tokens are refused by every service once the event
 * lands, the user's other sessions live on. `applyLocally` after the commit, as above.
 */
export async function endSession(
  tx: Tx,
  tokens: TokenService,
  userId: string,
  sessionId: string,
): Promise<{ applyLocally: () => void }> {
  // Its tokens expire by then anyway: after that the record is purged.
  const until = Date.now() + tokens.ttlMs
  const data: SessionEnded = { userId, sessionId, until: new Date(until).toISOString() }
  await enqueue(tx, 'auth', [newEvent('auth', AuthEventTypes.ended, userId, data)])
  return { applyLocally: () => tokens.endSession(sessionId, until) }
}

/** Each sign-in is a session of its own: logout on one device ends that one alone. */
export const newSession = (p: Principal): Principal => ({ ...p, sid: randomUUID() })

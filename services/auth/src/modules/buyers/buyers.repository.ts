import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm'
import type { BuyerHit } from '@diamond/contracts/http/buyers'
import { orm, type Sql } from '@diamond/runtime/db'
import { anyOf } from '@diamond/runtime/statements'
import { users } from '../users/users.schema'

/** `%` and `_` typed by the user are letters, not wildcards. */
const literal = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`)

const hit = (r: {
  id: string
  username: string
  firstName: string
  lastName: string
  companyName: string
  userType: string
}): BuyerHit => ({
  id: r.id,
  username: r.username,
  name: [r.firstName, r.lastName].filter(Boolean).join(' '),
  companyName: r.companyName,
  userType: r.userType,
})
const COLUMNS = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  userType: users.userType,
}

/** The users of these ids (any type: a show block may be a staff member's own). */
export async function usersByIds(client: Sql, ids: readonly string[]): Promise<BuyerHit[]> {
  const rows = await orm(client).select(COLUMNS).from(users).where(anyOf(users.id, ids))
  return rows.map(hit)
}

/** Approved, active members who trade (buyers and sellers) whose login, email, name or company holds `q`. */
export async function findTraders(client: Sql, q: string, limit: number): Promise<BuyerHit[]> {
  const like = `%${literal(q.trim())}%`
  const rows = await orm(client)
    .select(COLUMNS)
    .from(users)
    .where(
      and(
        inArray(users.userType, ['buyer', 'seller']),
        eq(users.active, true),
        eq(users.approvalStatus, 2),
        or(
          ilike(users.username, like),
          ilike(users.email, like),
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          ilike(users.companyName, like),
        ),
      ),
    )
    .orderBy(asc(users.username))
    .limit(limit)
  return rows.map(hit)
}

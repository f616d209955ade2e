import { MemberEventTypes, type ProfileChanged } from '@diamond/contracts/events/members'
import { enqueue, newEvent, type Database, type Tx } from '@diamond/runtime'
import { orm } from '@diamond/runtime/db'
import { eq, notExists, sql } from 'drizzle-orm'
import { companies, users } from '../users/users.schema'
import { billingLines } from './address.rules'
import { addressesOf } from './addresses.repository'
import { profileAnnouncements } from './profile.schema'

/**
 * Issue 26: what an invoice prints of a user (name, company, billing address) goes to stock as
 * `auth.member.profile-changed`, in the transaction of the change; stock keeps its own copy. The
 * version only grows (the last one plus one), so a replayed older event never overwrites a newer one.
 */
export async function announceProfile(tx: Tx, userId: string): Promise<void> {
  const [u] = await orm(tx)
    .select({
      id: users.id,
      username: users.username,
      companyName: sql<string>`coalesce(${companies.name}, ${users.companyName})`,
      version: sql<number>`coalesce(${profileAnnouncements.version}, 0)::float8`,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(profileAnnouncements, eq(profileAnnouncements.userId, users.id))
    .where(eq(users.id, userId))
  if (!u) return
  const data: ProfileChanged = {
    userId: u.id,
    username: u.username.slice(0, 200),
    companyName: u.companyName.slice(0, 200),
    billing: billingLines(await addressesOf(tx, u.id))?.map((l) => l.slice(0, 300)) ?? null,
    version: u.version + 1,
  }
  await orm(tx)
    .insert(profileAnnouncements)
    .values({ userId: u.id, version: data.version })
    .onConflictDoUpdate({
      target: profileAnnouncements.userId,
      set: { version: data.version, announcedAt: sql`now()` },
    })
  await enqueue(tx, 'auth', [newEvent('auth', MemberEventTypes.profileChanged, u.id, data)])
}

/**
 * Users never announced (from before this, or made since by registration or a company admin): a
 * batch at a time, each locked and skipped by a concurrent sweep. Returns how many.
 */
export async function announceUnannounced(database: Database, max = 200): Promise<number> {
  return database.sql.begin(async (tx) => {
    const db = orm(tx)
    // One table in the locking read: PostgreSQL refuses drizzle's schema-qualified `for update of`.
    const due = await db
      .select({ id: users.id })
      .from(users)
      .where(
        notExists(
          db
            .select({ one: sql`1` })
            .from(profileAnnouncements)
            .where(eq(profileAnnouncements.userId, users.id)),
        ),
      )
      .limit(max)
      .for('update', { skipLocked: true })
    for (const { id } of due) await announceProfile(tx, id)
    return due.length
  })
}

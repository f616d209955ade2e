import type { Notification } from '@diamond/contracts/events/notifications'
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { query } from '@diamond/runtime/statements'
import { toNotification } from '../inbox/inbox.repository'
import { notifications } from '../inbox/inbox.schema'
import { followers } from './followers.schema'
import { LISTED_KIND } from './followers.rules'

/** Keeps the follow as auth told it (a redelivered or reordered change is applied as stated). */
export async function setFollowing(tx: Tx, companyId: string, userId: string, following: boolean): Promise<void> {
  if (following) await orm(tx).insert(followers).values({ companyId, userId }).onConflictDoNothing()
  else
    await orm(tx)
      .delete(followers)
      .where(and(eq(followers.companyId, companyId), eq(followers.userId, userId)))
}

/**
 * One notice per follower of the company, in one statement (a seller with thousands of followers
 * is one insert-select, not a round trip per reader).
 */
export async function noticeFollowers(
  tx: Tx,
  companyId: string,
  params: Notification['params'],
): Promise<Notification[]> {
  const rows = await query<typeof notifications.$inferSelect>(
    tx,
    sql`insert into ${notifications} (id, user_id, kind, params)
        select gen_random_uuid(), ${followers.userId}, ${LISTED_KIND}, ${JSON.stringify(params)}::text::jsonb
          from ${followers} where ${followers.companyId} = ${companyId}
        returning id, user_id as "userId", kind, params, created_at as "createdAt", read_at as "readAt", audience`,
  )
  return rows.map((r) =>
    toNotification({ ...r, createdAt: new Date(r.createdAt), readAt: r.readAt ? new Date(r.readAt) : null }),
  )
}

/** A reader's listing notices of a period (for the digest). */
export async function listedNotices(client: Sql | Tx, userId: string, since: string, until: string) {
  return orm(client)
    .select({ params: notifications.params })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, LISTED_KIND),
        gte(notifications.createdAt, new Date(since)),
        lt(notifications.createdAt, new Date(until)),
      ),
    )
    .orderBy(asc(notifications.createdAt))
}

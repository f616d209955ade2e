import { and, count, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Notification } from '@diamond/contracts/events/notifications'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf, fields, name, query } from '@diamond/runtime/statements'
import { notificationReads, notifications } from './inbox.schema'

type Row = typeof notifications.$inferSelect
export const toNotification = (r: Row): Notification => ({
  id: r.id,
  userId: r.userId,
  ...(r.audience ? { audience: r.audience } : {}),
  kind: r.kind,
  params: r.params,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt ? r.readAt.toISOString() : null,
})

export async function insertNotification(
  tx: Tx,
  n: {
    id: string
    userId: string | null
    audience?: 'sales' | undefined
    kind: string
    params: Notification['params']
  },
): Promise<Notification> {
  const [row] = await orm(tx)
    .insert(notifications)
    .values({ id: n.id, userId: n.userId, audience: n.audience ?? null, kind: n.kind, params: n.params })
    .returning()
  return toNotification(row!)
}

/**
 * Several outbid notices in one statement, each a new row or the reader's unread one for the lot
 * brought up to date (the conflict target is the partial unique index of migration 0004, named by
 * its expression and predicate). Written out over the table and rendered once at load: the
 * notifications consumer runs it for every batch of bids' events.
 */
const UPSERT_OUTBIDS = new PgDialect().sqlToQuery(sql`
  insert into ${notifications} (${name(notifications.id)}, ${name(notifications.userId)}, ${name(notifications.kind)}, ${name(notifications.params)})
  select x.id, x."userId", x.kind, x.params
    from rows from (jsonb_to_recordset(${sql.placeholder('list')}::jsonb) as (id uuid, "userId" uuid, kind text, params jsonb))
         with ordinality as x(id, "userId", kind, params, n)
   order by x.n
  on conflict (${name(notifications.userId)}, (${name(notifications.params)} ->> 'lotId'))
     where ${name(notifications.kind)} = 'bid.outbid' and ${name(notifications.readAt)} is null
  do update set ${name(notifications.params)} = excluded.params
  returning ${fields(notifications)}, (xmax = 0) as fresh`).sql

/**
 * Several outbid notices in one statement, each for a different reader and lot (the caller keeps
 * one per pair): each a new row or the reader's unread one brought up to date. Answers the new ones.
 */
export async function upsertOutbids(
  tx: Tx,
  list: (Pick<Row, 'id' | 'kind' | 'params'> & { userId: string })[],
): Promise<Notification[]> {
  if (!list.length) return []
  const rows = await tx.unsafe<(Row & { fresh: boolean })[]>(
    UPSERT_OUTBIDS,
    [list.map((n) => ({ id: n.id, userId: n.userId, kind: n.kind, params: n.params }))] as never[],
    { prepare: true },
  )
  return rows.filter((r) => r.fresh).map(({ fresh: _, ...rest }) => toNotification(rest))
}

const NOTICE = {
  id: notifications.id,
  userId: notifications.userId,
  audience: notifications.audience,
  kind: notifications.kind,
  params: notifications.params,
  createdAt: notifications.createdAt,
}

/**
 * A reader's notices: their own, and for a member of the sales team the team's too, each with the
 * reader's own read mark.
 */
export async function pageForUser(
  client: Sql,
  userId: string,
  salesTeam: boolean,
  page: number,
  limit: number,
  /** Only notices of these subjects (`offer`, `order`...), or of none of them with `except`. */
  subjects?: { only: string[] } | { except: string[] },
) {
  const db = orm(client)
  const mine = salesTeam
    ? or(eq(notifications.userId, userId), eq(notifications.audience, 'sales'))
    : eq(notifications.userId, userId)
  const readAt = sql<Date | null>`case when ${notifications.audience} is null then ${notifications.readAt} else ${notificationReads.readAt} end`
  const reads = and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId))
  const subject = sql<string>`split_part(${notifications.kind}, '.', 1)`
  const shown = !subjects
    ? mine
    : 'only' in subjects
      ? and(mine, inArray(subject, subjects.only))
      : and(mine, notInArray(subject, subjects.except))
  const [list, bySubject] = await Promise.all([
    db
      .select({ ...NOTICE, readAt })
      .from(notifications)
      .leftJoin(notificationReads, reads)
      .where(shown)
      .orderBy(desc(notifications.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ subject, count: count(), unread: sql<number>`(count(*) filter (where ${readAt} is null))::int` })
      .from(notifications)
      .leftJoin(notificationReads, reads)
      .where(mine)
      .groupBy(subject),
  ])
  return { list: list.map(toNotification), bySubject }
}

/** Marks the user's own notices read (and the team's, for its members); other ids match nothing. */
export async function markRead(
  client: Sql,
  userId: string,
  salesTeam: boolean,
  ids: string[] | undefined,
): Promise<number> {
  const some = ids?.length ? anyOf(notifications.id, ids) : undefined
  const own = await orm(client)
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), some))
    .returning({ id: notifications.id })
  if (!salesTeam) return own.length
  const team = await query(
    client,
    sql`
    insert into ${notificationReads} (${name(notificationReads.notificationId)}, ${name(notificationReads.userId)})
    select ${notifications.id}, ${userId} from ${notifications} where ${notifications.audience} = 'sales' ${some ? sql`and ${some}` : sql``}
    on conflict do nothing returning ${name(notificationReads.notificationId)}`,
  )
  return own.length + team.length
}

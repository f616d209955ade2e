import type { Notification } from '@diamond/contracts/events/notifications'
import type { Sql, Tx } from '@diamond/runtime/db'

interface Row {
  id: string
  user_id: string | null
  audience: 'sales' | null
  kind: string
  params: Notification['params']
  created_at: Date
  read_at: Date | null
}
const toNotification = (r: Row): Notification => ({
  id: r.id,
  userId: r.user_id,
  ...(r.audience ? { audience: r.audience } : {}),
  kind: r.kind,
  params: r.params,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at ? r.read_at.toISOString() : null,
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
  const [row] = await tx<Row[]>`
    insert into notifications.notifications (id, user_id, audience, kind, params)
    values (${n.id}, ${n.userId}, ${n.audience ?? null}, ${n.kind}, ${tx.json(n.params)})
    returning *`
  return toNotification(row!)
}

/**
 * Several outbid notices in one statement, each for a different reader and lot (the caller keeps
 * one per pair): each a new row or the reader's unread one brought up to date. Answers the new ones.
 */
export async function upsertOutbids(
  tx: Tx,
  list: { id: string; userId: string; kind: string; params: Notification['params'] }[],
): Promise<Notification[]> {
  if (!list.length) return []
  const rows = await tx.unsafe<(Row & { fresh: boolean })[]>(
    `insert into notifications.notifications (id, user_id, kind, params)
     select x.id, x.user_id, x.kind, x.params
       from rows from (jsonb_to_recordset($1::jsonb) as (id uuid, user_id uuid, kind text, params jsonb)) with ordinality as x(id, user_id, kind, params, n)
      order by x.n
     on conflict (user_id, (params ->> 'lotId')) where kind = 'bid.outbid' and read_at is null
     do update set params = excluded.params
     returning *, (xmax = 0) as fresh`,
    [list.map((n) => ({ id: n.id, user_id: n.userId, kind: n.kind, params: n.params })) as never],
    { prepare: true },
  )
  return rows.filter((r) => r.fresh).map(({ fresh: _, ...rest }) => toNotification(rest as Row))
}

/**
 * A reader's notices: their own, and for a member of the sales team the team's too, each with the
 * reader's own read mark.
 */
export async function pageForUser(sql: Sql, userId: string, salesTeam: boolean, page: number, limit: number) {
  const mine = salesTeam ? sql`(n.user_id = ${userId} or n.audience = 'sales')` : sql`n.user_id = ${userId}`
  const readAt = sql`case when n.audience is null then n.read_at else r.read_at end`
  const [list, [counts]] = await Promise.all([
    sql<Row[]>`select n.id, n.user_id, n.audience, n.kind, n.params, n.created_at, ${readAt} as read_at
                 from notifications.notifications n
                 left join notifications.notification_reads r on r.notification_id = n.id and r.user_id = ${userId}
                where ${mine}
                order by n.created_at desc limit ${limit} offset ${(page - 1) * limit}`,
    sql<[{ count: number; unread: number }]>`
      select count(*)::int as count, count(*) filter (where ${readAt} is null)::int as unread
        from notifications.notifications n
        left join notifications.notification_reads r on r.notification_id = n.id and r.user_id = ${userId}
       where ${mine}`,
  ])
  return { list: list.map(toNotification), count: counts!.count, unread: counts!.unread }
}

/** Marks the user's own notices read (and the team's, for its members); other ids match nothing. */
export async function markRead(
  sql: Sql,
  userId: string,
  salesTeam: boolean,
  ids: string[] | undefined,
): Promise<number> {
  const some = ids?.length ? sql`and id = any(${ids}::uuid[])` : sql``
  const own = await sql`update notifications.notifications set read_at = now()
                         where user_id = ${userId} and read_at is null ${some} returning id`
  if (!salesTeam) return own.length
  const team = await sql`
    insert into notifications.notification_reads (notification_id, user_id)
    select id, ${userId} from notifications.notifications where audience = 'sales' ${some}
    on conflict do nothing returning notification_id`
  return own.length + team.length
}

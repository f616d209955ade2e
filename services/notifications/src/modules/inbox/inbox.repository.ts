import type { Notification } from '@diamond/contracts/events/notifications'
import type { Sql, Tx } from '@diamond/runtime/db'

interface Row {
  id: string
  user_id: string
  kind: string
  params: Notification['params']
  created_at: Date
  read_at: Date | null
}
const toNotification = (r: Row): Notification => ({
  id: r.id,
  userId: r.user_id,
  kind: r.kind,
  params: r.params,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at ? r.read_at.toISOString() : null,
})

export async function insertNotification(tx: Tx, n: { id: string; userId: string; kind: string; params: Notification['params'] }): Promise<Notification> {
  const [row] = await tx<Row[]>`
    insert into notifications.notifications (id, user_id, kind, params)
    values (${n.id}, ${n.userId}, ${n.kind}, ${tx.json(n.params)})
    returning *`
  return toNotification(row!)
}

export async function pageForUser(sql: Sql, userId: string, page: number, limit: number) {
  const [list, [counts]] = await Promise.all([
    sql<Row[]>`select * from notifications.notifications where user_id = ${userId}
               order by created_at desc limit ${limit} offset ${(page - 1) * limit}`,
    sql<[{ count: number; unread: number }]>`
      select count(*)::int as count, count(*) filter (where read_at is null)::int as unread
        from notifications.notifications where user_id = ${userId}`,
  ])
  return { list: list.map(toNotification), count: counts!.count, unread: counts!.unread }
}

/** Marks the user's own notices read; ids of someone else's notices simply match nothing. */
export async function markRead(sql: Sql, userId: string, ids: string[] | undefined): Promise<number> {
  const rows = ids?.length
    ? await sql`update notifications.notifications set read_at = now()
                 where user_id = ${userId} and read_at is null and id = any(${ids}::uuid[]) returning id`
    : await sql`update notifications.notifications set read_at = now()
                 where user_id = ${userId} and read_at is null returning id`
  return rows.length
}

import type { Notification } from '@diamond/contracts/events/notifications'
import { jsonb } from '@diamond/runtime/columns'
import { primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { notificationsSchema } from '../../pg-schema'

/**
 * Notices: to one user (userId), or to a team (audience 'sales', migration 0003) whose members each
 * keep their own read mark in notificationReads. At most one unread outbid notice per reader and lot
 * (a partial unique index, migration 0004): a newer outbid updates it in place.
 */
export const notifications = notificationsSchema.table('notifications', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id'),
  kind: text('kind').notNull(),
  params: jsonb('params').$type<Notification['params']>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  readAt: timestamp('read_at', { withTimezone: true }),
  audience: text('audience').$type<'sales'>(),
})

/** A team member's read mark on a team notice. */
export const notificationReads = notificationsSchema.table(
  'notification_reads',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
)

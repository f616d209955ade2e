import { bigint, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { jsonb } from './columns'

/**
 * The runtime's own tables, present in every service's schema (runtime/migrations): the transactional
 * outbox, the consumed-event record of idempotent consumers, the revoked-token floors and the ended sessions.
 */
export function runtimeTables(schema: string) {
  const s = pgSchema(schema)
  return {
    outbox: s.table('outbox', {
      seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
      id: uuid('id').notNull().unique(),
      topic: text('topic').notNull(),
      key: text('key').notNull(),
      type: text('type').notNull(),
      event: jsonb('event').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      publishedAt: timestamp('published_at', { withTimezone: true }),
    }),
    consumedEvents: s.table(
      'consumed_events',
      {
        consumer: text('consumer').notNull(),
        eventId: uuid('event_id').notNull(),
        consumedAt: timestamp('consumed_at', { withTimezone: true }).notNull().defaultNow(),
      },
      (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
    ),
    tokenFloors: s.table('token_floors', {
      userId: uuid('user_id').primaryKey(),
      minVersion: integer('min_version').notNull(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    }),
    endedSessions: s.table('ended_sessions', {
      sessionId: uuid('session_id').primaryKey(),
      userId: uuid('user_id').notNull(),
      until: timestamp('until', { withTimezone: true }).notNull(),
    }),
  }
}

import { bigserial, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'
import { tracks } from '../tracks/tracks.schema'

const tz = { withTimezone: true } as const

/**
 * An enquiry's conversation (issue 26): every message after the enquiry's own text (the track's
 * `enquiry`), from its buyer or the sales team, in order. Removing the enquiry removes its conversation.
 */
export const enquiryMessages = stock.table('enquiry_messages', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  trackId: uuid('track_id')
    .notNull()
    .references(() => tracks.id, { onDelete: 'cascade' }),
  side: text('side').$type<'buyer' | 'sales'>().notNull(),
  authorId: uuid('author_id').notNull(),
  authorName: text('author_name').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
})
export type EnquiryMessageRow = typeof enquiryMessages.$inferSelect

import { smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'
import { stones } from '../stones/stones.schema'

/**
 * Blocks other than holds (holds keep their own table): a memo to a buyer (2, with a memo number),
 * a show (3) and an office (4) block, taken in the statement that takes the stone (migrations 0002, 0006, 0016).
 */
export const blocks = stock.table('blocks', {
  id: uuid('id').primaryKey().defaultRandom(),
  stoneId: uuid('stone_id')
    .notNull()
    .references(() => stones.id),
  blockType: smallint('block_type').notNull(),
  userId: uuid('user_id'),
  createdBy: uuid('created_by'),
  memoNo: text('memo_no').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** An office block's end, the slot's end (migration 0016); null for blocks that last until released. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** The appointment an office block is for (migration 0016). */
  appointmentId: uuid('appointment_id'),
})
export type Block = typeof blocks.$inferSelect

import { bigint, integer, numeric, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { bidding } from '../../pg-schema'

/**
 * Bidding's own view of each stone's status, learned from stock's events (no reads of stock's
 * tables), and the facts of a stone put up for bid: carat, Rap and asking price per carat in cents,
 * the seller's company (migrations 0001, 0002). The facts stay when the status later changes.
 */
export const stoneStatus = bidding.table('stone_status', {
  stoneId: uuid('stone_id').primaryKey(),
  vStnId: text('v_stn_id').notNull(),
  wSts: text('w_sts').notNull(),
  availability: text('availability').notNull(),
  statusVersion: integer('status_version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  crt: numeric('crt', { precision: 6, scale: 2, mode: 'number' }),
  rapCents: bigint('rap_cents', { mode: 'number' }),
  amtCents: bigint('amt_cents', { mode: 'number' }),
  seller: text('seller'),
  shape: text('shape'),
  color: text('color'),
  clarity: text('clarity'),
})
export type StoneStatus = typeof stoneStatus.$inferSelect

import { bigint, integer, numeric, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** drizzle's view of the stock tables (the SQL migrations are the source of truth). */
export const stock = pgSchema('stock')

export const stones = stock.table('stones', {
  id: uuid('id').primaryKey(),
  vStnId: text('v_stn_id').notNull(),
  stoneId: text('stone_id').notNull(),
  shape: text('shape').notNull(),
  carat: numeric('carat').notNull(),
  color: text('color').notNull(),
  clarity: text('clarity').notNull(),
  cut: text('cut').notNull(),
  polish: text('polish').notNull(),
  symmetry: text('symmetry').notNull(),
  fluorescence: text('fluorescence').notNull(),
  lab: text('lab').notNull(),
  location: text('location').notNull(),
  shade: text('shade').notNull(),
  rapCents: bigint('rap_cents', { mode: 'number' }).notNull(),
  back: numeric('back').notNull(),
  amtCents: bigint('amt_cents', { mode: 'number' }).notNull(),
  ctprCents: bigint('ctpr_cents', { mode: 'number' }).notNull(),
  wSts: text('w_sts').notNull(),
  sSts: text('s_sts').notNull(),
  statusVersion: integer('status_version').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})
export type Stone = typeof stones.$inferSelect

export const holds = stock.table('holds', {
  stoneId: uuid('stone_id').primaryKey(),
  holderId: uuid('holder_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

import type { DemandStatus } from '@diamond/contracts/http/demands.values'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import { jsonb } from '@diamond/runtime/columns'
import { bigserial, date, numeric, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'
import { stones } from '../stones/stones.schema'

const tz = { withTimezone: true } as const

/**
 * Demands (buy requests by criteria, spec section 3): the state (new, open, won, closed) is derived
 * from the buyer's decision (status), the till date (a day in Asia/Kolkata) and the stock at the time
 * of asking. `shapes` and the carat bounds are a coarse copy of the filter (null: any), so that a new
 * stone is tested only against demands that could want it.
 */
export const demands = stock.table('demands', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  tillDate: date('till_date').notNull(),
  filter: jsonb('filter').$type<StoneFilter>().notNull(),
  status: text('status').$type<DemandStatus>().notNull().default('active'),
  shapes: text('shapes').array(),
  crtMin: numeric('crt_min', { mode: 'number' }),
  crtMax: numeric('crt_max', { mode: 'number' }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  closedAt: timestamp('closed_at', tz),
  /** The buyer's user name, for the sales team's list (migration 0019; '' for older demands). */
  ownerName: text('owner_name').notNull().default(''),
})
export type Demand = typeof demands.$inferSelect

/** The sales team's answers to a buy request (issue 26), in order. */
export const demandReplies = stock.table('demand_replies', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  demandId: uuid('demand_id')
    .notNull()
    .references(() => demands.id, { onDelete: 'cascade' }),
  authorId: uuid('author_id').notNull(),
  authorName: text('author_name').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
})
export type DemandReplyRow = typeof demandReplies.$inferSelect

/** Each stone a demand's owner was told of, once (a stone back in stock, an event twice: nobody told again). */
export const demandMatches = stock.table(
  'demand_matches',
  {
    demandId: uuid('demand_id')
      .notNull()
      .references(() => demands.id, { onDelete: 'cascade' }),
    stoneId: uuid('stone_id')
      .notNull()
      .references(() => stones.id),
    notifiedAt: timestamp('notified_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.demandId, t.stoneId] })],
)

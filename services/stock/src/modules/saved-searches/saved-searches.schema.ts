import type { StoneFilter } from '@diamond/contracts/http/stock'
import { jsonb } from '@diamond/runtime/columns'
import { smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'

/**
 * Saved searches (type 1, with a title) and recent searches (type 2) of each user; a recent search
 * is kept once per distinct filter (`filter_key`), the same search again moving it to the top.
 */
export const searches = stock.table('searches', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  searchType: smallint('search_type').notNull(),
  title: text('title').notNull().default(''),
  filter: jsonb('filter').$type<StoneFilter>().notNull(),
  filterKey: text('filter_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
export type Search = typeof searches.$inferSelect

import type { ArticleKind, ArticleStatus } from '@diamond/contracts/http/articles'
import { numeric, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'

const tz = { withTimezone: true } as const

/**
 * A seller's articles (migration 0015): goods that are not single diamonds. `photos` are object
 * store keys (`articles/<article id>/<photo id>.<jpg|png>`) in the order the seller added them.
 */
export const articles = stock.table('articles', {
  id: uuid('id').primaryKey(),
  sellerCompanyId: uuid('seller_company_id').notNull(),
  kind: text('kind').$type<ArticleKind>().notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceUsd: numeric('price_usd', { precision: 11, scale: 2, mode: 'number' }).notNull(),
  status: text('status').$type<ArticleStatus>().notNull().default('draft'),
  photos: text('photos').array().notNull().default([]),
  createdBy: uuid('created_by').notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
})
export type ArticleRow = typeof articles.$inferSelect

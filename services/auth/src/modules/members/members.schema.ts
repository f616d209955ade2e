import { primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { auth } from '../../pg-schema'
import { companies, users } from '../users/users.schema'

const tz = { withTimezone: true } as const

/** Who follows which company (migration 0008): one row per user and company. */
export const follows = auth.table(
  'follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
)

/**
 * Orders as auth learns of them from stock's events (never stock's tables): one row per order and
 * seller company; deliveredAt is set when its shipment is delivered, which makes it rateable.
 */
export const orderSellers = auth.table(
  'order_sellers',
  {
    orderId: uuid('order_id').notNull(),
    companyId: uuid('company_id').notNull(),
    buyerId: uuid('buyer_id').notNull(),
    orderNo: text('order_no').notNull(),
    placedAt: timestamp('placed_at', tz).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', tz),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.companyId] })],
)
export type OrderSeller = typeof orderSellers.$inferSelect

/** A buyer's rating of a seller, once per order and seller (the primary key decides). */
export const ratings = auth.table(
  'ratings',
  {
    orderId: uuid('order_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.companyId] })],
)

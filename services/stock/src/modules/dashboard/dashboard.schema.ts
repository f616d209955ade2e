import { bigint, date, integer, numeric, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'

const tz = { withTimezone: true } as const

/** Each stone's share of the price index as last counted (migration 0017); no row: not in the index. */
export const priceIndexStones = stock.table('price_index_stones', {
  stoneId: uuid('stone_id').primaryKey(),
  shape: text('shape').notNull(),
  bracket: smallint('bracket').notNull(),
  ppcCents: bigint('ppc_cents', { mode: 'number' }).notNull(),
  back: numeric('back', { precision: 5, scale: 2 }),
})

/** The price index's sums per day, shape and size bracket: a day's row carries the day before's forward. */
export const priceIndexDays = stock.table(
  'price_index_days',
  {
    day: date('day').notNull(),
    shape: text('shape').notNull(),
    bracket: smallint('bracket').notNull(),
    stones: integer('stones').notNull(),
    ppcSum: numeric('ppc_sum').notNull(),
    rapStones: integer('rap_stones').notNull(),
    backSum: numeric('back_sum').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.shape, t.bracket] })],
)
export type PriceIndexDay = typeof priceIndexDays.$inferSelect

export const marketDays = stock.table('market_days', {
  day: date('day').primaryKey(),
  arrived: integer('arrived').notNull().default(0),
  sold: integer('sold').notNull().default(0),
})

export const dashFollows = stock.table(
  'dash_follows',
  {
    userId: uuid('user_id').notNull(),
    companyId: uuid('company_id').notNull(),
    since: timestamp('since', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
)

export const dashLots = stock.table('dash_lots', {
  lotId: uuid('lot_id').primaryKey(),
  auctionId: uuid('auction_id').notNull(),
  stoneId: uuid('stone_id').notNull(),
  closesAt: timestamp('closes_at', tz),
  highCents: bigint('high_cents', { mode: 'number' }),
  bidCount: integer('bid_count').notNull().default(0),
})

export const dashBids = stock.table(
  'dash_bids',
  {
    lotId: uuid('lot_id').notNull(),
    userId: uuid('user_id').notNull(),
    state: text('state').$type<'leading' | 'outbid'>().notNull(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.userId] })],
)

export const dashAppointments = stock.table('dash_appointments', {
  appointmentId: uuid('appointment_id').primaryKey(),
  buyerId: uuid('buyer_id').notNull(),
  officeName: text('office_name').notNull(),
  startsAt: timestamp('starts_at', tz).notNull(),
  endsAt: timestamp('ends_at', tz).notNull(),
  status: text('status').notNull(),
  version: integer('version').notNull(),
})

export const stoneHits = stock.table(
  'stone_hits',
  {
    stoneId: uuid('stone_id').notNull(),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
    holds: integer('holds').notNull().default(0),
    bids: integer('bids').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.stoneId, t.day] })],
)

export const searchHits = stock.table(
  'search_hits',
  {
    userId: uuid('user_id').notNull(),
    day: date('day').notNull(),
    searches: integer('searches').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)

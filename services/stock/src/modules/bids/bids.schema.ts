import { index, integer, timestamp, uuid } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'

/** An auction's lots heard of so far, until all have been (migration 0018): then its sellers' followers are told. */
export const auctionOpenings = stock.table(
  'auction_openings',
  {
    lotId: uuid('lot_id').primaryKey(),
    auctionId: uuid('auction_id').notNull(),
    stoneId: uuid('stone_id').notNull(),
    lots: integer('lots').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auction_openings_auction').on(t.auctionId)],
)

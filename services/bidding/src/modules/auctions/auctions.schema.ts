import type { BidKind } from '@diamond/contracts/http/bidding'
import { bigint, boolean, integer, numeric, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { bidding } from '../../pg-schema'

/** An auction of stones, set up by staff; its lots are what buyers bid on (migration 0002). */
export const auctions = bidding.table('auctions', {
  id: uuid('id').primaryKey(),
  title: text('title').notNull(),
  kind: text('kind').$type<BidKind>().notNull(),
  opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  createdBy: uuid('created_by').notNull(),
  demo: boolean('demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * One stone on offer. Terms are copied from the auction so that a lot decides on its own; the
 * state columns (close after extensions, high, count, last seq) move in the transaction that stores
 * the bids that moved them (the engine's); the result columns are written once, at the close.
 * Money is in cents per carat.
 */
export const lots = bidding.table('lots', {
  id: uuid('id').primaryKey(),
  auctionId: uuid('auction_id')
    .notNull()
    .references(() => auctions.id),
  kind: text('kind').$type<BidKind>().notNull(),
  stoneId: uuid('stone_id').notNull(),
  vStnId: text('v_stn_id').notNull(),
  crt: numeric('crt', { precision: 6, scale: 2, mode: 'number' }).notNull(),
  rapCents: bigint('rap_cents', { mode: 'number' }).notNull(),
  seller: text('seller').notNull(),
  /** Shape, colour and clarity as the stone had them when the auction was made (migration 0005; '' before). */
  shape: text('shape').notNull().default(''),
  color: text('color').notNull().default(''),
  clarity: text('clarity').notNull().default(''),
  opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  /** The close as first set; closesAt is the close now, after soft-close extensions. */
  scheduledClose: timestamp('scheduled_close', { withTimezone: true }).notNull(),
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  extensions: integer('extensions').notNull().default(0),
  startCents: bigint('start_cents', { mode: 'number' }).notNull(),
  incrementCents: bigint('increment_cents', { mode: 'number' }).notNull(),
  reserveCents: bigint('reserve_cents', { mode: 'number' }),
  buyNowCents: bigint('buy_now_cents', { mode: 'number' }),
  softWindowS: integer('soft_window_s'),
  softExtendS: integer('soft_extend_s'),
  highCents: bigint('high_cents', { mode: 'number' }),
  highBidder: uuid('high_bidder'),
  highBidId: uuid('high_bid_id'),
  bidCount: integer('bid_count').notNull().default(0),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  /** Result: null until closed. */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  /** won (a winner), closed (no valid bid reached the terms), withdrawn (ended early, no winner whatever the bids; migration 0004). */
  state: text('state').$type<'won' | 'closed' | 'withdrawn'>(),
  winnerId: uuid('winner_id'),
  winningBidId: uuid('winning_bid_id'),
  resultCents: bigint('result_cents', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A buyer's bid cart: lots they keep an eye on. */
export const bidCart = bidding.table(
  'bid_cart',
  {
    userId: uuid('user_id').notNull(),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => lots.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lotId] })],
)

import { bigint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { bidding } from '../../pg-schema'
import { lots } from '../auctions/auctions.schema'

/**
 * The append-only bid log: bids and withdrawals, numbered per lot (a trigger refuses updates and
 * deletes). createdAt is the database clock at the bid's arrival (the engine's estimate of it, see
 * clock.ts); storedAt the commit's. Results and bid statuses derive from the log and the lot's result.
 */
export const bids = bidding.table(
  'bids',
  {
    id: uuid('id').primaryKey(),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => lots.id),
    bidderId: uuid('bidder_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').$type<'bid' | 'withdraw'>().notNull(),
    /** Null for a withdrawal. */
    priceCents: bigint('price_cents', { mode: 'number' }),
    /** A retried request (same request id) is one bid. */
    requestId: uuid('request_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.lotId, t.seq), unique().on(t.lotId, t.bidderId, t.requestId)],
)

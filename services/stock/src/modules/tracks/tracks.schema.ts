import type { OfferSide, OfferStatus } from '@diamond/contracts/http/tracks.values'
import { bigint, bigserial, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'
import { stones } from '../stones/stones.schema'

const tz = { withTimezone: true } as const

/**
 * Track lists (spec section 4's action list types): one row per user, stone and list type. A quote
 * (type 4) carries its offer: whose turn, both sides' latest prices, and an expiry. Notes are the
 * comment list (type 99): the note is the track's remarks.
 */
export const tracks = stock.table(
  'tracks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    stoneId: uuid('stone_id')
      .notNull()
      .references(() => stones.id),
    trackType: smallint('track_type').notNull(),
    ownerName: text('owner_name').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    enquiry: text('enquiry'),
    reminderAt: timestamp('reminder_at', tz),
    remindedAt: timestamp('reminded_at', tz),
    offerStatus: text('offer_status').$type<OfferStatus>(),
    offerTurn: text('offer_turn').$type<OfferSide>(),
    askingCents: bigint('asking_cents', { mode: 'number' }),
    buyerCents: bigint('buyer_cents', { mode: 'number' }),
    salesCents: bigint('sales_cents', { mode: 'number' }),
    offerExpiresAt: timestamp('offer_expires_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [unique().on(t.userId, t.trackType, t.stoneId)],
)
export type Track = typeof tracks.$inferSelect

export type OfferAction = 'offer' | 'counter' | 'accept' | 'reject' | 'expire'

/** Every step of an offer, in order: the history both sides see. */
export const offerSteps = stock.table('offer_steps', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  trackId: uuid('track_id')
    .notNull()
    .references(() => tracks.id, { onDelete: 'cascade' }),
  side: text('side').$type<OfferSide>().notNull(),
  actorId: uuid('actor_id'),
  action: text('action').$type<OfferAction>().notNull(),
  priceCents: bigint('price_cents', { mode: 'number' }),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
})
export type OfferStep = typeof offerSteps.$inferSelect

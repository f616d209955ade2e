import type { OrderSource, ShipmentStatus } from '@diamond/contracts/http/orders.values'
import { jsonb } from '@diamond/runtime/columns'
import {
  bigint,
  boolean,
  date,
  integer,
  numeric,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'
import { stones } from '../stones/stones.schema'

const tz = { withTimezone: true } as const
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull()

/**
 * Orders: a confirm turns a basket of stones into one order at prices fixed at that moment. Money
 * is integer cents; the bill type is the code of contracts/src/http/orders.values.ts; carats are
 * numbers here (an order's figures are computed, never compared exactly).
 */
export const orders = stock.table('orders', {
  id: uuid('id').primaryKey(),
  orderNo: text('order_no').notNull().unique(),
  buyerId: uuid('buyer_id').notNull(),
  buyerName: text('buyer_name').notNull(),
  companyName: text('company_name').notNull().default(''),
  billType: smallint('bill_type').notNull(),
  pcs: integer('pcs').notNull(),
  carat: numeric('carat', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  amountCents: cents('amount_cents'),
  adjustmentCents: cents('adjustment_cents'),
  finalCents: cents('final_cents'),
  /** The accepted quote or offer that fixed the price, when there was one. */
  offerId: uuid('offer_id'),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  /** Issue 26: a confirm's order, or a won auction lot's (then `lotId` is the lot: one order per lot). */
  source: text('source').$type<OrderSource>().notNull().default('confirm'),
  lotId: uuid('lot_id').unique(),
  /** When payment is due (a won lot's terms); null: the bill type's days from the invoice. */
  payBy: date('pay_by'),
  /** The buyer's billing address when the order was placed (stock's `buyers` projection), for the invoice. */
  billTo: jsonb('bill_to').$type<BillTo>(),
})
export type Order = typeof orders.$inferSelect

/** Who the invoice is billed to: the buyer's company and billing address as auth last told stock. */
export interface BillTo {
  company: string
  lines: string[]
}

/** One stone of an order, with its figures at the confirm. */
export const orderLines = stock.table(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    stoneId: uuid('stone_id')
      .notNull()
      .references(() => stones.id),
    vStnId: text('v_stn_id').notNull(),
    shape: text('shape').notNull(),
    carat: numeric('carat', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    color: text('color').notNull(),
    clarity: text('clarity').notNull(),
    lab: text('lab').notNull(),
    location: text('location').notNull(),
    rapCents: cents('rap_cents'),
    back: numeric('back', { precision: 6, scale: 2, mode: 'number' }),
    pricePerCaratCents: cents('price_per_carat_cents'),
    amountCents: cents('amount_cents'),
    adjustmentCents: cents('adjustment_cents'),
    finalPricePerCaratCents: cents('final_price_per_carat_cents'),
    finalCents: cents('final_cents'),
    /** The buyer's own hold ended with this confirm (and not by expiry or release). */
    fromHold: boolean('from_hold').notNull(),
    /** The stone's seller (its company name) at the order, for the invoice; '' for house stock. */
    seller: text('seller').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.stoneId] })],
)
export type OrderLine = typeof orderLines.$inferSelect

/**
 * One answer per idempotency key and user, across instances: the primary key decides which of two
 * concurrent requests with the same key does the work; the other waits and reads its answer.
 */
export const idempotencyKeys = stock.table(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)

/** A shipment's way from the confirm to the buyer, every step reached kept with its time. */
export const shipments = stock.table('shipments', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id),
  status: text('status').$type<ShipmentStatus>().notNull().default('confirmed'),
  /** Every step reached, in order. */
  steps: jsonb('steps').$type<{ status: ShipmentStatus; at: string }[]>().notNull(),
  trackingNo: text('tracking_no'),
  /** Issue 26: the carrier it was shipped with (contracts' CARRIERS). */
  carrier: text('carrier'),
  expectedFrom: date('expected_from').notNull(),
  expectedTo: date('expected_to').notNull(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
})
export type Shipment = typeof shipments.$inferSelect

/**
 * What stock knows of a buyer for orders and invoices, from auth's profile events (issue 26): the
 * username, the company and the billing address (null: none on file), the newest version kept.
 */
export const buyers = stock.table('buyers', {
  userId: uuid('user_id').primaryKey(),
  username: text('username').notNull(),
  companyName: text('company_name').notNull().default(''),
  billing: jsonb('billing').$type<string[]>(),
  version: bigint('version', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
})
export type BuyerRow = typeof buyers.$inferSelect

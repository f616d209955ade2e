/**
 * Confirm and order constants without TypeBox, so the web imports them as they are.
 *
 * Bill types (spec sections 3 and 9). The spec names six types, each with "a value and a
 * reset-discount", the constants 2, 2.5 and 5, and a minimum amount of 15000 on some. Our reading:
 * - `value` is the extra discount, in percent of the amount, that paying on that bill earns; it
 *   is taken off at confirm (the "final calculation").
 * - `resetDiscount` is the discount, in percent of the amount, charged back ("reset") when payment
 *   misses the bill's term; it is a term printed on the dialog and the invoice, never applied at confirm.
 * - `minAmountCents`: the rupee and DD bills need a final amount of at least 15000 USD.
 */
export interface BillTypeInfo {
  code: number
  name: string
  /** Payment term in days; 0 for delivery against payment in Hong Kong. */
  days: number
  value: number
  resetDiscount: number
  minAmountCents: number | null
}

export const MIN_BILL_AMOUNT_CENTS = 1_500_000

export const BILL_TYPES: readonly BillTypeInfo[] = [
  {
    code: 1,
    name: '5 Days Rupee Bill',
    days: 5,
    value: 2.5,
    resetDiscount: 2.5,
    minAmountCents: MIN_BILL_AMOUNT_CENTS,
  },
  { code: 2, name: '30 Days Rupee Bill', days: 30, value: 0, resetDiscount: 2, minAmountCents: MIN_BILL_AMOUNT_CENTS },
  { code: 3, name: '5 Days DD bill', days: 5, value: 5, resetDiscount: 5, minAmountCents: MIN_BILL_AMOUNT_CENTS },
  { code: 4, name: '5 Days Export', days: 5, value: 2, resetDiscount: 2, minAmountCents: null },
  { code: 5, name: '30 Days Export', days: 30, value: 0, resetDiscount: 2.5, minAmountCents: null },
  { code: 6, name: 'HK Delivery', days: 0, value: 0, resetDiscount: 0, minAmountCents: null },
]
export const BILL_TYPE_CODES = [1, 2, 3, 4, 5, 6] as const
export type BillTypeCode = (typeof BILL_TYPE_CODES)[number]

/** The bill type of a confirm that names none (an accepted quote or offer): no term discount, no minimum. */
export const DEFAULT_BILL_TYPE: BillTypeCode = 5

/**
 * Issue 26: the terms of an order from a won auction lot (live, blind, look-and-bid or buy-now), as
 * RapNet's live auctions have them: the winning price is final (no bill-type discount, no minimum),
 * the invoice is dated the next business day after the close, and payment is due 3 business days
 * after the invoice. Not one of the six a buyer picks at confirm (BILL_TYPE_CODES leaves it out).
 */
export const AUCTION_BILL_TYPE: BillTypeInfo = {
  code: 7,
  name: 'Auction: pay within 3 business days',
  days: 3,
  value: 0,
  resetDiscount: 0,
  minAmountCents: null,
}
export const AUCTION_TERMS = { invoiceAfterBusinessDays: 1, payWithinBusinessDays: 3 } as const

/** Where an order came from: a buyer's confirm (or an accepted quote), or a won auction lot. */
export const ORDER_SOURCES = ['confirm', 'auction'] as const
export type OrderSource = (typeof ORDER_SOURCES)[number]

export function billType(code: number): BillTypeInfo | undefined {
  return code === AUCTION_BILL_TYPE.code ? AUCTION_BILL_TYPE : BILL_TYPES.find((b) => b.code === code)
}

/** Stones in one confirm. */
export const MAX_CONFIRM_STONES = 100

/** Shipment steps, in order. */
export const SHIPMENT_STEPS = ['confirmed', 'packed', 'shipped', 'delivered'] as const
export type ShipmentStatus = (typeof SHIPMENT_STEPS)[number]

/** Issue 26: carriers a shipment may go with, each with the link a tracking number opens ({no} replaced). */
export const CARRIERS = {
  'Malca-Amit': 'https://www.malca-amit.com/tracking/?no={no}',
  Brinks: 'https://www.brinksglobal.com/track?no={no}',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr={no}',
  DHL: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id={no}',
  UPS: 'https://www.ups.com/track?tracknum={no}',
} as const satisfies Record<string, string>
export const CARRIER_NAMES = [
  'Malca-Amit',
  'Brinks',
  'FedEx',
  'DHL',
  'UPS',
] as const satisfies readonly (keyof typeof CARRIERS)[]
export type Carrier = (typeof CARRIER_NAMES)[number]

/** The carrier's tracking page for a number (https only; null for an unknown carrier). */
export function trackingLink(carrier: string | null, trackingNo: string | null): string | null {
  if (!carrier || !trackingNo || !Object.hasOwn(CARRIERS, carrier)) return null
  return CARRIERS[carrier as Carrier].replace('{no}', encodeURIComponent(trackingNo))
}

/** Spec section 9: delivery takes 7-10 working days. */
export const DELIVERY_WORKING_DAYS = { from: 7, to: 10 } as const

/** Where the buyers of the spec's notice are: stones located elsewhere need the sales person for delivery in India. */
export const HOME_LOCATION = 'India'

/** The idempotency key of a confirm (its header is `idempotency-key`). */
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_-]{8,100}$'

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

export function billType(code: number): BillTypeInfo | undefined {
  return BILL_TYPES.find((b) => b.code === code)
}

/** Stones in one confirm. */
export const MAX_CONFIRM_STONES = 100

/** Shipment steps, in order. */
export const SHIPMENT_STEPS = ['confirmed', 'packed', 'shipped', 'delivered'] as const
export type ShipmentStatus = (typeof SHIPMENT_STEPS)[number]

/** Spec section 9: delivery takes 7-10 working days. */
export const DELIVERY_WORKING_DAYS = { from: 7, to: 10 } as const

/** Where the buyers of the spec's notice are: stones located elsewhere need the sales person for delivery in India. */
export const HOME_LOCATION = 'India'

/** The idempotency key of a confirm (its header is `idempotency-key`). */
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_-]{8,100}$'

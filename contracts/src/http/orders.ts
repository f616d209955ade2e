import { Type, type Static } from 'typebox'
import { literals, PageRequest, Uuid } from '../common'
import {
  BILL_TYPE_CODES,
  CARRIER_NAMES,
  IDEMPOTENCY_KEY_PATTERN,
  MAX_CONFIRM_STONES,
  ORDER_SOURCES,
  SHIPMENT_STEPS,
} from './orders.values'

/**
 * Confirm, orders, invoices and shipments. Money is in whole cents (`*Cents`, integers); a
 * discount is a percent with two decimals (negative is below Rap). For users whose settings hide
 * prices every money field is left out.
 */
const Cents = Type.Optional(Type.Integer())
const Percent = Type.Optional(Type.Union([Type.Number(), Type.Null()]))
const BillTypeCode = Type.Union(BILL_TYPE_CODES.map((c) => Type.Literal(c)))

export const BillType = Type.Object({
  code: Type.Integer(),
  name: Type.String(),
  days: Type.Integer(),
  value: Type.Number(),
  resetDiscount: Type.Number(),
  minAmountCents: Type.Union([Type.Integer(), Type.Null()]),
})
export type BillType = Static<typeof BillType>
export const BillTypeList = Type.Object({ list: Type.Array(BillType), defaultCode: Type.Integer() })
export type BillTypeList = Static<typeof BillTypeList>

const StoneIds = Type.Array(Uuid, { minItems: 1, maxItems: MAX_CONFIRM_STONES, uniqueItems: true })

/** `diamond/get-discount-calculations`: the figures of a selection on one bill type. */
export const CalculationRequest = Type.Object(
  { ids: StoneIds, billType: BillTypeCode },
  { additionalProperties: false },
)
export type CalculationRequest = Static<typeof CalculationRequest>

export const CalculationLine = Type.Object({
  id: Uuid,
  vStnId: Type.String(),
  shpNm: Type.String(),
  crt: Type.Number(),
  colNm: Type.String(),
  clrNm: Type.String(),
  lbNm: Type.String(),
  locNm: Type.String(),
  /** Whether the caller may confirm it now: available, or on hold for the caller. */
  available: Type.Boolean(),
  rapCents: Cents,
  back: Percent,
  pricePerCaratCents: Cents,
  amountCents: Cents,
  /** The bill type's extra discount on this stone (negative: money off). */
  adjustmentCents: Cents,
  finalBack: Percent,
  finalPricePerCaratCents: Cents,
  finalAmountCents: Cents,
})
export type CalculationLine = Static<typeof CalculationLine>

export const CalculationTotals = Type.Object({
  pcs: Type.Integer(),
  crt: Type.Number(),
  rapCents: Cents,
  amountCents: Cents,
  adjustmentCents: Cents,
  finalAmountCents: Cents,
  /** Average discount and price per carat of the whole selection, after the bill type. */
  finalBack: Percent,
  finalPricePerCaratCents: Cents,
})
export type CalculationTotals = Static<typeof CalculationTotals>

/** Spec section 8's notices that apply to this selection. */
export const ConfirmNotices = Type.Object({
  pricesFixed: Type.Boolean(),
  outsideIndia: Type.Boolean(),
  deliveryDays: Type.Boolean(),
})
export type ConfirmNotices = Static<typeof ConfirmNotices>

export const Calculation = Type.Object({
  billType: BillType,
  lines: Type.Array(CalculationLine),
  totals: CalculationTotals,
  /** The final amount reaches the bill type's minimum (always true without one). */
  meetsMinimum: Type.Boolean(),
  notices: ConfirmNotices,
  /** Stones in the selection that the caller cannot confirm now. */
  unavailableIds: Type.Array(Uuid),
})
export type Calculation = Static<typeof Calculation>

/**
 * `diamond-confirm/request`: the basket, all or nothing. The idempotency key travels in the
 * `Idempotency-Key` header; `companyName` is the buyer's company as their session shows it, printed on the invoice.
 */
export const ConfirmRequest = Type.Object(
  { ids: StoneIds, billType: BillTypeCode, companyName: Type.Optional(Type.String({ maxLength: 120 })) },
  { additionalProperties: false },
)
export type ConfirmRequest = Static<typeof ConfirmRequest>
export const ConfirmHeaders = Type.Object({ 'idempotency-key': Type.String({ pattern: IDEMPOTENCY_KEY_PATTERN }) })

export const OrderLine = Type.Object({
  stoneId: Uuid,
  vStnId: Type.String(),
  /** Issue 26: the stone's seller (company) at the order; absent for the house's own stock. */
  sellerNm: Type.Optional(Type.String()),
  shpNm: Type.String(),
  crt: Type.Number(),
  colNm: Type.String(),
  clrNm: Type.String(),
  lbNm: Type.String(),
  locNm: Type.String(),
  rapCents: Cents,
  back: Percent,
  pricePerCaratCents: Cents,
  amountCents: Cents,
  adjustmentCents: Cents,
  finalPricePerCaratCents: Cents,
  finalAmountCents: Cents,
})
export type OrderLine = Static<typeof OrderLine>

export const ShipmentStatus = literals(SHIPMENT_STEPS)
export const Shipment = Type.Object({
  orderId: Uuid,
  orderNo: Type.String(),
  status: ShipmentStatus,
  /** Each step reached so far with its time. */
  steps: Type.Array(Type.Object({ status: ShipmentStatus, at: Type.String() })),
  trackingNo: Type.Union([Type.String(), Type.Null()]),
  /** Issue 26: the carrier it left with, and its tracking page (null before it is shipped). */
  carrier: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  trackingUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The delivery window: 7 to 10 working days from the order (spec section 9). */
  expectedFrom: Type.String(),
  expectedTo: Type.String(),
  stones: Type.Integer(),
  updatedAt: Type.String(),
  /** Issue 26: whose order (the staff's shipments desk shows it). */
  buyerName: Type.Optional(Type.String()),
})
export type Shipment = Static<typeof Shipment>

export const Order = Type.Object({
  id: Uuid,
  orderNo: Type.String(),
  createdAt: Type.String(),
  billType: BillType,
  companyName: Type.String(),
  buyerName: Type.String(),
  pcs: Type.Integer(),
  crt: Type.Number(),
  amountCents: Cents,
  adjustmentCents: Cents,
  finalAmountCents: Cents,
  shipmentStatus: ShipmentStatus,
  lines: Type.Array(OrderLine),
  /** Issue 26: a confirm's order or a won auction lot's (absent: a confirm). */
  source: Type.Optional(literals(ORDER_SOURCES)),
  /** The date payment is due (a won lot: 3 business days after the invoice, dated the next business day). */
  payBy: Type.Optional(Type.Union([Type.String(), Type.Null()])),
})
export type Order = Static<typeof Order>

export const ConfirmResult = Type.Object({ order: Order })
export type ConfirmResult = Static<typeof ConfirmResult>

export const OrderId = Type.Object({ id: Uuid }, { additionalProperties: false })
export type OrderId = Static<typeof OrderId>
export const OrderPage = Type.Object({ list: Type.Array(Order), count: Type.Integer() })
export type OrderPage = Static<typeof OrderPage>

/** `diamond-confirm/paginate`: the caller's confirmed stones, newest first. */
export const ConfirmedStone = Type.Object({
  ...OrderLine.properties,
  orderId: Uuid,
  orderNo: Type.String(),
  confirmedAt: Type.String(),
  billTypeName: Type.String(),
  /** The bill type's code, so that the web app names it in the reader's language. */
  billTypeCode: Type.Optional(Type.Integer()),
})
export type ConfirmedStone = Static<typeof ConfirmedStone>
export const ConfirmedPage = Type.Object({ list: Type.Array(ConfirmedStone), count: Type.Integer() })
export type ConfirmedPage = Static<typeof ConfirmedPage>

export { PageRequest }

/** `shipping-detail`: one order's shipment. */
export const ShipmentRequest = Type.Object({ orderId: Uuid }, { additionalProperties: false })
export type ShipmentRequest = Static<typeof ShipmentRequest>
/** `shipping-detail/paginate`: a page of shipments; `open` only those not delivered yet (the desk's work). */
export const ShipmentPageRequest = Type.Object(
  { ...PageRequest.properties, open: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
)
export type ShipmentPageRequest = Static<typeof ShipmentPageRequest>
export const ShipmentPage = Type.Object({ list: Type.Array(Shipment), count: Type.Integer() })
export type ShipmentPage = Static<typeof ShipmentPage>

/** Staff: move a shipment on by one step; shipping needs the carrier's tracking number. */
export const ShipmentUpdate = Type.Object(
  {
    orderId: Uuid,
    status: ShipmentStatus,
    trackingNo: Type.Optional(Type.String({ minLength: 3, maxLength: 60, pattern: '^[A-Za-z0-9-]+$' })),
    /** Issue 26: shipping also names the carrier (its tracking link follows from it). */
    carrier: Type.Optional(literals(CARRIER_NAMES)),
  },
  { additionalProperties: false },
)
export type ShipmentUpdate = Static<typeof ShipmentUpdate>

/** `shipping-detail/track`: a stone number (vStnId) or an order number of the caller's own orders. */
export const TrackRequest = Type.Object(
  { q: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
)
export type TrackRequest = Static<typeof TrackRequest>
export const TrackResult = Type.Object({ order: Order, shipment: Shipment })
export type TrackResult = Static<typeof TrackResult>

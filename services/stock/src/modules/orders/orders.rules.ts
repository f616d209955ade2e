import { createHash } from 'node:crypto'
import {
  AUCTION_TERMS,
  DELIVERY_WORKING_DAYS,
  HOME_LOCATION,
  IDEMPOTENCY_KEY_PATTERN,
  SHIPMENT_STEPS,
  type BillTypeInfo,
  type ShipmentStatus,
} from '@diamond/contracts/http/orders.values'
import type { Stone } from '../stones/stones.schema'

/** What a confirm needs of a stone, as the database has it (carat and discount as numbers: figures are computed from them). */
export type PricedStone = Pick<
  Stone,
  'id' | 'vStnId' | 'shape' | 'color' | 'clarity' | 'lab' | 'location' | 'wSts' | 'sellerCompanyId'
> & {
  /** The seller's company name, printed on the invoice (absent where a caller has no need of it). */
  seller?: string
  carat: number
  back: number | null
  rapCents: Stone['rapCents']
  /** Price per carat (the spec's amt). */
  amtCents: Stone['amtCents']
  /** Amount (the spec's ctPr). */
  ctprCents: Stone['ctprCents']
}

export interface LineFigures {
  rapCents: number
  back: number | null
  pricePerCaratCents: number
  amountCents: number
  adjustmentCents: number
  finalBack: number | null
  finalPricePerCaratCents: number
  finalAmountCents: number
}

export interface TotalFigures {
  pcs: number
  crt: number
  rapCents: number
  amountCents: number
  adjustmentCents: number
  finalAmountCents: number
  finalBack: number | null
  finalPricePerCaratCents: number
}

const round2 = (n: number) => Math.round(n * 100) / 100
/** Carat has two decimals: hundredths of a carat keep the products in integers. */
const centiCarat = (carat: number) => Math.round(carat * 100)
const amountOf = (ppcCents: number, carat: number) => Math.round((ppcCents * centiCarat(carat)) / 100)
const perCarat = (amountCents: number, carat: number) =>
  centiCarat(carat) > 0 ? Math.round((amountCents * 100) / centiCarat(carat)) : 0
/** The discount a price per carat stands at against Rap, in percent (negative is below Rap). */
const discountOf = (ppcCents: number, rapCents: number) =>
  rapCents > 0 ? round2((ppcCents / rapCents - 1) * 100) : null

/**
 * One stone's figures on a bill type: its price (or a price per carat fixed elsewhere, an accepted
 * quote), then the bill type's extra discount taken off the amount, in whole cents. Amounts round
 * half up once per stone, so a total is always the sum of its lines.
 */
export function lineFigures(s: PricedStone, bill: BillTypeInfo, pricePerCaratCents?: number): LineFigures {
  const ppc = pricePerCaratCents ?? s.amtCents
  const amount = pricePerCaratCents === undefined ? s.ctprCents : amountOf(ppc, s.carat)
  // `0 -` keeps a zero adjustment +0 (a bare minus would make it -0).
  const adjustment = 0 - Math.round((amount * Math.round(bill.value * 100)) / 10_000)
  const final = amount + adjustment
  const finalPpc = perCarat(final, s.carat)
  return {
    rapCents: s.rapCents,
    back: pricePerCaratCents === undefined ? s.back : discountOf(ppc, s.rapCents),
    pricePerCaratCents: ppc,
    amountCents: amount,
    adjustmentCents: adjustment,
    finalBack: discountOf(finalPpc, s.rapCents),
    finalPricePerCaratCents: finalPpc,
    finalAmountCents: final,
  }
}

export function totalFigures(stones: readonly PricedStone[], lines: readonly LineFigures[]): TotalFigures {
  const crt = round2(stones.reduce((n, s) => n + centiCarat(s.carat), 0) / 100)
  const sum = (f: (l: LineFigures) => number) => lines.reduce((n, l) => n + f(l), 0)
  // Rap of the selection: each stone's Rap per carat times its carat.
  const rapCents = stones.reduce((n, s) => n + amountOf(s.rapCents, s.carat), 0)
  const finalAmountCents = sum((l) => l.finalAmountCents)
  const finalPpc = crt > 0 ? perCarat(finalAmountCents, crt) : 0
  return {
    pcs: stones.length,
    crt,
    rapCents,
    amountCents: sum((l) => l.amountCents),
    adjustmentCents: sum((l) => l.adjustmentCents),
    finalAmountCents,
    finalBack: rapCents > 0 ? round2((finalAmountCents / rapCents - 1) * 100) : null,
    finalPricePerCaratCents: finalPpc,
  }
}

/** The bill type's minimum applies to the final amount, the sum the buyer is billed. */
export const meetsMinimum = (bill: BillTypeInfo, finalAmountCents: number) =>
  bill.minAmountCents === null || finalAmountCents >= bill.minAmountCents

/** Spec section 8's notices for a selection: prices fixed and delivery time always, India when a stone lies elsewhere. */
export function noticesFor(stones: readonly Pick<PricedStone, 'location'>[]) {
  return { pricesFixed: true, deliveryDays: true, outsideIndia: stones.some((s) => s.location !== HOME_LOCATION) }
}

/**
 * Whether the buyer may confirm each stone now: it is available with no hold, or it is on hold
 * for this buyer. A hold counts while its row exists: the expiry sweep is the one place a hold
 * ends by time, so a hold ends either confirmed or released, never both.
 */
export function decideConfirm(
  ids: readonly string[],
  stones: ReadonlyMap<string, Pick<Stone, 'wSts'>>,
  holders: ReadonlyMap<string, string>,
  buyerId: string,
): { unavailable: string[]; fromHold: Set<string> } {
  const unavailable: string[] = []
  const fromHold = new Set<string>()
  for (const id of ids) {
    const s = stones.get(id)
    const holder = holders.get(id)
    if (s?.wSts === 'A' && holder === undefined) continue
    if (s?.wSts === 'H' && holder === buyerId) {
      fromHold.add(id)
      continue
    }
    unavailable.push(id)
  }
  return { unavailable, fromHold }
}

const KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN)
export const isIdempotencyKey = (key: unknown): key is string => typeof key === 'string' && KEY.test(key)

/**
 * What makes two confirms "the same request": the set of stones (order and duplicates aside), the
 * bill type and any prices fixed elsewhere. The company name is a label, not part of the request.
 */
export function requestFingerprint(
  ids: readonly string[],
  billType: number,
  prices?: Readonly<Record<string, number>>,
): string {
  const set = [...new Set(ids.map((i) => i.toLowerCase()))].sort()
  const fixed = prices
    ? Object.entries(prices)
        .map(([k, v]) => [k.toLowerCase(), v] as const)
        .sort(([a], [b]) => a.localeCompare(b))
    : []
  return createHash('sha256').update(JSON.stringify({ set, billType, fixed })).digest('hex')
}

/** A shipment moves forward exactly one step; anything else is refused. */
export function canAdvance(current: ShipmentStatus, wanted: ShipmentStatus): boolean {
  return SHIPMENT_STEPS.indexOf(wanted) === SHIPMENT_STEPS.indexOf(current) + 1
}

/** `n` working days (Monday to Friday) after `from`, as a calendar date (UTC). */
export function addWorkingDays(from: Date, n: number): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()))
  let left = n
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1)
    const day = d.getUTCDay()
    if (day !== 0 && day !== 6) left--
  }
  return d
}

/**
 * A won lot's terms (AUCTION_TERMS): the invoice is dated the next business day after the close,
 * payment is due 3 business days after the invoice. Calendar dates (UTC).
 */
export function auctionPayBy(closedAt: Date): { invoiceOn: Date; payBy: Date } {
  const invoiceOn = addWorkingDays(closedAt, AUCTION_TERMS.invoiceAfterBusinessDays)
  return { invoiceOn, payBy: addWorkingDays(invoiceOn, AUCTION_TERMS.payWithinBusinessDays) }
}

/** Spec section 9: at least 7 to 10 working days from the order. */
export function deliveryWindow(orderedAt: Date): { from: Date; to: Date } {
  return {
    from: addWorkingDays(orderedAt, DELIVERY_WORKING_DAYS.from),
    to: addWorkingDays(orderedAt, DELIVERY_WORKING_DAYS.to),
  }
}

/** A retry-worthy database failure: a deadlock or a serialization conflict, never the user's business. */
export const isRetryable = (err: unknown) => {
  const code = (err as { code?: string } | null)?.code
  return code === '40P01' || code === '40001'
}

/** The seller companies of a basket, comma-joined in a fixed order (a trade event's params are flat). */
export const sellersOf = (basket: readonly Pick<PricedStone, 'sellerCompanyId'>[]) =>
  [...new Set(basket.flatMap((s) => (s.sellerCompanyId ? [s.sellerCompanyId] : [])))].sort().join(',')

/** A tax the invoice adds to the final amount (STOCK_INVOICE_TAXES): its name and rate in percent. */
export interface TaxRate {
  name: string
  percent: number
}

/** 'IGST:0.25,Cess:0.1' -> the taxes; '' -> none (the config's pattern has checked the form). */
export const parseTaxes = (spec: string): TaxRate[] =>
  spec
    .split(',')
    .filter((t) => t.trim())
    .map((t) => {
      const [name, percent] = t.split(':')
      return { name: name!.trim(), percent: Number(percent) }
    })

/**
 * The invoice's tax lines on a final amount, each rounded half up to whole cents on its own (rates
 * have up to three decimals: thousandths of a percent keep the product in integers), and the total.
 */
export function taxLines(finalCents: number, taxes: readonly TaxRate[]) {
  const lines = taxes.map((t) => ({
    ...t,
    cents: Math.round((finalCents * Math.round(t.percent * 1000)) / 100_000),
  }))
  return { lines, totalCents: finalCents + lines.reduce((n, l) => n + l.cents, 0) }
}

import { GONE_W_STS } from '@diamond/contracts/events/stock'
import { UPLOAD_FIELDS, type UploadField } from '@diamond/contracts/http/inventory.values'
import type { FieldChange, KeptReason, SellerStoneStatus } from '@diamond/contracts/http/inventory'
import { rapCents } from '../rap/rap.rules'
import { amountCents, pricePerCaratCents, SHAPE_FULL } from '../stones/stones.rules'
import type { StoneDraft, UploadMode } from './inventory.types'

/**
 * What an upload does to a seller's stock, stone by stone: pure rules, no I/O, the clock passed in.
 * The service streams the file's drafts past the seller's current stones and asks these rules; the
 * commit's SQL re-checks the same protection (`PROTECTED_W_STS`) at commit time.
 */

/**
 * The stone fields an upload compares, in this order (the packed form below follows it): the fields
 * an upload column fills, without the stock number (the key) and with the stored amount in place of
 * the two ways a file may give a price.
 */
export type DiffField = Exclude<UploadField, 'stoneId' | 'pricePerCarat' | 'totalPrice'> | 'amtCents'
export const DIFF_FIELDS: readonly DiffField[] = UPLOAD_FIELDS.flatMap((f): DiffField[] =>
  f === 'stoneId' || f === 'totalPrice' ? [] : f === 'pricePerCarat' ? ['amtCents'] : [f],
)

/** Fields held as numbers with two decimals (numeric(…, 2) in the table). */
const DECIMAL_FIELDS: ReadonlySet<DiffField> = new Set([
  'carat',
  'back',
  'length',
  'width',
  'height',
  'depPer',
  'tblPer',
])
/** Fields held as whole numbers (cents). */
const INTEGER_FIELDS: ReadonlySet<DiffField> = new Set(['amtCents'])

/** Separates packed values: a control character no upload cell keeps (the reader drops them). */
export const PACK_SEPARATOR = '\u001f'

/**
 * A stone's compared values as one string, exactly as PostgreSQL writes the same columns as text
 * (`1.20`, `-31.50`, `1234500`): the seller's whole stock is held this way during a preview (one
 * short string a stone, not an object of 34 fields), and equal strings mean "unchanged" at once.
 */
export function pack(values: Readonly<Record<DiffField, string | number>>): string {
  return DIFF_FIELDS.map((f) => textOf(f, values[f])).join(PACK_SEPARATOR)
}

function textOf(field: DiffField, v: string | number): string {
  if (DECIMAL_FIELDS.has(field)) return (Number(v) + 0).toFixed(2)
  if (INTEGER_FIELDS.has(field)) return String(Math.round(Number(v)))
  return String(v)
}

/** The priced stone a draft becomes: the Rap price from the list, price per carat and amount from the discount. */
export interface PricedDraft extends StoneDraft {
  shapeFull: string
  rapCents: number
  amtCents: number
  ctprCents: number
  ratio: number
  isFancy: boolean
}

export function priceDraft({ pricePerCaratCents: givenPpc, totalCents: givenTotal, ...d }: StoneDraft): PricedDraft {
  const rap = rapCents(d.shape, d.carat, d.color, d.clarity)
  // A price the seller gave is listed as given; a discount prices the stone from the Rap list.
  const amt = givenPpc ?? pricePerCaratCents(rap, d.back)
  return {
    ...d,
    shapeFull: SHAPE_FULL[d.shape] ?? d.shape,
    rapCents: rap,
    amtCents: amt,
    ctprCents: givenTotal ?? amountCents(amt, d.carat),
    ratio:
      d.length && d.width ? Math.round((Math.max(d.length, d.width) / Math.min(d.length, d.width)) * 100) / 100 : 0,
    isFancy: d.fancyColor !== '',
  }
}

export const comparable = (d: PricedDraft): Record<DiffField, string | number> =>
  Object.fromEntries(DIFF_FIELDS.map((f) => [f, d[f]])) as Record<DiffField, string | number>

/** Web statuses under which a stone is someone's (or out of the office) and an upload leaves it alone. */
export const PROTECTED_W_STS: Readonly<Record<string, KeptReason>> = {
  H: 'held',
  M: 'memo',
  D: 'memo',
  C: 'confirmed',
  X: 'sold',
  S: 'show',
  O: 'show',
}

/** What the commit and the rules need of a stone's status. */
export interface StoneStatusFacts {
  wSts: string
  inOrder: boolean
  /** In a running auction lot. */
  inLot: boolean
}

/**
 * Why an upload may not change or delete this stone (held, on memo, confirmed, in an order, in a
 * running auction, sold, at a show or the office), or null when it may.
 */
export function keptReason(s: StoneStatusFacts): KeptReason | null {
  if (s.inLot) return 'auction'
  if (s.inOrder) return 'order'
  return PROTECTED_W_STS[s.wSts] ?? null
}

/** The seller's stone as the preview holds it. */
export interface CurrentStone extends StoneStatusFacts {
  id: string
  vStnId: string
  /** `pack` of its values. */
  packed: string
}

/** Price per carat change in percent (two decimals) against the current price; null when it did not move. */
export function priceChangePct(fromCents: number, toCents: number): number | null {
  if (fromCents === toCents) return null
  if (fromCents <= 0) return null
  return Math.round(((toCents - fromCents) / fromCents) * 10_000) / 100
}

/** The fields whose packed texts differ, with the values now and the upload's. */
export function changedFields(packedNow: string, packedNext: string): FieldChange[] {
  const a = packedNow.split(PACK_SEPARATOR)
  const b = packedNext.split(PACK_SEPARATOR)
  const out: FieldChange[] = []
  DIFF_FIELDS.forEach((field, i) => {
    if (a[i] === b[i]) return
    const numeric = DECIMAL_FIELDS.has(field) || INTEGER_FIELDS.has(field)
    out.push({ field, from: numeric ? Number(a[i]) : (a[i] ?? ''), to: numeric ? Number(b[i]) : (b[i] ?? '') })
  })
  return out
}

export type RowDecision =
  | { kind: 'added' }
  | { kind: 'unchanged' }
  | { kind: 'updated'; changes: FieldChange[]; pricePct: number | null }
  | { kind: 'kept'; reason: KeptReason; wouldBe: 'updated'; changes: FieldChange[]; pricePct: number | null }

/** A valid row against the seller's stone of the same stock number (or none). */
export function decideRow(current: CurrentStone | undefined, next: PricedDraft): RowDecision {
  if (!current) return { kind: 'added' }
  const packedNext = pack(comparable(next))
  if (packedNext === current.packed) return { kind: 'unchanged' }
  const changes = changedFields(current.packed, packedNext)
  const amt = changes.find((c) => c.field === 'amtCents')
  const pricePct = amt ? priceChangePct(Number(amt.from), Number(amt.to)) : null
  const reason = keptReason(current)
  if (reason) return { kind: 'kept', reason, wouldBe: 'updated', changes, pricePct }
  return { kind: 'updated', changes, pricePct }
}

export type OmittedDecision = { kind: 'deleted' } | { kind: 'kept'; reason: KeptReason; wouldBe: 'deleted' } | null

/**
 * A stone of the seller that the file leaves out: add-and-update leaves it alone; replace-all
 * deletes it, unless someone is buying it. A stone already removed is not the seller's stock.
 */
export function decideOmitted(current: CurrentStone, mode: UploadMode): OmittedDecision {
  if (mode === 'addUpdate' || current.wSts === GONE_W_STS.removed) return null
  const reason = keptReason(current)
  return reason ? { kind: 'kept', reason, wouldBe: 'deleted' } : { kind: 'deleted' }
}

/** A stock number as the diff matches it: trimmed, upper case (sellers' files vary in case). */
export const stockKey = (stockNo: string): string => stockNo.trim().toUpperCase()

const DAY_MS = 86_400_000

/** Manage diamonds: a stone's status as its seller sees it, at `now`. */
export function sellerStoneStatus(s: StoneStatusFacts & { listedUntil: Date | null }, now: number): SellerStoneStatus {
  if (s.inLot || s.wSts === 'B') return 'auction'
  if (s.wSts === GONE_W_STS.expired) return 'expired'
  if (s.inOrder || s.wSts === 'C' || s.wSts === 'X') return 'sold'
  if (s.wSts === 'H') return 'held'
  if (s.wSts === 'M' || s.wSts === 'D') return 'memo'
  if (s.listedUntil && s.listedUntil.getTime() - now <= DAY_MS) return 'expiring'
  return 'listed'
}

/** When a listing listed or refreshed at `now` runs out. */
export const listedUntilFrom = (now: number, days: number): Date => new Date(now + days * DAY_MS)

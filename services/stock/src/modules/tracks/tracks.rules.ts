import type { FieldProblem } from '@diamond/runtime/errors'
import {
  QUOTE_MIN_DIFF,
  TRACK_TYPES,
  type OfferSide,
  type OfferStatus,
  type TrackType,
} from '@diamond/contracts/http/tracks.values'
import type { Module } from '@diamond/contracts/permissions'
import { centsOf } from '@diamond/contracts/money'

/**
 * Each list's permission module (spec section 6). Where the spec is silent: request (a view
 * request) and show select follow `office`, bid cart `bid`, comments `notes`.
 */
export const TRACK_MODULES: Record<TrackType, Module> = {
  [TRACK_TYPES.cart]: 'cart',
  [TRACK_TYPES.watchlist]: 'watchlist',
  [TRACK_TYPES.request]: 'office',
  [TRACK_TYPES.quote]: 'quote',
  [TRACK_TYPES.reminder]: 'reminder',
  [TRACK_TYPES.enquiry]: 'enquiry',
  [TRACK_TYPES.shipment]: 'shipment',
  [TRACK_TYPES.showSelect]: 'office',
  [TRACK_TYPES.bidCart]: 'bid',
  [TRACK_TYPES.buyRequest]: 'buyRequest',
  [TRACK_TYPES.comment]: 'notes',
}

/** Lists whose stones are told when another buyer takes one (spec: "I am told"). */
export const TAKEN_WATCH_TYPES: readonly TrackType[] = [TRACK_TYPES.cart, TRACK_TYPES.watchlist, TRACK_TYPES.quote]

export const MIN_DIFF_CENTS = QUOTE_MIN_DIFF * 100

export type { FieldProblem }

/** Dollars with at most two decimals to whole cents; null when it has more. */
export const toCents = centsOf

/** A reminder date must lie ahead of `now` (the database clock's idea of now, passed in). */
export function reminderProblem(reminderAt: string | undefined, now: Date): FieldProblem | null {
  if (reminderAt === undefined) return { field: 'reminderAt', in: 'body', message: 'is required for a reminder' }
  const at = Date.parse(reminderAt)
  if (!Number.isFinite(at)) return { field: 'reminderAt', in: 'body', message: 'must be a date and time' }
  if (at <= now.getTime()) return { field: 'reminderAt', in: 'body', message: 'must be in the future' }
  return null
}

/** The state of an offer that the rules decide on. Prices are cents per carat. */
export interface OfferState {
  status: OfferStatus
  turn: OfferSide
  askingCents: number
  buyerCents: number
  /** The sales team's latest counter; the asking price until they counter. */
  salesCents: number | null
}

export type Decision =
  | { ok: true; next: Pick<OfferState, 'status' | 'turn' | 'buyerCents' | 'salesCents'>; priceCents: number | null }
  | { ok: false; code: 'E_OFFER_CLOSED' | 'E_OFFER_NOT_YOUR_TURN' | 'E_QUOTE_MIN_DIFF'; data?: Record<string, unknown> }

const minDiff = (data: Record<string, unknown>) => ({
  ok: false as const,
  code: 'E_QUOTE_MIN_DIFF' as const,
  data: { minDiff: 10, ...data },
})

/**
 * Spec section 9, "minimum ct/pr difference for quotes is 10", read as: a buyer's first quote is
 * at least 10 USD per carat below the asking price (a quote at the price is a confirm), and every
 * counter moves at least 10 USD per carat from the side's own last price while staying at least 10
 * short of the other side's (closer than that, the side accepts instead).
 */
export function openQuote(askingCents: number, quoteCents: number): Decision {
  if (quoteCents > askingCents - MIN_DIFF_CENTS) return minDiff({ maxPrice: (askingCents - MIN_DIFF_CENTS) / 100 })
  return {
    ok: true,
    next: { status: 'open', turn: 'sales', buyerCents: quoteCents, salesCents: null },
    priceCents: quoteCents,
  }
}

export function counter(s: OfferState, side: OfferSide, priceCents: number): Decision {
  if (s.status !== 'open') return { ok: false, code: 'E_OFFER_CLOSED' }
  if (s.turn !== side) return { ok: false, code: 'E_OFFER_NOT_YOUR_TURN' }
  const sales = s.salesCents ?? s.askingCents
  const low = s.buyerCents + MIN_DIFF_CENTS
  const high = sales - MIN_DIFF_CENTS
  if (priceCents < low || priceCents > high) return minDiff({ minPrice: low / 100, maxPrice: high / 100 })
  const next =
    side === 'buyer'
      ? { status: 'open' as const, turn: 'sales' as const, buyerCents: priceCents, salesCents: s.salesCents }
      : { status: 'open' as const, turn: 'buyer' as const, buyerCents: s.buyerCents, salesCents: priceCents }
  return { ok: true, next, priceCents }
}

/** The side whose turn it is takes the other side's latest price, or ends the offer. */
export function answer(s: OfferState, side: OfferSide, status: 'accepted' | 'rejected'): Decision {
  if (s.status !== 'open') return { ok: false, code: 'E_OFFER_CLOSED' }
  if (s.turn !== side) return { ok: false, code: 'E_OFFER_NOT_YOUR_TURN' }
  const price = status === 'rejected' ? null : side === 'sales' ? s.buyerCents : (s.salesCents ?? s.askingCents)
  return {
    ok: true,
    next: { status, turn: s.turn, buyerCents: s.buyerCents, salesCents: s.salesCents },
    priceCents: price,
  }
}

/** The price a closed deal was made at: the accepted side's last price. */
export function agreedCents(s: Pick<OfferState, 'turn' | 'buyerCents' | 'salesCents' | 'askingCents'>): number {
  return s.turn === 'sales' ? s.buyerCents : (s.salesCents ?? s.askingCents)
}

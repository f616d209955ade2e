import type { ErrorCode } from '@diamond/contracts/errors'
import { MAX_BID_PER_CARAT } from '@diamond/contracts/http/bidding'
import { companyKey } from '@diamond/contracts/companies'
import { centsOf } from '@diamond/contracts/money'
import { softCloseAfter, type LotTerms } from './winner.rules'

/** USD with at most 2 decimals to whole cents; null when the amount has more decimals (or is not a sane number). */
export function toCents(usd: number): number | null {
  if (!(usd > 0 && usd <= MAX_BID_PER_CARAT)) return null
  return centsOf(usd)
}

/** Spec money: amount = price per carat × carat (carat has 2 decimals), whole cents. */
export const amountCents = (pricePerCaratCents: number, crt: number) =>
  Math.round((pricePerCaratCents * Math.round(crt * 100)) / 100)

/** The average discount against Rap, % with 2 decimals (negative below Rap); null without a Rap price. */
export const backOf = (pricePerCaratCents: number, rapCents: number) =>
  rapCents > 0 ? Math.round((pricePerCaratCents / rapCents - 1) * 10_000) / 100 : null

/** What the engine knows of a lot when a bid comes. */
export interface LotState extends LotTerms {
  sealed: boolean
  seller: string
  incrementCents: number
  /** The close now (after extensions). */
  closesAt: number
  extensions: number
  /** Closed, or ended by a buy-now bid. */
  ended: boolean
  highCents: number | null
  /** Who holds the high (open kinds). */
  highBidder: string | null
}

/**
 * The least a bid may be now: open kinds the high plus the increment (or the start); sealed the
 * start. Never above the buy-now price: that price always buys, whatever the high.
 */
export function minimumCents(
  lot: Pick<LotState, 'sealed' | 'highCents' | 'incrementCents' | 'startCents' | 'buyNowCents'>,
): number {
  const min = !lot.sealed && lot.highCents !== null ? lot.highCents + lot.incrementCents : lot.startCents
  return lot.buyNowCents !== null ? Math.min(min, lot.buyNowCents) : min
}

export type Refusal = { code: ErrorCode; data?: Record<string, unknown>; message?: string }
export type Accepted = { priceCents: number; closesAt: number; extended: boolean; buyNow: boolean }

const sameCompany = (a: string, b: string | undefined) => !!b && companyKey(a) === companyKey(b)

/** Whether a stone is the viewer's company's own: its seller is the company's name, now or as registered. */
export const isOwnStone = (seller: string, who: { company?: string; registeredCompany?: string }): boolean =>
  sameCompany(seller, who.company) || sameCompany(seller, who.registeredCompany)
const usd = (cents: number) => (cents / 100).toFixed(2)

/**
 * Decides a new bid on a lot: `at` is its arrival by the database clock, `own` the bidder's
 * standing bid; the leader of an open lot may only buy it outright. Refusals on a sealed lot say
 * nothing derived from other bids: only the start and the bidder's own bid.
 */
export function decideBid(
  lot: LotState,
  bid: {
    bidderId: string
    priceCents: number
    at: number
    company: string | undefined
    registeredCompany?: string | undefined
    ownCents: number | null
  },
): Refusal | Accepted {
  // The seller's stones carry its company's name, the one it has or the one it registered under.
  if (isOwnStone(lot.seller, bid)) return { code: 'E_BID_OWN_STONE' }
  if (bid.at < lot.opensAt) return { code: 'E_BID_NOT_OPEN', data: { opensAt: new Date(lot.opensAt).toISOString() } }
  if (lot.ended || bid.at >= lot.closesAt)
    return {
      code: 'E_BID_CLOSED',
      data: { closesAt: new Date(lot.closesAt).toISOString(), at: new Date(bid.at).toISOString() },
    }
  if (lot.sealed) {
    if (bid.priceCents < lot.startCents) {
      return {
        code: 'E_BID_BELOW_START',
        data: { startPerCaratCents: lot.startCents },
        message: `Your bid is below the starting price of ${usd(lot.startCents)} USD per carat.`,
      }
    }
    if (bid.ownCents !== null && bid.priceCents <= bid.ownCents)
      return { code: 'E_BID_NOT_RAISED', data: { ownPerCaratCents: bid.ownCents } }
  } else {
    // Nobody bids against themselves (a double click, a second tab): only buying at the buy-now price.
    if (lot.highBidder === bid.bidderId && !(lot.buyNowCents !== null && bid.priceCents >= lot.buyNowCents))
      return { code: 'E_BID_LEADING' }
    const min = minimumCents(lot)
    if (bid.priceCents < min) {
      return {
        code: 'E_BID_TOO_LOW',
        data: { minimumPerCaratCents: min },
        message: `Your bid is below the minimum of ${usd(min)} USD per carat.`,
      }
    }
  }
  const buyNow = lot.buyNowCents !== null && bid.priceCents >= lot.buyNowCents
  const closesAt = softCloseAfter(lot.closesAt, bid.at, lot.softClose)
  // A bid above the buy-now price buys at the buy-now price.
  return {
    priceCents: buyNow ? lot.buyNowCents! : bid.priceCents,
    closesAt,
    extended: closesAt !== lot.closesAt,
    buyNow,
  }
}

export const isRefusal = (d: Refusal | Accepted): d is Refusal => 'code' in d

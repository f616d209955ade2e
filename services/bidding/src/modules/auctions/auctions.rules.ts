import {
  BID_KIND_RULES,
  MAX_AUCTION_DAYS,
  MAX_BID_PER_CARAT,
  SOFT_CLOSE_DEFAULTS,
  type AuctionCreate,
  type BidKind,
} from '@diamond/contracts/http/bidding'
import { toCents } from '../engine/bid.rules'

const DAY = 86_400_000

export interface FieldError {
  field: string
  in: 'body'
  message: string
}

export interface LotPlan {
  stoneId: string
  startCents: number
  reserveCents: number | null
  buyNowCents: number | null
}

export interface AuctionPlan {
  title: string
  kind: BidKind
  opensAt: number
  closesAt: number
  incrementCents: number
  soft: { windowSeconds: number; extendSeconds: number } | null
  lots: LotPlan[]
}

/**
 * Checks a new auction against the clock (`now`, database time) and turns it into cents and
 * milliseconds: times in order and the close in the future; prices with at most 2 decimals; a
 * reserve at least the start; a buy-now for every "just bid it" lot and for no other, above the start
 * and not below the reserve; soft close only for live auctions (which get the defaults); each stone
 * once; opening at most a day back, closing within MAX_AUCTION_DAYS; room for a bid above each start.
 */
export function planAuction(req: AuctionCreate, now: number): { plan: AuctionPlan } | { fields: FieldError[] } {
  const fields: FieldError[] = []
  const bad = (field: string, message: string) => fields.push({ field, in: 'body', message })
  if (!req.title.trim()) bad('title', 'must not be blank')
  const opensAt = Date.parse(req.opensAt)
  const closesAt = Date.parse(req.closesAt)
  if (Number.isNaN(opensAt)) bad('opensAt', 'must be a date-time')
  else if (opensAt < now - DAY) bad('opensAt', 'must not be more than a day in the past')
  if (Number.isNaN(closesAt)) bad('closesAt', 'must be a date-time')
  else if (closesAt <= now) bad('closesAt', 'must be in the future')
  else if (closesAt > now + MAX_AUCTION_DAYS * DAY) bad('closesAt', `must be within ${MAX_AUCTION_DAYS} days`)
  if (!Number.isNaN(opensAt) && !Number.isNaN(closesAt) && opensAt >= closesAt) bad('closesAt', 'must be after opensAt')
  const incrementCents = toCents(req.incrementPerCarat)
  if (incrementCents === null) bad('incrementPerCarat', 'must have at most 2 decimals')
  const rules = BID_KIND_RULES[req.kind]
  if (req.softClose && !rules.softClose) bad('softClose', `is only for live auctions`)
  const seen = new Set<string>()
  const lots: LotPlan[] = []
  req.lots.forEach((l, i) => {
    const at = (f: string) => `lots.${i}.${f}`
    // A UUID in either case is the same stone.
    const stoneId = l.stoneId.toLowerCase()
    if (seen.has(stoneId)) bad(at('stoneId'), 'is in the auction twice')
    seen.add(stoneId)
    const startCents = toCents(l.startPerCarat)
    const reserveCents = l.reservePerCarat === undefined ? null : toCents(l.reservePerCarat)
    const buyNowCents = l.buyNowPerCarat === undefined ? null : toCents(l.buyNowPerCarat)
    if (startCents === null) bad(at('startPerCarat'), 'must have at most 2 decimals')
    if (l.reservePerCarat !== undefined && reserveCents === null)
      bad(at('reservePerCarat'), 'must have at most 2 decimals')
    if (l.buyNowPerCarat !== undefined && buyNowCents === null)
      bad(at('buyNowPerCarat'), 'must have at most 2 decimals')
    if (startCents !== null && reserveCents !== null && reserveCents < startCents)
      bad(at('reservePerCarat'), 'must be at least the start')
    // Just bid it is its buy-now price.
    if (rules.buyNow && l.buyNowPerCarat === undefined)
      bad(at('buyNowPerCarat'), 'is required for just-bid-it auctions')
    if (l.buyNowPerCarat !== undefined && !rules.buyNow) bad(at('buyNowPerCarat'), 'is only for just-bid-it auctions')
    else if (startCents !== null && buyNowCents !== null && buyNowCents <= startCents)
      bad(at('buyNowPerCarat'), 'must be above the start')
    else if (reserveCents !== null && buyNowCents !== null && buyNowCents < reserveCents)
      bad(at('buyNowPerCarat'), 'must be at least the reserve')
    lots.push({ stoneId, startCents: startCents ?? 0, reserveCents, buyNowCents })
  })
  // An open lot must take at least one bid over its start within the largest bid there is.
  if (
    !rules.sealed &&
    incrementCents !== null &&
    lots.some((l) => l.startCents + incrementCents > MAX_BID_PER_CARAT * 100)
  ) {
    bad('incrementPerCarat', 'leaves no bid above the start within the largest bid')
  }
  if (fields.length) return { fields }
  return {
    plan: {
      title: req.title.trim(),
      kind: req.kind,
      opensAt,
      closesAt,
      incrementCents: incrementCents!,
      soft: rules.softClose ? (req.softClose ?? { ...SOFT_CLOSE_DEFAULTS }) : null,
      lots,
    },
  }
}

import { BID_KIND_RULES, MAX_BID_PER_CARAT, type BidKind } from '@diamond/contracts/http/bidding.values'
import type { LotView } from '@diamond/contracts/http/bidding'
import type { BidClosed, BidExtended, BidHigh, BidPosition } from '@diamond/contracts/realtime'

/**
 * The bid room's rules, pure: reading a typed amount, where a lot's countdown stands by the server's
 * clock, and folding pushed news into a lot as the page shows it. Pushes are at most once and may
 * overtake an HTTP answer, so every fold keeps whatever is newer by the lot's bid count.
 */

export type AmountCheck = { ok: true; cents: number } | { ok: false; key: string; params?: Record<string, string> }

/**
 * A price per carat as the user typed it (USD): a plain positive number with at most two decimals,
 * not above the portal's ceiling, and at least the lot's minimum. Read as digits, never through a
 * float, so 0.1 + 0.2 problems cannot make 1234.56 into 123455 cents. Commas only between
 * thousands, as the portal writes amounts (1,250.50): a decimal comma ("1320,5", as German or
 * French write it) is refused, never read as 13205.
 */
export function checkAmount(input: string, minimumCents: number, fmt: (cents: number) => string): AmountCheck {
  const typed = input.trim()
  if (!typed) return { ok: false, key: 'bids.errors.required' }
  if (/^-\s*\d/.test(typed)) return { ok: false, key: 'bids.errors.positive' }
  if (typed.includes(',') && !/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(typed))
    return { ok: false, key: 'bids.errors.separator' }
  const text = typed.replace(/,/g, '')
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text)
  if (!m) return { ok: false, key: 'bids.errors.number' }
  const fraction = m[2] ?? ''
  if (fraction.length > 2) return { ok: false, key: 'bids.errors.precision' }
  const whole = m[1]!.replace(/^0+(?=\d)/, '')
  if (whole.length > String(MAX_BID_PER_CARAT).length)
    return { ok: false, key: 'bids.errors.tooLarge', params: { max: fmt(MAX_BID_PER_CARAT * 100) } }
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0') || '0')
  if (cents <= 0) return { ok: false, key: 'bids.errors.positive' }
  if (cents > MAX_BID_PER_CARAT * 100)
    return { ok: false, key: 'bids.errors.tooLarge', params: { max: fmt(MAX_BID_PER_CARAT * 100) } }
  if (cents < minimumCents)
    return { ok: false, key: 'bids.errors.belowMinimum', params: { minimum: fmt(minimumCents) } }
  return { ok: true, cents }
}

/** Cents as the number the API takes (USD per carat, at most 2 decimals, exact in binary enough to round-trip). */
export const centsToUsd = (cents: number): number => Math.round(cents) / 100

/** Server clock minus this device's clock, from a server time read at `receivedAt` (device ms). */
export const clockOffset = (serverTime: string, receivedAt: number): number => Date.parse(serverTime) - receivedAt

export type Phase = 'upcoming' | 'open' | 'closing' | 'won' | 'closed'

/**
 * Where a lot stands by the server's clock: before its opening, open, past its close but not yet
 * decided by the server ('closing': the result comes as a push), or decided.
 */
export function phaseOf(lot: Pick<LotView, 'state' | 'opensAt' | 'closesAt'>, serverNow: number): Phase {
  if (lot.state === 'won' || lot.state === 'closed') return lot.state
  if (serverNow < Date.parse(lot.opensAt)) return 'upcoming'
  if (serverNow < Date.parse(lot.closesAt)) return 'open'
  return 'closing'
}

/** How long past its close a lot may wait for its result's push before the page reads it again. */
export const RESULT_WAIT_MS = 5_000

/**
 * Whether a lot has waited too long for its result: past its close by RESULT_WAIT_MS on the server's
 * clock and still not decided here. Pushes come at most once, so a lost 'bid.closed' would otherwise
 * leave the card on "Closing…" for good.
 */
export const awaitsResult = (lot: Pick<LotView, 'state' | 'closesAt'>, serverNow: number): boolean =>
  lot.state !== 'won' && lot.state !== 'closed' && serverNow > Date.parse(lot.closesAt) + RESULT_WAIT_MS

/** Whole seconds from `serverNow` to `at`, never below zero. */
export const secondsUntil = (at: string, serverNow: number): number =>
  Math.max(0, Math.ceil((Date.parse(at) - serverNow) / 1000))

/** 45s, 14:59, 1:02:03, 2d 03:04:05: the digits read the same in every language the portal offers. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const d = Math.floor(s / 86_400)
  const h = Math.floor((s % 86_400) / 3600)
  const m = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  if (d > 0) return `${d}d ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${ss}`
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

export const isSealed = (kind: BidKind): boolean => BID_KIND_RULES[kind].sealed

/** The lot as the page keeps it: the API's view plus what only pushes tell. */
export interface LotState extends LotView {
  /** The bid count at which `my.position` was decided (pushes older than it are ignored). */
  positionAt: number
  /** Device time (ms) of the last extension seen live, so the page can show it happening. */
  extendedAt: number | null
}

export const fromView = (v: LotView): LotState => ({ ...v, positionAt: v.high?.bidCount ?? 0, extendedAt: null })

const laterOf = (a: string, b: string) => (Date.parse(b) > Date.parse(a) ? b : a)
const countOf = (l: Pick<LotView, 'high'>) => l.high?.bidCount ?? 0

/** An open lot's new high, pushed to its room: newer only by bid count; my standing follows from the price. */
export function applyHigh(lot: LotState, h: BidHigh): LotState {
  if (lot.state === 'won' || lot.state === 'closed' || h.bidCount <= countOf(lot)) return lot
  const amountCents = Math.round(h.pricePerCaratCents * lot.crt)
  const high = { pricePerCaratCents: h.pricePerCaratCents, amountCents, back: null, bidCount: h.bidCount }
  const next: LotState = {
    ...lot,
    high,
    closesAt: laterOf(lot.closesAt, h.closesAt),
    reserveMet: h.reserveMet,
    // As the service has it: never above the buy-now price, which always buys.
    minimumPerCaratCents:
      lot.buyNowPerCaratCents !== null
        ? Math.min(h.pricePerCaratCents + lot.incrementPerCaratCents, lot.buyNowPerCaratCents)
        : h.pricePerCaratCents + lot.incrementPerCaratCents,
    state: 'open',
  }
  // A higher price than mine exists: I am outbid whatever position push is still on its way.
  if (lot.my && lot.my.pricePerCaratCents < h.pricePerCaratCents && lot.my.position === 'leading') {
    next.my = { ...lot.my, position: 'outbid' }
    next.positionAt = h.bidCount
  }
  return next
}

export function applyExtended(lot: LotState, e: BidExtended, deviceNow: number): LotState {
  if (e.extensions <= lot.extensions) return lot
  return { ...lot, closesAt: laterOf(lot.closesAt, e.closesAt), extensions: e.extensions, extendedAt: deviceNow }
}

export function applyClosed(lot: LotState, c: BidClosed): LotState {
  const my =
    lot.my && (lot.my.position === 'won' || lot.my.position === 'lost')
      ? lot.my
      : lot.my
        ? { ...lot.my, position: 'lost' as const }
        : null
  return { ...lot, state: c.state, resultPerCaratCents: c.resultPerCaratCents, my }
}

/**
 * My position, told to me alone. Won and lost are final; otherwise a position decided at a lower
 * bid count than the one already shown is stale. Without a bid of mine on the page (placed from
 * another device) the caller reads the lot again instead.
 */
export function applyPosition(lot: LotState, p: BidPosition): LotState {
  if (!lot.my) return lot
  const final = lot.my.position === 'won' || lot.my.position === 'lost'
  if (final) return lot
  if (p.position === 'won' || p.position === 'lost') return { ...lot, my: { ...lot.my, position: p.position } }
  if ((p.bidCount ?? 0) < lot.positionAt) return lot
  return { ...lot, my: { ...lot.my, position: p.position }, positionAt: p.bidCount ?? lot.positionAt }
}

/**
 * The lot an HTTP answer brings (after my bid, or a reload) merged with what the page already
 * shows: the answer wins unless pushes already showed a later high, whose price then also decides
 * my position.
 */
export function mergeView(current: LotState | undefined, v: LotView): LotState {
  const incoming = fromView(v)
  if (!current) return incoming
  const decided = current.state === 'won' || current.state === 'closed'
  if (decided && v.state !== 'won' && v.state !== 'closed')
    return { ...incoming, state: current.state, resultPerCaratCents: current.resultPerCaratCents, my: current.my }
  // Extensions only add up: a push may have told one the answer does not know yet.
  const extensions = Math.max(incoming.extensions, current.extensions)
  if (countOf(current) <= countOf(v))
    return {
      ...incoming,
      extensions,
      extendedAt: current.extendedAt,
      closesAt: laterOf(incoming.closesAt, current.closesAt),
    }
  const my =
    incoming.my &&
    current.high &&
    incoming.my.position === 'leading' &&
    incoming.my.pricePerCaratCents < current.high.pricePerCaratCents
      ? { ...incoming.my, position: 'outbid' as const }
      : incoming.my
  return {
    ...incoming,
    high: current.high,
    minimumPerCaratCents: current.minimumPerCaratCents,
    reserveMet: current.reserveMet,
    closesAt: laterOf(incoming.closesAt, current.closesAt),
    extensions,
    extendedAt: current.extendedAt,
    my,
    positionAt: current.positionAt,
  }
}

/**
 * One client-made id per bid the user means: the same amount sent again (after a timeout or a
 * lost answer) keeps its id, so the server counts it once; a different amount is a new bid.
 */
export function requestIdFor(
  intent: { cents: number; requestId: string } | undefined,
  cents: number,
  make: () => string,
): { cents: number; requestId: string } {
  return intent && intent.cents === cents ? intent : { cents, requestId: make() }
}

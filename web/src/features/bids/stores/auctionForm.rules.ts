import {
  BID_KIND_RULES,
  MAX_AUCTION_DAYS,
  MAX_BID_PER_CARAT,
  MAX_LOTS,
  SOFT_CLOSE_DEFAULTS,
  type BidKind,
} from '@diamond/contracts/http/bidding.values'
import type { AuctionCreate, AuctionStone } from '@diamond/contracts/http/bidding'
import { TIME_ZONE } from '../../../lib/format'

/** One stone of the auction being set up; prices as typed (USD per carat). */
export interface LotDraft {
  stone: AuctionStone
  start: string
  reserve: string
  buyNow: string
}

/** The new-auction form as typed. Times are wall times on the portal's clock (TIME_ZONE), `YYYY-MM-DDTHH:mm`. */
export interface AuctionDraft {
  title: string
  kind: BidKind
  opensAt: string
  closesAt: string
  increment: string
  softWindowSeconds: string
  softExtendSeconds: string
  lots: LotDraft[]
}

const DAY = 86_400_000

/** A problem with a field: the field's id in the form and the text's key under `auctions.errors`. */
export type DraftErrors = Record<string, string>

const wall = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** An instant as a wall time on the portal's clock, for a datetime-local input. */
export function wallTime(ms: number): string {
  const p = Object.fromEntries(wall.formatToParts(new Date(ms)).map((x) => [x.type, x.value]))
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}

/** A wall time on the portal's clock back to an instant (ms); null when it is not one. */
export function fromWallTime(v: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(v)
  if (!m) return null
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!)
  if (Number.isNaN(asUtc)) return null
  // The zone's offset at that moment: read the wall time the guess shows there, and correct by the difference.
  let guess = asUtc
  for (let i = 0; i < 2; i++) {
    const shown = fromParts(wallTime(guess))
    guess += asUtc - shown
  }
  return wallTime(guess) === v ? guess : null
}
const fromParts = (v: string) => {
  const [d, t] = v.split('T') as [string, string]
  const [y, mo, da] = d.split('-').map(Number) as [number, number, number]
  const [h, mi] = t.split(':').map(Number) as [number, number]
  return Date.UTC(y, mo - 1, da, h, mi)
}

/** A lot's opening price from the seller's asking price: 85 % of it, in whole dollars (as the demo auctions do). */
export const suggestedStart = (askingCents: number): string =>
  String(Math.max(1, Math.round((askingCents / 100) * 0.85)))

export function newDraft(nowMs: number): AuctionDraft {
  return {
    title: '',
    kind: 'live',
    // The next whole minute: an auction that opens now.
    opensAt: wallTime(Math.ceil(nowMs / 60_000) * 60_000),
    closesAt: wallTime(Math.ceil(nowMs / 60_000) * 60_000 + 2 * 3_600_000),
    increment: '10',
    softWindowSeconds: String(SOFT_CLOSE_DEFAULTS.windowSeconds),
    softExtendSeconds: String(SOFT_CLOSE_DEFAULTS.extendSeconds),
    lots: [],
  }
}

export const draftLot = (stone: AuctionStone): LotDraft => ({
  stone,
  start: suggestedStart(stone.askingPerCaratCents),
  reserve: '',
  buyNow: '',
})

/** A typed price: a positive number with at most two decimals, within the bid maximum; null otherwise. */
export function price(v: string): number | null {
  const s = v.trim()
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null
  const n = Number(s)
  return n > 0 && n <= MAX_BID_PER_CARAT ? n : null
}
const seconds = (v: string): number | null =>
  /^\d+$/.test(v.trim()) && Number(v) >= 10 && Number(v) <= 3600 ? Number(v) : null

/**
 * The service's rules for a new auction (auctions.rules.ts), checked before sending so that every
 * problem is named beside its field in the reader's language; the service checks them again.
 */
export function draftErrors(d: AuctionDraft, nowMs: number): DraftErrors {
  const e: DraftErrors = {}
  const rules = BID_KIND_RULES[d.kind]
  if (!d.title.trim()) e.title = 'required'
  else if (d.title.trim().length > 120) e.title = 'titleLong'
  const opens = fromWallTime(d.opensAt)
  const closes = fromWallTime(d.closesAt)
  if (opens === null) e.opensAt = 'time'
  else if (opens < nowMs - DAY) e.opensAt = 'opensPast'
  if (closes === null) e.closesAt = 'time'
  else if (closes <= nowMs) e.closesAt = 'closesPast'
  else if (closes > nowMs + MAX_AUCTION_DAYS * DAY) e.closesAt = 'closesTooFar'
  else if (opens !== null && closes <= opens) e.closesAt = 'closesBeforeOpens'
  if (!rules.sealed && (price(d.increment) === null || price(d.increment)! < 1)) e.increment = 'increment'
  if (rules.softClose) {
    if (seconds(d.softWindowSeconds) === null) e.softWindowSeconds = 'seconds'
    if (seconds(d.softExtendSeconds) === null) e.softExtendSeconds = 'seconds'
  }
  // An open lot must take a bid above its start within the largest bid (the service's rule too).
  if (
    !rules.sealed &&
    !e.increment &&
    d.lots.some((l) => price(l.start) !== null && price(l.start)! + price(d.increment)! > MAX_BID_PER_CARAT)
  )
    e.increment = 'incrementRoom'
  if (!d.lots.length) e.lots = 'noStones'
  else if (d.lots.length > MAX_LOTS) e.lots = 'tooManyStones'
  d.lots.forEach((l, i) => {
    const start = price(l.start)
    if (start === null) e[`lots.${i}.start`] = 'price'
    const reserve = l.reserve.trim() ? price(l.reserve) : undefined
    if (reserve === null) e[`lots.${i}.reserve`] = 'price'
    else if (reserve !== undefined && start !== null && reserve < start) e[`lots.${i}.reserve`] = 'reserveBelowStart'
    // Just bid it is its buy-now price: every lot of that kind has one.
    if (rules.buyNow && !l.buyNow.trim()) e[`lots.${i}.buyNow`] = 'required'
    else if (rules.buyNow) {
      const buyNow = price(l.buyNow)
      if (buyNow === null) e[`lots.${i}.buyNow`] = 'price'
      else if (start !== null && buyNow <= start) e[`lots.${i}.buyNow`] = 'buyNowNotAboveStart'
      else if (reserve != null && buyNow < reserve) e[`lots.${i}.buyNow`] = 'buyNowBelowReserve'
    }
  })
  return e
}

/** The create call's body; only for a draft without errors. A sealed kind has no increment to speak of: it sends the least. */
export function toRequest(d: AuctionDraft): AuctionCreate {
  const rules = BID_KIND_RULES[d.kind]
  return {
    title: d.title.trim(),
    kind: d.kind,
    opensAt: new Date(fromWallTime(d.opensAt)!).toISOString(),
    closesAt: new Date(fromWallTime(d.closesAt)!).toISOString(),
    incrementPerCarat: rules.sealed ? 1 : price(d.increment)!,
    ...(rules.softClose
      ? { softClose: { windowSeconds: Number(d.softWindowSeconds), extendSeconds: Number(d.softExtendSeconds) } }
      : {}),
    lots: d.lots.map((l) => ({
      stoneId: l.stone.stoneId,
      startPerCarat: price(l.start)!,
      ...(l.reserve.trim() ? { reservePerCarat: price(l.reserve)! } : {}),
      ...(rules.buyNow && l.buyNow.trim() ? { buyNowPerCarat: price(l.buyNow)! } : {}),
    })),
  }
}

/**
 * The service's field names (`closesAt`, `lots.2.startPerCarat`) as the form's field ids, so that a
 * refusal the form did not foresee still lands beside its field.
 */
export function serverFieldErrors(data: unknown): DraftErrors {
  const fields = (data as { fields?: { field?: unknown }[] } | null)?.fields
  const e: DraftErrors = {}
  if (!Array.isArray(fields)) return e
  const names: Record<string, string> = {
    incrementPerCarat: 'increment',
    startPerCarat: 'start',
    reservePerCarat: 'reserve',
    buyNowPerCarat: 'buyNow',
  }
  for (const f of fields) {
    if (typeof f.field !== 'string') continue
    const parts = f.field.split('.')
    if (parts[0] === 'lots' && parts.length === 3) e[`lots.${parts[1]}.${names[parts[2]!] ?? parts[2]}`] = 'rejected'
    else if (parts[0] === 'softClose')
      e[parts[1] === 'extendSeconds' ? 'softExtendSeconds' : 'softWindowSeconds'] = 'rejected'
    else e[names[parts[0]!] ?? parts[0]!] = 'rejected'
  }
  return e
}

import { SIZE_BRACKET_BOUNDS } from '@diamond/contracts/http/dashboard.values'
import type { PriceIndexRow, PriceSeries } from '@diamond/contracts/http/dashboard'

/**
 * The dashboards' pure rules: which stones the price index counts, how a stone's change moves the
 * index's sums, and the index and its series read from the day rows. No I/O; days are 'YYYY-MM-DD'.
 */

/** Web statuses that take a stone out of the market's index: confirmed, sold, removed, lapsed. */
export const OUT_OF_INDEX_W_STS = ['C', 'X', 'R', 'L'] as const

export const inIndex = (wSts: string): boolean => !(OUT_OF_INDEX_W_STS as readonly string[]).includes(wSts)

/** The size bracket of a carat weight, as PostgreSQL's `width_bucket(carat, bounds)` numbers it. */
export function bracketOf(carat: number): number {
  let b = 0
  for (const bound of SIZE_BRACKET_BOUNDS) if (carat >= bound) b++
  return b
}

/** A stone's share of the index: price per carat in cents, discount in hundredths of a percent (null: no Rap price). */
export interface Share {
  shape: string
  bracket: number
  ppcCents: number
  /** numeric(5,2) as PostgreSQL gives it ('-23.50'), null without a Rap price. */
  back: string | null
}

/** What one shape × bracket's sums move by. Discount sums in hundredths of a percent (integers, exact). */
export interface Delta {
  shape: string
  bracket: number
  stones: number
  ppcCents: number
  rapStones: number
  back100: number
}

/** numeric(5,2) text to hundredths, exactly ('-23.5' → -2350). */
export function hundredths(back: string): number {
  const neg = back.trim().startsWith('-')
  const [whole = '0', frac = ''] = back.trim().replace(/^[-+]/, '').split('.')
  const v = Number(whole) * 100 + Number((frac + '00').slice(0, 2))
  return neg ? -v : v
}

/** Hundredths back to an exact numeric literal (-2350 → '-23.50'). */
export function fromHundredths(v: number): string {
  const sign = v < 0 ? '-' : ''
  const a = Math.abs(v)
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`
}

/**
 * How the index's sums move when these stones' old shares are replaced by their new ones (a stone
 * absent from `fresh` left the index; absent from `old` joined it). Keys whose sums do not move are
 * left out, so a change that does not touch the index writes nothing.
 */
export function deltasOf(old: readonly Share[], fresh: readonly Share[]): Delta[] {
  const out = new Map<string, Delta>()
  const add = (s: Share, sign: 1 | -1) => {
    const key = `${s.shape}\u0000${s.bracket}`
    const d = out.get(key) ?? { shape: s.shape, bracket: s.bracket, stones: 0, ppcCents: 0, rapStones: 0, back100: 0 }
    d.stones += sign
    d.ppcCents += sign * s.ppcCents
    if (s.back !== null) {
      d.rapStones += sign
      d.back100 += sign * hundredths(s.back)
    }
    out.set(key, d)
  }
  for (const s of old) add(s, -1)
  for (const s of fresh) add(s, 1)
  return [...out.values()].filter((d) => d.stones || d.ppcCents || d.rapStones || d.back100)
}

/** One row of the index's days, as read (sums as numbers: they are integers and hundredths). */
export interface DayRow {
  day: string
  shape: string
  bracket: number
  stones: number
  ppcSum: number
  rapStones: number
  backSum: number
}

/** 'YYYY-MM-DD' `n` days before `day`. */
export function daysBefore(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) - n * 86_400_000
  return new Date(t).toISOString().slice(0, 10)
}

/** Each key's sums as of `day`: its latest row on or before that day (rows in any order). */
export function asOf(rows: readonly DayRow[], day: string): Map<string, DayRow> {
  const out = new Map<string, DayRow>()
  for (const r of rows) {
    if (r.day > day) continue
    const key = `${r.shape}\u0000${r.bracket}`
    const had = out.get(key)
    if (!had || had.day < r.day) out.set(key, r)
  }
  return out
}

const avg = (sum: number, n: number) => (n > 0 ? sum / n : null)
const round2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100)
const roundInt = (v: number | null) => (v === null ? null : Math.round(v))
const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b)

/**
 * The index now, per shape and bracket with stones, and how its averages moved since 7 and 30 days
 * ago (null where there was nothing to compare). `prices` false: averages hidden (Is_NoPrice).
 */
export function priceIndex(rows: readonly DayRow[], today: string, prices: boolean): PriceIndexRow[] {
  const now = asOf(rows, today)
  const w7 = asOf(rows, daysBefore(today, 7))
  const w30 = asOf(rows, daysBefore(today, 30))
  const out: PriceIndexRow[] = []
  for (const [key, r] of now) {
    if (r.stones <= 0) continue
    const back = avg(r.backSum, r.rapStones)
    const ppc = avg(r.ppcSum, r.stones)
    const then = (m: Map<string, DayRow>) => {
      const p = m.get(key)
      return p && p.stones > 0 ? { back: avg(p.backSum, p.rapStones), ppc: avg(p.ppcSum, p.stones) } : null
    }
    const a = then(w7)
    const b = then(w30)
    out.push({
      shape: r.shape,
      bracket: r.bracket,
      stones: r.stones,
      back: prices ? round2(back) : null,
      ppcCents: prices ? roundInt(ppc) : null,
      back7: prices && a ? round2(minus(back, a.back)) : null,
      back30: prices && b ? round2(minus(back, b.back)) : null,
      ppc7Cents: prices && a ? roundInt(minus(ppc, a.ppc)) : null,
      ppc30Cents: prices && b ? roundInt(minus(ppc, b.ppc)) : null,
    })
  }
  return out.sort((x, y) => y.stones - x.stones || x.shape.localeCompare(y.shape) || x.bracket - y.bracket)
}

/**
 * Each shape's averages (all brackets together) on each of the last `days` days up to today, for the
 * chart: the shapes with the most stones today first, at most `shapes` of them.
 */
export function priceSeries(rows: readonly DayRow[], today: string, days = 30, shapes = 6): PriceSeries[] {
  const dayList = Array.from({ length: days + 1 }, (_, i) => daysBefore(today, days - i))
  const perDay = dayList.map((d) => {
    const byShape = new Map<string, { stones: number; ppc: number; rap: number; back: number }>()
    for (const r of asOf(rows, d).values()) {
      const s = byShape.get(r.shape) ?? { stones: 0, ppc: 0, rap: 0, back: 0 }
      s.stones += r.stones
      s.ppc += r.ppcSum
      s.rap += r.rapStones
      s.back += r.backSum
      byShape.set(r.shape, s)
    }
    return byShape
  })
  const last = perDay[perDay.length - 1]!
  const top = [...last.entries()]
    .filter(([, s]) => s.stones > 0)
    .sort((a, b) => b[1].stones - a[1].stones || a[0].localeCompare(b[0]))
    .slice(0, shapes)
    .map(([shape]) => shape)
  return top.map((shape) => ({
    shape,
    days: dayList,
    ppcCents: perDay.map((m) => {
      const s = m.get(shape)
      return s ? roundInt(avg(s.ppc, s.stones)) : null
    }),
    back: perDay.map((m) => {
      const s = m.get(shape)
      return s ? round2(avg(s.back, s.rap)) : null
    }),
  }))
}

/** A bidder's position after a new high: the leader leads, everyone it displaced is outbid. */
export function positionsAfterHigh(
  leaderId: string,
  outbid: readonly string[],
): { userId: string; state: 'leading' | 'outbid' }[] {
  return [
    { userId: leaderId, state: 'leading' as const },
    ...outbid.filter((u) => u !== leaderId).map((userId) => ({ userId, state: 'outbid' as const })),
  ]
}

/** Appointment statuses the dashboard no longer lists as upcoming. */
const ENDED_APPOINTMENT = new Set(['cancelled', 'done', 'no_show'])
export const isUpcomingAppointment = (status: string): boolean => !ENDED_APPOINTMENT.has(status)

/**
 * A run of highs applied at once (the dashboard consumer takes what has waited): each lot's newest
 * high only, in the order of each lot's last one, carrying everyone the run displaced except the
 * final leader. Applying it leaves the lot and every bidder's position as applying the run one by one
 * would (a bidder who led and lost the lead again within the run is outbid; the final leader leads),
 * and its bid count, the largest, adds the same bids to the stone's day.
 */
export function coalesceHighs<H extends { lotId: string; leaderId: string; bidCount: number }>(
  highs: readonly H[],
  outbid: (h: H) => readonly string[],
): (H & { previousLeaderId: null; outbidIds: string[] })[] {
  const byLot = new Map<string, { last: H; ids: Set<string> }>()
  for (const h of highs) {
    const seen = byLot.get(h.lotId)
    const ids = seen?.ids ?? new Set<string>()
    for (const id of outbid(h)) ids.add(id)
    if (seen) byLot.delete(h.lotId) // the lot moves to its newest place
    const last = seen && seen.last.bidCount > h.bidCount ? seen.last : h
    byLot.set(h.lotId, { last, ids })
  }
  return [...byLot.values()].map(({ last, ids }) => {
    ids.delete(last.leaderId)
    return { ...last, previousLeaderId: null, outbidIds: [...ids] }
  })
}

import { INDIA_OFFSET_MS, indiaWallClock } from './india-time'

/**
 * Stock notification digests (spec section 2's settings form: interval 1 daily, 2 weekly, 3 monthly;
 * stock type 1 new stock, 0 full stock). A digest covers one period that has ended, on India's
 * calendar (Asia/Kolkata, UTC+5:30 all year): a day, a Monday-to-Sunday week, or a month. The
 * period's key names the digest: one per user and key, whatever the number of instances or restarts.
 */
export const DIGEST_INTERVALS = { 1: 'daily', 2: 'weekly', 3: 'monthly' } as const
export type DigestInterval = keyof typeof DIGEST_INTERVALS
export const DIGEST_STOCK_TYPES = { 1: 'new', 0: 'full' } as const
export type DigestStockType = keyof typeof DIGEST_STOCK_TYPES

const DAY_MS = 86_400_000

export interface DigestPeriod {
  /** e.g. `daily:2026-11-25`, `weekly:2026-11-16` (its Monday), `monthly:2026-10`. */
  key: string
  /** The period's first instant (inclusive), ISO. */
  since: string
  /** The instant the period ended (exclusive), ISO. */
  until: string
}

const isoDay = (indiaMidnightUtcMs: number) => new Date(indiaMidnightUtcMs).toISOString().slice(0, 10)

/** The latest period of this interval that has ended by `now`. */
export function endedPeriod(interval: DigestInterval, now: number): DigestPeriod {
  const local = indiaWallClock(now)
  // Midnight of today's India date, expressed as if it were UTC (so date arithmetic stays in UTC).
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate())
  let start: number
  let end: number
  let key: string
  if (interval === 1) {
    end = today
    start = end - DAY_MS
    key = `daily:${isoDay(start)}`
  } else if (interval === 2) {
    const sinceMonday = (local.getUTCDay() + 6) % 7
    end = today - sinceMonday * DAY_MS
    start = end - 7 * DAY_MS
    key = `weekly:${isoDay(start)}`
  } else {
    end = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1)
    start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 1, 1)
    key = `monthly:${isoDay(start).slice(0, 7)}`
  }
  return {
    key,
    since: new Date(start - INDIA_OFFSET_MS).toISOString(),
    until: new Date(end - INDIA_OFFSET_MS).toISOString(),
  }
}

/** Carat brackets a digest counts by (the trade's usual sizes). */
export const DIGEST_SIZES = [
  [0, 0.3, '0.01-0.29'],
  [0.3, 0.5, '0.30-0.49'],
  [0.5, 0.7, '0.50-0.69'],
  [0.7, 0.9, '0.70-0.89'],
  [0.9, 1, '0.90-0.99'],
  [1, 1.5, '1.00-1.49'],
  [1.5, 2, '1.50-1.99'],
  [2, 3, '2.00-2.99'],
  [3, 5, '3.00-4.99'],
  [5, Infinity, '5.00+'],
] as const

export const sizeOf = (carat: number): string =>
  DIGEST_SIZES.find(([lo, hi]) => carat >= lo && carat < hi)?.[2] ?? '5.00+'

/** Stones in a digest's Excel file at most; the mail says when there were more (and links to the stock). */
export const MAX_DIGEST_STONES = 1000
/** Stones the mail itself lists. */
export const DIGEST_BEST_STONES = 10

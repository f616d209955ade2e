/**
 * The dashboard screen's pure rules: the countdown of a hold against the server's clock, and when a
 * live change makes the screen read again (debounced, and the global one at a modest pace).
 */

/** How far the browser's clock is behind the server's (ms), from the answer's `at` and when it arrived. */
export const skewOf = (serverAt: string, receivedAt: number): number => Date.parse(serverAt) - receivedAt

/** Milliseconds left until `until` by the server's clock (never below 0). */
export function remaining(until: string, now: number, skew: number): number {
  return Math.max(0, Date.parse(until) - (now + skew))
}

/** A countdown as h:mm:ss, or m:ss under an hour. */
export function countdown(ms: number): string {
  const s = Math.floor(ms / 1000)
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = String(s % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`
}

/** A live change waits this long for others before the personal dashboard reads again. */
export const PERSONAL_DEBOUNCE_MS = 700
/** The personal dashboard reads again at most this often on market events (any stone's status, new stones). */
export const MARKET_MIN_INTERVAL_MS = 3000
/** The global dashboard reads again at most this often on market events. */
export const GLOBAL_MIN_INTERVAL_MS = 15_000

/**
 * When to read again after a live change at `now`: a trailing wait of `debounce`, but never sooner
 * than `minInterval` after the last read.
 */
export function nextReadAt(now: number, lastRead: number, debounce: number, minInterval: number): number {
  return Math.max(now + debounce, lastRead + minInterval)
}

/** Cents to dollars for the money formatters (null stays null: prices hidden). */
export const dollars = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : cents / 100

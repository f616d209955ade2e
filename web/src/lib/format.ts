/**
 * Spec section 9: trade figures in en-US with USD; 2 decimals for carat, discount, price per carat
 * and amount; Rap as a whole number. Empty or zero shows a dash, and so does cut NON (section 4).
 */
const LOCALE = 'en-US'
export const DASH = '-'

const twoDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const whole = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 })
const usd = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

const blank = (n: number | null | undefined): n is null | undefined =>
  n === null || n === undefined || n === 0 || Number.isNaN(n)

export const fmt2 = (n: number | null | undefined): string => (blank(n) ? DASH : twoDecimals.format(n))
export const fmtWhole = (n: number | null | undefined): string => (blank(n) ? DASH : whole.format(n))
export const fmtUsd = (n: number | null | undefined): string => (blank(n) ? DASH : usd.format(n))
export const fmtText = (s: string | null | undefined): string => (s && s.trim() ? s : DASH)
export const fmtCut = (s: string | null | undefined): string => (s === 'NON' ? DASH : fmtText(s))
/** Counts and positions: zero is a real value here, not a blank. */
export const fmtCount = (n: number): string => whole.format(n)

/**
 * Spec section 9: dates as dd/LL/y and times as hh:mm a, in Asia/Kolkata whatever the reader's
 * own zone, so every office reads the same clock.
 */
export const TIME_ZONE = 'Asia/Kolkata'
const dateParts = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})
const timeParts = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
})

function parts(f: Intl.DateTimeFormat, d: Date): Record<string, string> {
  return Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]))
}
function toDate(v: string | number | Date | null | undefined): Date | null {
  if (v === null || v === undefined || v === '') return null
  const d = v instanceof Date ? v : new Date(v)
  return Number.isNaN(d.getTime()) ? null : d
}

/** dd/LL/y: 05/03/2026. */
export function fmtDate(v: string | number | Date | null | undefined): string {
  const d = toDate(v)
  if (!d) return DASH
  const p = parts(dateParts, d)
  return `${p.day}/${p.month}/${p.year}`
}
/** hh:mm a: 09:05 PM. */
export function fmtTime(v: string | number | Date | null | undefined): string {
  const d = toDate(v)
  if (!d) return DASH
  const p = parts(timeParts, d)
  return `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`
}
export function fmtDateTime(v: string | number | Date | null | undefined): string {
  return toDate(v) ? `${fmtDate(v)} ${fmtTime(v)}` : DASH
}

/**
 * Spec section 9: trade figures in en-US with USD; 2 decimals for carat, discount, price per carat
 * and amount; Rap as a whole number. Empty or zero shows a dash, and so does cut NON (section 4).
 */
const LOCALE = 'en-US'
export const DASH = '-'

const twoDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const whole = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 })
const usd = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })

const blank = (n: number | null | undefined): n is null | undefined => n === null || n === undefined || n === 0 || Number.isNaN(n)

export const fmt2 = (n: number | null | undefined): string => (blank(n) ? DASH : twoDecimals.format(n))
export const fmtWhole = (n: number | null | undefined): string => (blank(n) ? DASH : whole.format(n))
export const fmtUsd = (n: number | null | undefined): string => (blank(n) ? DASH : usd.format(n))
export const fmtText = (s: string | null | undefined): string => (s && s.trim() ? s : DASH)
export const fmtCut = (s: string | null | undefined): string => (s === 'NON' ? DASH : fmtText(s))
/** Counts and positions: zero is a real value here, not a blank. */
export const fmtCount = (n: number): string => whole.format(n)

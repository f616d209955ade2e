/**
 * India's wall-clock time (spec section 9: dates and times are Asia/Kolkata's). Asia/Kolkata is
 * UTC+5:30 all year (no daylight saving since 1945), so a fixed offset is exact and needs no time
 * zone database, on the server and in the browser alike. Pure: no imports.
 */
export const INDIA_OFFSET_MS = 330 * 60_000

/** An instant as India's wall clock reads it: a Date whose UTC fields (getUTCDate, getUTCHours...) are India's. */
export const indiaWallClock = (at: Date | number | string): Date => new Date(new Date(at).getTime() + INDIA_OFFSET_MS)

/** India's calendar day of an instant, YYYY-MM-DD. */
export const indiaDate = (at: Date | number | string): string => indiaWallClock(at).toISOString().slice(0, 10)

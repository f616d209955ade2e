/**
 * Wall-clock time in an IANA time zone, from the platform's own zone database (Intl): no library.
 * Pure. Local times follow Temporal's "compatible" disambiguation: a time that happens twice (the
 * hour repeated when daylight saving ends) is the earlier instant; a time that never happens (the
 * hour skipped when it begins) moves forward by the gap (New York's 02:30 on the spring day is 03:30).
 */

const formats = new Map<string, Intl.DateTimeFormat>()

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formats.set(timeZone, f)
  }
  return f
}

/** Whether the platform knows the zone (an office's zone is checked before it is stored). */
export function isTimeZone(timeZone: string): boolean {
  try {
    format(timeZone)
    return true
  } catch {
    return false
  }
}

/**
 * Offsets already read, per zone and whole minute: Intl's formatToParts costs microseconds a call
 * and a 30-day board asks for hundreds (22 ms a board unremembered). Exact, as every zone's
 * transitions fall on whole minutes (all of them since the 1970s; only older local mean times had
 * seconds, and those are read to the minute). Bounded: a zone's are cleared past CACHED.
 */
const offsets = new Map<string, Map<number, number>>()
const CACHED = 200_000

/** The zone's offset from UTC at an instant, in minutes (New York in winter: -300). */
export function offsetMinutes(timeZone: string, atMs: number): number {
  let zone = offsets.get(timeZone)
  if (!zone) offsets.set(timeZone, (zone = new Map()))
  const minute = Math.floor(atMs / 60_000)
  let offset = zone.get(minute)
  if (offset === undefined) {
    if (zone.size >= CACHED) zone.clear()
    offset = readOffset(timeZone, minute * 60_000)
    zone.set(minute, offset)
  }
  return offset
}

function readOffset(timeZone: string, atMs: number): number {
  const parts: Record<string, number> = {}
  for (const p of format(timeZone).formatToParts(new Date(atMs)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value)
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
  return Math.round((wall - Math.floor(atMs / 1000) * 1000) / 60_000)
}

const DAY_MS = 86_400_000

/** The instant (ms) at which the zone's clocks read `date` (YYYY-MM-DD) at `minutes` past midnight. */
export function zonedToUtc(timeZone: string, date: string, minutes: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(y, m - 1, d) + minutes * 60_000
  const before = offsetMinutes(timeZone, wall - DAY_MS)
  const after = offsetMinutes(timeZone, wall + DAY_MS)
  const valid = [before, after]
    .map((o) => wall - o * 60_000)
    .filter((t, i) => offsetMinutes(timeZone, t) === [before, after][i])
  // Both valid: the repeated hour, its earlier instant. Neither: the skipped hour, read with the
  // offset before the change, which lands as far past the gap as the time was into it.
  return valid.length ? Math.min(...valid) : wall - before * 60_000
}

/** The zone's calendar day of an instant, YYYY-MM-DD. */
export function zonedDate(timeZone: string, atMs: number): string {
  return new Date(atMs + offsetMinutes(timeZone, atMs) * 60_000).toISOString().slice(0, 10)
}

/** An instant as ISO 8601 with the zone's offset at that instant: 2026-03-08T09:00:00-04:00. */
export function isoInZone(timeZone: string, atMs: number): string {
  const offset = offsetMinutes(timeZone, atMs)
  const local = new Date(atMs + offset * 60_000).toISOString().slice(0, 19)
  if (offset === 0) return `${local}Z`
  const abs = Math.abs(offset)
  const hh = String(Math.floor(abs / 60)).padStart(2, '0')
  const mm = String(abs % 60).padStart(2, '0')
  return `${local}${offset < 0 ? '-' : '+'}${hh}:${mm}`
}

/** A calendar day plus n days, YYYY-MM-DD. */
export const addDays = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)

/** Day of the week of a calendar day: 0 Sunday … 6 Saturday. */
export const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay()

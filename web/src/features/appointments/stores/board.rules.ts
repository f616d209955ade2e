import { MAX_APPOINTMENT_STONES } from '@diamond/contracts/http/appointments.values'

/**
 * The slot board's pure arithmetic: a slot's time on a given wall clock (the office's, the
 * viewer's), slots grouped by the office's day, and the stones a link asks to see. The clock and
 * the zones are passed in, so the tests can stand in New York on a daylight-saving day.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
    formatters.set(timeZone, f)
  }
  return f
}

export interface WallClock {
  /** YYYY-MM-DD on that clock. */
  day: string
  /** dd/LL/y (spec section 9). */
  date: string
  /** hh:mm a (spec section 9). */
  time: string
}

/** An instant on the wall clock of `timeZone`. */
export function wallClock(at: string | number | Date, timeZone: string): WallClock {
  const d = at instanceof Date ? at : new Date(at)
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  )
  // en-US writes midnight as 12 with hour12; some engines write 24 for it in h23 fallbacks.
  const hour = p.hour === '24' ? '12' : p.hour
  return {
    day: `${p.year}-${p.month}-${p.day}`,
    date: `${p.day}/${p.month}/${p.year}`,
    time: `${hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`,
  }
}

/** Whether two zones read differently at that instant (Asia/Calcutta and Asia/Kolkata do not). */
export function clocksDiffer(at: string | number | Date, a: string, b: string): boolean {
  const x = wallClock(at, a)
  const y = wallClock(at, b)
  return x.day !== y.day || x.time !== y.time
}

/** Slots (or appointments) by the office's day, in the order they came (the board answers them in time order). */
export function byOfficeDay<S extends { startsAt: string }>(
  slots: readonly S[],
  timeZone: string,
): { day: string; slots: S[] }[] {
  const days: { day: string; slots: S[] }[] = []
  for (const s of slots) {
    const day = wallClock(s.startsAt, timeZone).day
    const last = days.at(-1)
    if (last && last.day === day) last.slots.push(s)
    else days.push({ day, slots: [s] })
  }
  return days
}

/** YYYY-MM-DD plus n days (calendar arithmetic, no zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** dd/LL/y for a YYYY-MM-DD. */
export const dayLabel = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The stones a "Book an appointment" link carries (`?stones=a,b`): ids only, each once, at most as
 * many as an appointment shows; anything else is dropped rather than sent to be refused.
 */
export function stonesFromQuery(search: string): string[] {
  const raw = new URLSearchParams(search).get('stones') ?? ''
  const ids = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => UUID.test(s))
  return [...new Set(ids)].slice(0, MAX_APPOINTMENT_STONES)
}

export type StoneAnswer = 'blocked' | 'unavailable' | 'released' | 'pending'

/** What stock said of a stone on the appointment: held for the slot, refused with a reason, given back, or not yet answered. */
export function stoneAnswer(s: { blocked?: boolean; reason?: string; state?: string }): StoneAnswer {
  if (s.blocked) return 'blocked'
  if (s.state === 'released') return 'released'
  if (s.reason) return 'unavailable'
  return 'pending'
}

/** A slot a buyer may pick: bookings left, and not begun by the given clock. */
export const pickable = (s: { startsAt: string; free: number }, nowMs: number): boolean =>
  s.free > 0 && new Date(s.startsAt).getTime() > nowMs

/**
 * Whether any stone lies outside India (the portal's home, where the offices' stock is kept): the
 * spec's notice about such stones applies. A stone whose location is not known yet says nothing.
 */
export const anyOutsideIndia = (locations: readonly (string | null | undefined)[]): boolean =>
  locations.some((l) => !!l?.trim() && l.trim().toLowerCase() !== 'india')

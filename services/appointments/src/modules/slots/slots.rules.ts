/**
 * An office's slots and what is free in them. Pure: no clock, no database. Opening hours are the
 * office's wall clock (its IANA zone), slots are instants (UTC ms); a slot exists where the office
 * is open for its whole length, on a day that is no holiday.
 */
import { SLOT_ID_PATTERN } from '@diamond/contracts/http/appointments.values'
import { addDays, zonedDate, zonedToUtc, weekday } from './zone'

/** "HH:MM" 24-hour, "24:00" allowed as a close. */
export type HourMinute = string
/** Per day of the week (0 Sunday … 6 Saturday), the open intervals [open, close) of that day. */
export type WeeklyHours = Partial<Record<'0' | '1' | '2' | '3' | '4' | '5' | '6', [HourMinute, HourMinute][]>>

export interface OfficeCalendar {
  id: string
  timeZone: string
  /** 30 or 60. */
  slotMinutes: number
  openingHours: WeeklyHours
  /** Local calendar days the office is closed, YYYY-MM-DD. */
  holidays: readonly string[]
}

export interface Slot {
  officeId: string
  startMs: number
  endMs: number
}

const HM = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/
export const minutesOf = (hm: HourMinute): number => {
  const [h, m] = hm.split(':').map(Number) as [number, number]
  return h * 60 + m
}

/** What is wrong with a week of opening hours, or null: times "HH:MM", each interval opening before it closes, none overlapping. */
export function hoursProblem(hours: WeeklyHours): string | null {
  for (const [day, intervals] of Object.entries(hours)) {
    if (!/^[0-6]$/.test(day)) return `day ${day}: not 0-6`
    const sorted = [...(intervals ?? [])].sort((a, b) => minutesOf(a[0]) - minutesOf(b[0]))
    let last = -1
    for (const [open, close] of sorted) {
      if (!HM.test(open) || !HM.test(close)) return `day ${day}: times are HH:MM`
      if (minutesOf(open) >= minutesOf(close)) return `day ${day}: ${open}-${close} closes before it opens`
      if (minutesOf(open) < last) return `day ${day}: intervals overlap`
      last = minutesOf(close)
    }
  }
  return null
}

/** The day's open intervals as instants. */
function openIntervals(timeZone: string, hours: WeeklyHours, date: string): [number, number][] {
  const intervals = [...(hours[String(weekday(date)) as keyof WeeklyHours] ?? [])]
  intervals.sort((a, b) => minutesOf(a[0]) - minutesOf(b[0]))
  return intervals.map(([open, close]) => [
    zonedToUtc(timeZone, date, minutesOf(open)),
    zonedToUtc(timeZone, date, minutesOf(close)),
  ])
}

/**
 * The office's slots on `days` local days from `fromDate` (the office's calendar), in time order.
 * Each open interval is stepped in real time from its opening instant: on a day whose clocks move,
 * a slot is neither lost nor repeated, and the local opening and closing hours hold.
 */
export function officeSlots(office: OfficeCalendar, fromDate: string, days: number): Slot[] {
  const out: Slot[] = []
  const step = office.slotMinutes * 60_000
  const closed = new Set(office.holidays)
  for (let i = 0; i < days; i++) {
    const date = addDays(fromDate, i)
    if (closed.has(date)) continue
    for (const [open, close] of openIntervals(office.timeZone, office.openingHours, date))
      for (let t = open; t + step <= close; t += step) out.push({ officeId: office.id, startMs: t, endMs: t + step })
  }
  return out
}

/** The office's slot starting at the instant, or null when there is none (closed, holiday, off the grid). */
export function slotAt(office: OfficeCalendar, startMs: number): Slot | null {
  const date = zonedDate(office.timeZone, startMs)
  return officeSlots(office, date, 1).find((s) => s.startMs === startMs) ?? null
}

/* ------------------------------------------------------------------------------ slot ids -- */

const SLOT_ID = new RegExp(SLOT_ID_PATTERN)

/** A slot's id: its office and its start in UTC, `officeId:2026-03-08T13:00:00Z` (stable, readable, no lookup). */
export const slotId = (s: Pick<Slot, 'officeId' | 'startMs'>): string =>
  `${s.officeId}:${new Date(s.startMs).toISOString().slice(0, 19)}Z`

export function parseSlotId(id: string): { officeId: string; startMs: number } | null {
  const m = SLOT_ID.exec(id)
  if (!m) return null
  const startMs = Date.parse(m[2]!)
  return Number.isNaN(startMs) || slotId({ officeId: m[1]!, startMs }) !== id ? null : { officeId: m[1]!, startMs }
}

/* ------------------------------------------------------------------------- availability -- */

export interface Booking {
  cabinId: string | null
  salesPersonId: string
  startMs: number
  endMs: number
}

export interface SalesPersonHours {
  id: string
  /** Null: the office's opening hours. */
  workingHours: WeeklyHours | null
}

export interface Resources {
  cabins: readonly string[]
  salesPersons: readonly SalesPersonHours[]
  /** Active bookings of the office (cancelled ones left out) that may overlap the slots asked about. */
  bookings: readonly Booking[]
}

/** Whether the sales person works the whole slot (their hours, else the office's). */
function works(office: OfficeCalendar, person: SalesPersonHours, slot: Slot): boolean {
  if (!person.workingHours) return true
  const date = zonedDate(office.timeZone, slot.startMs)
  return openIntervals(office.timeZone, person.workingHours, date).some(
    ([open, close]) => open <= slot.startMs && slot.endMs <= close,
  )
}

const overlaps = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }) =>
  a.startMs < b.endMs && b.startMs < a.endMs

/** The cabins and the sales persons free for the whole slot. */
export function freeIn(office: OfficeCalendar, slot: Slot, r: Resources): { cabins: string[]; salesPersons: string[] } {
  const busyCabins = new Set<string>()
  const busyPeople = new Set<string>()
  for (const b of r.bookings) {
    if (!overlaps(b, slot)) continue
    if (b.cabinId) busyCabins.add(b.cabinId)
    busyPeople.add(b.salesPersonId)
  }
  return {
    cabins: r.cabins.filter((c) => !busyCabins.has(c)),
    salesPersons: r.salesPersons.filter((p) => !busyPeople.has(p.id) && works(office, p, slot)).map((p) => p.id),
  }
}

/** How many bookings the slot still takes: a cabin and a sales person each (a virtual meeting needs no cabin). */
export function freeCount(free: { cabins: string[]; salesPersons: string[] }, virtual: boolean): number {
  return virtual ? free.salesPersons.length : Math.min(free.cabins.length, free.salesPersons.length)
}

/**
 * The slot board: each slot not yet begun at `nowMs` with its free count. Bookings are swept in
 * start order beside the slots, so a month of a busy office costs one pass over each, not their product.
 */
export function board(
  office: OfficeCalendar,
  slots: readonly Slot[],
  r: Resources,
  opts: { virtual: boolean; nowMs: number },
): { slot: Slot; free: number }[] {
  const bookings = [...r.bookings].sort((a, b) => a.startMs - b.startMs)
  // No booking is longer than this: one starting earlier than a slot by more has ended before it.
  const longest = bookings.reduce((m, b) => Math.max(m, b.endMs - b.startMs), 0)
  const out: { slot: Slot; free: number }[] = []
  let first = 0
  for (const slot of slots) {
    if (slot.startMs <= opts.nowMs) continue
    while (first < bookings.length && bookings[first]!.startMs + longest <= slot.startMs) first++
    const near: Booking[] = []
    for (let i = first; i < bookings.length && bookings[i]!.startMs < slot.endMs; i++)
      if (overlaps(bookings[i]!, slot)) near.push(bookings[i]!)
    out.push({ slot, free: freeCount(freeIn(office, slot, { ...r, bookings: near }), opts.virtual) })
  }
  return out
}

/**
 * Who gets the booking: the preferred sales person when free (the buyer's own, or the one already
 * on an appointment being moved), else the first free; the first free cabin unless virtual. Null
 * when the slot is full.
 */
export function pick(
  free: { cabins: string[]; salesPersons: string[] },
  opts: { virtual: boolean; preferredSalesPerson?: string | null },
): { cabinId: string | null; salesPersonId: string } | null {
  const person =
    opts.preferredSalesPerson && free.salesPersons.includes(opts.preferredSalesPerson)
      ? opts.preferredSalesPerson
      : free.salesPersons[0]
  if (!person) return null
  if (opts.virtual) return { cabinId: null, salesPersonId: person }
  const cabin = free.cabins[0]
  return cabin ? { cabinId: cabin, salesPersonId: person } : null
}

/** The sales calendar: who sees what, the range of a day or week, and the sales side's marks. Pure. */
import type { AppointmentMarkName, CalendarEntry } from '@diamond/contracts/http/appointments-calendar'
import type { AppointmentStatus } from '@diamond/contracts/http/appointments'
import type { AppointmentRecord } from '../bookings/bookings.repository'
import { roomLink } from '../bookings/bookings.rules'
import { addDays, isoInZone, zonedToUtc } from '../slots/zone'

/**
 * What a mark makes of an appointment, or null when it may not be made now: only a booked one is
 * confirmed (before it ends); done and no-show only once it has begun, from booked or confirmed
 * (a no-show who came late may still be marked done); cancelled and done are final.
 */
export function marked(
  row: { status: AppointmentStatus; startsAt: Date; endsAt: Date },
  mark: AppointmentMarkName,
  nowMs: number,
): AppointmentStatus | null {
  const begun = row.startsAt.getTime() <= nowMs
  const open = row.status === 'booked' || row.status === 'confirmed'
  switch (mark) {
    case 'confirm':
      return row.status === 'booked' && row.endsAt.getTime() > nowMs ? 'confirmed' : null
    case 'done':
      return begun && (open || row.status === 'no_show') ? 'done' : null
    case 'no-show':
      return begun && open ? 'no_show' : null
  }
}

/** The instants of `days` office days from `from`, midnight to midnight in the office's zone. */
export function calendarRange(timeZone: string, from: string, days: number): { fromMs: number; toMs: number } {
  return { fromMs: zonedToUtc(timeZone, from, 0), toMs: zonedToUtc(timeZone, addDays(from, days), 0) }
}

/**
 * Whose appointments the caller sees: office staff (the module's `all`) anyone's, narrowed as asked;
 * a sales person their own only (asking for another's is not found); anyone else nothing (forbidden).
 */
export function calendarScope(
  caller: { staff: boolean; salesPersonId: string | null },
  asked: { salesPersonId?: string },
): { salesPersonId: string | null } | 'forbidden' | 'not-found' {
  if (caller.staff) return { salesPersonId: asked.salesPersonId ?? null }
  if (!caller.salesPersonId) return 'forbidden'
  if (asked.salesPersonId && asked.salesPersonId !== caller.salesPersonId) return 'not-found'
  return { salesPersonId: caller.salesPersonId }
}

/** An appointment as the calendar shows it: times in the office's offset, the buyer as they signed in. */
export function toEntry(r: AppointmentRecord, meetingBaseUrl: string): CalendarEntry {
  const tz = r.office.timeZone
  return {
    id: r.row.id,
    status: r.row.status,
    startsAt: isoInZone(tz, r.row.startsAt.getTime()),
    endsAt: isoInZone(tz, r.row.endsAt.getTime()),
    officeId: r.office.id,
    cabin: r.cabin ? { id: r.cabin.id, name: r.cabin.name } : null,
    salesPerson: { id: r.salesPerson.id, name: r.salesPerson.name },
    buyer: { id: r.row.buyerId, username: r.row.buyerName, company: r.row.buyerCompany },
    purpose: r.row.purpose,
    virtual: r.row.virtual,
    stonesCount: r.stones.length,
    version: r.row.version,
    ...(r.row.virtual && r.row.room ? { room: roomLink(meetingBaseUrl, r.row.room) } : {}),
  }
}

/** What may happen to an appointment, and how it is shown and announced. Pure. */
import type { AppointmentView } from '@diamond/contracts/http/appointments'
import type { ActorRole, AppointmentChanged } from '@diamond/contracts/events/appointments'
import { isoInZone } from '../slots/zone'
import { stoneView } from '../stones/stones.rules'
import type { AppointmentRecord } from './bookings.repository'

/** An appointment is changed (moved, cancelled, stones taken off) only while booked or confirmed and not yet begun. */
export const changeable = (r: Pick<AppointmentRecord['row'], 'status' | 'startsAt'>, nowMs: number): boolean =>
  (r.status === 'booked' || r.status === 'confirmed') && r.startsAt.getTime() > nowMs

/**
 * The status after a move: a confirmation was of the old time and sales person, so a confirmed
 * appointment the buyer moves, or that moves to another sales person, is booked again (for the
 * sales side to confirm); one the sales side moves keeps it — they chose the time.
 */
export function statusAfterMove(
  r: Pick<AppointmentRecord['row'], 'status' | 'buyerId' | 'salesPersonId'>,
  byUserId: string,
  toSalesPersonId: string,
): AppointmentRecord['row']['status'] {
  if (r.status !== 'confirmed') return r.status
  return r.buyerId === byUserId || r.salesPersonId !== toSalesPersonId ? 'booked' : 'confirmed'
}

/** The meeting link of a virtual appointment: the configured base and the room's unguessable name. */
export const roomLink = (base: string, room: string): string => `${base}${room}`

/** The appointment as its two parties see it: times in the office's offset, the room link for a virtual one. */
export function toView(r: AppointmentRecord, meetingBaseUrl: string): AppointmentView {
  const tz = r.office.timeZone
  return {
    id: r.row.id,
    status: r.row.status,
    startsAt: isoInZone(tz, r.row.startsAt.getTime()),
    endsAt: isoInZone(tz, r.row.endsAt.getTime()),
    officeId: r.office.id,
    office: { id: r.office.id, code: r.office.code, name: r.office.name, timeZone: tz },
    cabin: r.cabin,
    salesPerson: { id: r.salesPerson.id, name: r.salesPerson.name },
    purpose: r.row.purpose,
    virtual: r.row.virtual,
    demandId: r.row.demandId,
    version: r.row.version,
    stones: r.stones.map((s) => stoneView(s, r.office.code)),
    ...(r.row.virtual && r.row.room ? { room: roomLink(meetingBaseUrl, r.row.room) } : {}),
  }
}

/** Who `userId` is to the appointment: its buyer, its sales person, or other staff (the office module's `all`). */
export function roleOf(r: Pick<AppointmentRecord, 'row' | 'salesPerson'>, userId: string): ActorRole {
  if (r.row.buyerId === userId) return 'buyer'
  if (r.salesPerson.userId === userId) return 'sales'
  return 'staff'
}

/** The data of an appointment event: who, where, when (UTC), which stones, and who acted. */
export function eventData(
  r: AppointmentRecord,
  by: string,
  extra: Pick<AppointmentChanged, 'previous' | 'removedStoneIds'> = {},
  meetingBaseUrl?: string,
): AppointmentChanged {
  return {
    appointmentId: r.row.id,
    buyerId: r.row.buyerId,
    salesPersonId: r.salesPerson.id,
    salesPersonUserId: r.salesPerson.userId,
    officeId: r.office.id,
    officeName: r.office.name,
    timeZone: r.office.timeZone,
    cabinId: r.cabin?.id ?? null,
    cabinName: r.cabin?.name ?? null,
    startsAt: r.row.startsAt.toISOString(),
    endsAt: r.row.endsAt.toISOString(),
    virtual: r.row.virtual,
    purpose: r.row.purpose,
    stoneIds: r.stones.map((s) => s.id),
    status: r.row.status,
    version: r.row.version,
    by,
    byRole: roleOf(r, by),
    ...extra,
    ...(r.row.virtual && r.row.room && meetingBaseUrl ? { room: roomLink(meetingBaseUrl, r.row.room) } : {}),
  }
}

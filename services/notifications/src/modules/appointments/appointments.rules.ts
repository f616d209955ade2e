/** Who is told what of an appointment, when its reminders are due, and what its mails carry. Pure. */
import {
  AppointmentEventTypes,
  ViewingRequestEventTypes,
  type AppointmentChanged,
} from '@diamond/contracts/events/appointments'
import type { DomainEvent } from '@diamond/contracts/events/index'
import type { Notice } from '../inbox/inbox.rules'
import type { AppointmentTemplate } from './appointments.texts'

export const APPOINTMENT_EVENTS = Object.values(AppointmentEventTypes)
export type AppointmentEvent = DomainEvent<(typeof APPOINTMENT_EVENTS)[number]>
export const VIEWING_REQUEST_EVENTS = Object.values(ViewingRequestEventTypes)
export type ViewingRequestEvent = DomainEvent<(typeof VIEWING_REQUEST_EVENTS)[number]>

/** Reminders: the day before and the hour before the slot begins. */
export const REMINDER_BEFORE_MS = { day: 24 * 3_600_000, hour: 3_600_000 } as const
export type ReminderKind = keyof typeof REMINDER_BEFORE_MS

/** Where the buyer's appointments are in the web app (spec section 2). */
export const APPOINTMENTS_PATH = '/account/office-list'

/** What a reminder's notice and mail say, kept from the appointment's last event. */
export type ReminderFacts = Pick<
  AppointmentChanged,
  'officeName' | 'timeZone' | 'cabinName' | 'virtual' | 'purpose' | 'room' | 'salesPersonUserId'
>

export const factsOf = (d: AppointmentChanged): ReminderFacts => ({
  officeName: d.officeName,
  timeZone: d.timeZone,
  cabinName: d.cabinName,
  virtual: d.virtual,
  purpose: d.purpose,
  salesPersonUserId: d.salesPersonUserId,
  ...(d.room ? { room: d.room } : {}),
})

/**
 * The reminder due now, if any. The hour-before one once within the hour; the day-before one from a
 * day before until the hour-before one takes over (an appointment booked 30 minutes ahead gets only
 * the hour's). Nothing once the slot has begun or when it was cancelled.
 */
export function dueReminder(
  r: { startsAt: Date; cancelled: boolean; daySentAt: Date | null; hourSentAt: Date | null },
  nowMs: number,
): ReminderKind | null {
  const start = r.startsAt.getTime()
  if (r.cancelled || nowMs >= start) return null
  if (!r.hourSentAt && nowMs >= start - REMINDER_BEFORE_MS.hour) return 'hour'
  if (!r.daySentAt && !r.hourSentAt && nowMs >= start - REMINDER_BEFORE_MS.day) return 'day'
  return null
}

const KIND: Partial<Record<AppointmentEvent['type'], string>> = {
  [AppointmentEventTypes.booked]: 'appointment.booked',
  [AppointmentEventTypes.rescheduled]: 'appointment.rescheduled',
  [AppointmentEventTypes.cancelled]: 'appointment.cancelled',
}

const noticeParams = (
  d: Pick<AppointmentChanged, 'appointmentId' | 'startsAt' | 'endsAt' | 'timeZone' | 'officeName'>,
) => ({
  appointmentId: d.appointmentId,
  startsAt: d.startsAt,
  endsAt: d.endsAt,
  timeZone: d.timeZone,
  office: d.officeName,
})

/**
 * Whoever did not act is told: the sales person when the buyer booked, moved or cancelled; the buyer
 * when anyone else did — and the sales person too when staff acted for them. A move that gave the
 * appointment to another sales person also tells the one it left (`away`, at the old time). Taking
 * stones off tells no one.
 */
export function appointmentNotices(e: AppointmentEvent): Notice[] {
  const kind = KIND[e.type]
  if (!kind) return []
  const d = e.data
  const params = { ...noticeParams(d), by: d.by === d.buyerId ? 'buyer' : 'sales' }
  const told = new Set<string>([d.by])
  const out: Notice[] = []
  const tell = (userId: string | null | undefined, p: Notice['params']) => {
    if (!userId || told.has(userId)) return
    told.add(userId)
    out.push({ userId, kind, params: p })
  }
  tell(d.buyerId, params)
  // `for: sales`: the sales side's notices lead to their calendar, the buyer's to their list.
  tell(d.salesPersonUserId, { ...params, for: 'sales' })
  const left = d.previous?.salesPersonUserId
  if (e.type === AppointmentEventTypes.rescheduled && left)
    tell(left, {
      ...noticeParams({ ...d, startsAt: d.previous!.startsAt, endsAt: d.previous!.endsAt }),
      by: params.by,
      for: 'sales',
      away: 1,
    })
  return out
}

/**
 * A viewing request (a visit without a time yet): a new one is the sales team's (one notice for the
 * team, as buy requests are), a declined one its buyer's, with the sales side's answer. An accepted
 * one tells the buyer through its appointment's booked notice; a withdrawn one is the buyer's own doing.
 */
export function viewingRequestNotices(e: ViewingRequestEvent): Notice[] {
  const d = e.data
  const params = { requestId: d.requestId, office: d.officeName, stones: d.stoneIds.length }
  if (e.type === ViewingRequestEventTypes.created) {
    // The office's sales persons; with none linked yet, the sales team as a whole.
    const to = [...new Set(d.salesUserIds ?? [])].filter((u) => u !== d.buyerId)
    if (!to.length) return [{ userId: null, audience: 'sales', kind: 'viewing.requested', params }]
    return to.map((userId) => ({ userId, kind: 'viewing.requested', params }))
  }
  if (e.type === ViewingRequestEventTypes.declined)
    return [
      { userId: d.buyerId, kind: 'viewing.declined', params: { ...params, answer: d.answer?.slice(0, 500) ?? null } },
    ]
  return []
}

export const reminderNotice = (
  r: { appointmentId: string; buyerId: string; startsAt: Date; endsAt: Date; facts: ReminderFacts },
  soon: ReminderKind,
): Notice => ({
  userId: r.buyerId,
  kind: 'appointment.reminder',
  params: {
    ...noticeParams({
      appointmentId: r.appointmentId,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      timeZone: r.facts.timeZone,
      officeName: r.facts.officeName,
    }),
    soon,
  },
})

/** The calendar entry's UID: one per appointment, so every update and the cancel replace the same entry. */
export const icsUid = (appointmentId: string): string => `${appointmentId}@appointments.diamond-portal`

/** The params of an appointment mail (see appointments.mail.ts): words and .ics from the same facts. */
export function mailParams(
  a: { appointmentId: string; startsAt: string; endsAt: string; version: number; facts: ReminderFacts },
  opts: { method: 'REQUEST' | 'CANCEL' | null; stamp: string; soon?: ReminderKind },
): Record<string, string> {
  return {
    ...(opts.method
      ? { uid: icsUid(a.appointmentId), sequence: String(a.version - 1), method: opts.method, stamp: opts.stamp }
      : {}),
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    timeZone: a.facts.timeZone,
    office: a.facts.officeName,
    cabin: a.facts.cabinName ?? '',
    room: a.facts.virtual ? (a.facts.room ?? '') : '',
    purpose: a.facts.purpose.slice(0, 500),
    ...(opts.soon ? { soon: opts.soon } : {}),
    link: APPOINTMENTS_PATH,
  }
}

/** The buyer's mail for an appointment event: the invitation, its update (SEQUENCE raised), its cancel. */
export function appointmentMail(
  e: AppointmentEvent,
): { template: AppointmentTemplate; params: Record<string, string> } | null {
  const d = e.data
  const a = {
    appointmentId: d.appointmentId,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    version: d.version,
    facts: factsOf(d),
  }
  switch (e.type) {
    case AppointmentEventTypes.booked:
      return { template: 'appointment-booked', params: mailParams(a, { method: 'REQUEST', stamp: e.time }) }
    case AppointmentEventTypes.rescheduled:
      return { template: 'appointment-updated', params: mailParams(a, { method: 'REQUEST', stamp: e.time }) }
    case AppointmentEventTypes.cancelled:
      return { template: 'appointment-cancelled', params: mailParams(a, { method: 'CANCEL', stamp: e.time }) }
    default:
      return null
  }
}

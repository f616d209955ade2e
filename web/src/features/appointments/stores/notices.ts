import i18next from 'i18next'
import type { Notification } from '@diamond/contracts/events/notifications'
import { live } from '../../../lib/realtime'
import { showToast } from '../../../lib/toast'

/** The notices the appointments send (notifications' appointments.rules.ts). */
const KINDS: ReadonlySet<string> = new Set([
  'appointment.booked',
  'appointment.rescheduled',
  'appointment.cancelled',
  'appointment.reminder',
  'viewing.requested',
  'viewing.declined',
])

/** When, on the office's own clock (the appointment is there), in the reader's language. */
function when(startsAt: unknown, timeZone: unknown): string {
  const at = new Date(typeof startsAt === 'string' ? startsAt : NaN)
  if (Number.isNaN(at.getTime())) return ''
  const zone = typeof timeZone === 'string' && timeZone ? timeZone : undefined
  try {
    return at.toLocaleString(i18next.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone })
  } catch {
    return at.toLocaleString(i18next.language, { dateStyle: 'medium', timeStyle: 'short' })
  }
}

/**
 * An appointment notice in the reader's words: the sales person hears what the buyer did, the buyer
 * what the sales person did, and reminders the day and the hour before. Null for other notices.
 */
export function appointmentNoticeText(n: Pick<Notification, 'kind' | 'params'>): string | null {
  if (!KINDS.has(n.kind)) return null
  const p = n.params
  const vars = { when: when(p.startsAt, p.timeZone), office: typeof p.office === 'string' ? p.office : '' }
  // A viewing request: new (the sales team's), or declined with the sales side's answer (the buyer's).
  if (n.kind === 'viewing.requested') return i18next.t('appointments.notices.viewing.requested', vars)
  if (n.kind === 'viewing.declined')
    return typeof p.answer === 'string' && p.answer.trim()
      ? i18next.t('appointments.notices.viewing.declinedWithAnswer', { ...vars, answer: p.answer.trim() })
      : i18next.t('appointments.notices.viewing.declined', vars)
  const kind = n.kind.slice('appointment.'.length)
  if (kind === 'reminder') return i18next.t(`appointments.notices.reminder.${p.soon === 'hour' ? 'hour' : 'day'}`, vars)
  // A move that gave it to another sales person tells the one it left, at the old time.
  if (kind === 'rescheduled' && p.away) return i18next.t('appointments.notices.rescheduled.away', vars)
  return i18next.t(`appointments.notices.${kind}.${p.by === 'buyer' ? 'byBuyer' : 'bySales'}`, vars)
}

/** Appointment notices pushed live become toasts, wherever the user is; returns the unsubscribe. */
export function followAppointmentNotices(): () => void {
  return live.on('notification', (n) => {
    const text = appointmentNoticeText(n)
    if (text) showToast(text, n.kind === 'appointment.cancelled' || n.kind === 'viewing.declined' ? 'error' : 'info')
  })
}

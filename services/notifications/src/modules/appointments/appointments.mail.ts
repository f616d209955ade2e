/** The words and the calendar file of an appointment mail, from its params, in the reader's language. Pure. */
import type { MailLanguage } from '../mail/mail.texts'
import type { IcsFacts } from './appointments.ics'
import { APPOINTMENT_TEXTS } from './appointments.texts'

/** The params every appointment mail carries (appointments.rules.ts `mailParams` makes them). */
export const APPOINTMENT_PARAMS = [
  'uid',
  'sequence',
  'method',
  'startsAt',
  'endsAt',
  'timeZone',
  'stamp',
  'office',
  'cabin',
  'room',
  'purpose',
  'soon',
  'link',
] as const

/** "Monday, 15 March 2027 at 09:00 (America/New_York)": the office's wall clock, its zone named. */
export function whenText(language: MailLanguage, startsAt: string, timeZone: string): string {
  const at = new Date(startsAt)
  if (Number.isNaN(at.getTime())) return ''
  try {
    const text = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(at)
    return `${text} (${timeZone})`
  } catch {
    return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  }
}

export function appointmentValues(
  language: MailLanguage,
  p: Record<string, string>,
): { values: Record<string, string>; ics: Omit<IcsFacts, 'summary'> | null } {
  const texts = APPOINTMENT_TEXTS[language]
  const office = p.office?.trim() ?? ''
  const room = p.room?.trim() || undefined
  const where = room ?? [office, p.cabin?.trim()].filter(Boolean).join(', ')
  const values = {
    when: whenText(language, p.startsAt ?? '', p.timeZone ?? 'UTC'),
    office,
    where,
    purpose: p.purpose?.trim() ?? '',
    soon: p.soon === 'hour' ? texts.soon.hour : p.soon === 'day' ? texts.soon.day : '',
  }
  // Reminders carry no calendar file: the invitation came with the confirmation.
  const sequence = Number(p.sequence)
  const method: IcsFacts['method'] | null = p.method === 'REQUEST' ? 'REQUEST' : p.method === 'CANCEL' ? 'CANCEL' : null
  const ics =
    p.uid && p.startsAt && p.endsAt && method && Number.isInteger(sequence)
      ? {
          uid: p.uid,
          sequence,
          method,
          startsAt: p.startsAt,
          endsAt: p.endsAt,
          timeZone: p.timeZone ?? 'UTC',
          stamp: p.stamp || p.startsAt,
          location: where,
          description: values.purpose,
          room,
        }
      : null
  return { values, ics }
}

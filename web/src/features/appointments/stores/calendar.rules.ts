import type { AppointmentStatus } from '@diamond/contracts/http/appointments.values'
import type { AppointmentMarkName } from '@diamond/contracts/http/appointments-calendar.values'

/**
 * What the sales side may do to an appointment now, as the service decides it (a booked one is
 * confirmed; done or no-show once it has begun; moved or cancelled before it ends). The buttons
 * follow this; the service still has the last word.
 */
export function marksFor(
  a: { status: AppointmentStatus; startsAt: string; endsAt: string },
  nowMs: number,
): { marks: AppointmentMarkName[]; change: boolean } {
  const open = a.status === 'booked' || a.status === 'confirmed'
  const begun = Date.parse(a.startsAt) <= nowMs
  const ended = Date.parse(a.endsAt) <= nowMs
  const marks: AppointmentMarkName[] = []
  if (a.status === 'booked' && !ended) marks.push('confirm')
  if (open && begun) marks.push('done', 'no-show')
  // A buyer marked absent who came late after all.
  if (a.status === 'no_show' && begun) marks.push('done')
  return { marks, change: open && !begun }
}

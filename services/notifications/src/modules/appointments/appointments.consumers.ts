import { consumer, type ServiceRuntime } from '@diamond/runtime'
import { APPOINTMENT_EVENTS } from './appointments.rules'
import type { AppointmentNotices } from './appointments.service'

/** Appointments' events: the other side's notice, the buyer's mail and .ics, the reminders' projection. */
export function registerAppointmentNotices(rt: ServiceRuntime, notices: AppointmentNotices): void {
  rt.consume(
    consumer('notifications.appointments').on(APPOINTMENT_EVENTS, (event, { tx }) => notices.onEvent(tx, event)),
  )
}

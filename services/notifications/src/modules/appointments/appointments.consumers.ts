import { consumer, type ServiceRuntime } from '@diamond/runtime'
import { APPOINTMENT_EVENTS, VIEWING_REQUEST_EVENTS } from './appointments.rules'
import type { AppointmentNotices } from './appointments.service'

/** Appointments' events: the other side's notice, the buyer's mail and .ics, the reminders' projection; viewing requests' notices. */
export function registerAppointmentNotices(rt: ServiceRuntime, notices: AppointmentNotices): void {
  rt.consume(
    consumer('notifications.appointments').on(APPOINTMENT_EVENTS, (event, { tx }) => notices.onEvent(tx, event)),
  )
  // Added later: from new requests on, so the requests a topic still keeps are not told again as new.
  rt.consume(
    consumer('notifications.viewing-requests')
      .on(VIEWING_REQUEST_EVENTS, (event, { tx }) => notices.onViewingRequest(tx, event))
      .fromNewEvents(),
  )
}

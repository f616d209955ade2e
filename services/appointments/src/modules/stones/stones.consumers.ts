import { OfficeBlockEventTypes } from '@diamond/contracts/events/office-blocks'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import type { AppointmentService } from '../bookings/bookings.service'

/** Stock's answers about appointments' stones: recorded per stone, and a booking waiting for one is woken. */
export function registerStoneAnswers(rt: ServiceRuntime, bookings: AppointmentService): void {
  rt.consume(
    consumer('appointments.office-blocks')
      .on(OfficeBlockEventTypes.answered, ({ data }, ctx) => bookings.answered(data, ctx))
      .on(OfficeBlockEventTypes.released, ({ data }, ctx) => bookings.releasedByHand(data, ctx)),
  )
}

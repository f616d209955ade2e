import { AppointmentEventTypes } from '@diamond/contracts/events/appointments'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import type { OfficeBlockService } from './office-blocks.service'

/** Appointments ask for their stones through their own events; stock blocks, moves and gives back, and answers. */
export function registerOfficeBlocks(rt: ServiceRuntime, offices: OfficeBlockService): void {
  rt.consume(
    consumer('stock.office-blocks')
      .on([AppointmentEventTypes.booked, AppointmentEventTypes.rescheduled], ({ data }, ctx) => offices.ask(data, ctx))
      .on(AppointmentEventTypes.cancelled, ({ data }, ctx) => offices.cancelled(data, ctx))
      .on(AppointmentEventTypes.stonesRemoved, ({ data }, ctx) => offices.stonesRemoved(data, ctx))
      // Appointments without stones ask nothing of stock.
      .wants((e) => e.data.stoneIds.length > 0 || (e.data.removedStoneIds?.length ?? 0) > 0),
  )
}

import type { FastifyInstance } from 'fastify'
import { setupService, type ServiceContext } from '@diamond/runtime'
import { defineService } from '@diamond/runtime/registry'
import { loadAppointmentsConfig, type AppointmentsConfig } from './config'
import bookingRoutes from './modules/bookings/bookings.routes'
import { AppointmentService } from './modules/bookings/bookings.service'
import calendarRoutes from './modules/calendar/calendar.routes'
import { CalendarService } from './modules/calendar/calendar.service'
import { seedDemoOffices } from './modules/demo/demo.offices'
import requestRoutes from './modules/requests/requests.routes'
import { ViewingRequestService } from './modules/requests/requests.service'
import settingsRoutes from './modules/settings/settings.routes'
import { SettingsService } from './modules/settings/settings.service'
import { registerStoneAnswers } from './modules/stones/stones.consumers'

export type AppointmentsOptions = ServiceContext & { appointments: AppointmentsConfig }

/**
 * The appointments service: offices with their zones, hours and cabins, sales persons, the slot
 * board, and bookings that PostgreSQL keeps from ever overlapping on a cabin, a sales person or a
 * buyer. Owns the `appointments` schema; announces every booking, move and cancel through its outbox.
 */
export default async function appointmentsService(app: FastifyInstance, opts: AppointmentsOptions) {
  const cfg = opts.appointments
  const rt = await setupService(
    app,
    { ...opts, databaseUrl: cfg.APPOINTMENTS_DATABASE_URL ?? opts.databaseUrl },
    {
      name: 'appointments',
      migrations: new URL('../migrations/', import.meta.url),
    },
  )
  if (opts.config.DEMO_DATA) {
    const seeded = await seedDemoOffices(rt.database.sql)
    if (seeded) app.log.info({ offices: seeded }, 'demo offices seeded')
  }
  const bookings = new AppointmentService(
    rt.database,
    { meetingBaseUrl: cfg.APPOINTMENTS_MEETING_BASE_URL, blockWaitMs: cfg.APPOINTMENTS_BLOCK_WAIT_MS },
    () => rt.relay.kick(),
  )
  registerStoneAnswers(rt, bookings)
  await app.register(bookingRoutes, { bookings })
  const kick = () => rt.relay.kick()
  const meeting = { meetingBaseUrl: cfg.APPOINTMENTS_MEETING_BASE_URL }
  await app.register(calendarRoutes, { calendar: new CalendarService(rt.database, bookings, meeting, kick) })
  await app.register(requestRoutes, { requests: new ViewingRequestService(rt.database, bookings, kick) })
  await app.register(settingsRoutes, { settings: new SettingsService(rt.database, bookings, kick) })
}

/** How a host mounts this service by its name in the registry (the embedded portal does). */
export const service = defineService({
  name: 'appointments',
  plugin: appointmentsService,
  options: (env) => ({ appointments: loadAppointmentsConfig(env) }),
})

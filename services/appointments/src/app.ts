import type { FastifyInstance } from 'fastify'
import { setupService, type ServiceContext } from '@diamond/runtime'
import { defineService } from '@diamond/runtime/registry'
import { loadAppointmentsConfig, type AppointmentsConfig } from './config'

export type AppointmentsOptions = ServiceContext & { appointments: AppointmentsConfig }

/** The appointments service: cabin bookings (built in a later issue). Owns the `appointments` schema. */
export default async function appointmentsService(app: FastifyInstance, opts: AppointmentsOptions) {
  await setupService(
    app,
    { ...opts, databaseUrl: opts.appointments.APPOINTMENTS_DATABASE_URL ?? opts.databaseUrl },
    {
      name: 'appointments',
      migrations: new URL('../migrations/', import.meta.url),
    },
  )
}

/** How a host mounts this service by its name in the registry (the embedded portal does). */
export const service = defineService({
  name: 'appointments',
  plugin: appointmentsService,
  options: (env) => ({ appointments: loadAppointmentsConfig(env) }),
})

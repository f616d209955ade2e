import { runStandalone } from '@diamond/runtime'
import appointmentsService from './app'
import { loadAppointmentsConfig } from './config'

const appointments = loadAppointmentsConfig()
await runStandalone('appointments', appointmentsService, { port: appointments.APPOINTMENTS_PORT, appointments })

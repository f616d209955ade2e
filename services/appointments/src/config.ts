import { Type, type Static } from 'typebox'
import { loadConfig } from '@diamond/runtime/config'
import { portOf } from '@diamond/runtime/registry'

export const AppointmentsConfig = Type.Object({
  APPOINTMENTS_PORT: Type.Integer({ default: portOf('appointments') }),
  APPOINTMENTS_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
})
export type AppointmentsConfig = Static<typeof AppointmentsConfig>
export const loadAppointmentsConfig = (env = process.env) => loadConfig(AppointmentsConfig, env)

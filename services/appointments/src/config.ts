import { Type, type Static } from 'typebox'
import { loadConfig } from '@diamond/runtime/config'
import { portOf } from '@diamond/runtime/registry'

export const AppointmentsConfig = Type.Object({
  APPOINTMENTS_PORT: Type.Integer({ default: portOf('appointments') }),
  APPOINTMENTS_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** A virtual appointment's meeting link is this followed by the room's unguessable name. */
  APPOINTMENTS_MEETING_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://meet.jit.si/diamond-portal-' }),
  /** How long cabin-schedule/create waits for stock's answer about the stones before answering them `pending`. */
  APPOINTMENTS_BLOCK_WAIT_MS: Type.Integer({ minimum: 0, maximum: 30_000, default: 3000 }),
})
export type AppointmentsConfig = Static<typeof AppointmentsConfig>
export const loadAppointmentsConfig = (env = process.env) => loadConfig(AppointmentsConfig, env)

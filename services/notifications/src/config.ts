import { Type, type Static } from 'typebox'
import { loadConfig } from '@diamond/runtime/config'

export const NotificationsConfig = Type.Object({
  NOTIFICATIONS_PORT: Type.Integer({ default: 3105 }),
  NOTIFICATIONS_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
})
export type NotificationsConfig = Static<typeof NotificationsConfig>
export const loadNotificationsConfig = (env = process.env) => loadConfig(NotificationsConfig, env)

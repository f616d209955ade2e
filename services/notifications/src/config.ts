import { Type, type Static } from 'typebox'
import { loadConfig, PlatformConfig } from '@diamond/runtime/config'

export const NotificationsConfig = Type.Object({
  NOTIFICATIONS_PORT: Type.Integer({ default: 3105 }),
  NOTIFICATIONS_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** Where people open the web app: links in mails (paths such as /reset-password/<token>) start here. */
  NOTIFICATIONS_PUBLIC_URL: Type.String({ pattern: '^https?://[^\\s]+$', default: 'http://localhost:8080' }),
  /** Keep mails in the development mailbox (also on with DEMO_DATA); refused in production mode. */
  NOTIFICATIONS_DEV_MAILBOX: Type.Boolean({ default: false }),
})
export type NotificationsConfig = Static<typeof NotificationsConfig>

const Mode = Type.Pick(PlatformConfig, ['NODE_ENV'])

export function loadNotificationsConfig(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  const config = loadConfig(NotificationsConfig, env)
  if (config.NOTIFICATIONS_DEV_MAILBOX && loadConfig(Mode, env).NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration:\n  NOTIFICATIONS_DEV_MAILBOX must not be set in production mode (the mailbox shows every mail, codes and links included, to anyone)',
    )
  }
  return { ...config, NOTIFICATIONS_PUBLIC_URL: config.NOTIFICATIONS_PUBLIC_URL.replace(/\/+$/, '') }
}

/** The development mailbox: demo or explicitly asked for, and never in production mode. */
export function devMailboxEnabled(platform: { NODE_ENV: string; DEMO_DATA: boolean }, own: NotificationsConfig): boolean {
  return platform.NODE_ENV !== 'production' && (platform.DEMO_DATA || own.NOTIFICATIONS_DEV_MAILBOX)
}

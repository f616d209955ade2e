import { Type, type Static } from 'typebox'
import { loadConfig, PlatformConfig } from '@diamond/runtime/config'
import { portOf } from '@diamond/runtime/registry'
import { literals } from '@diamond/contracts/common'
import { CONTENT_LANGUAGES } from '@diamond/contracts/http/care.values'

const HttpUrl = Type.String({ pattern: '^https?://[^\\s]+$' })

export const NotificationsConfig = Type.Object({
  NOTIFICATIONS_PORT: Type.Integer({ default: portOf('notifications') }),
  NOTIFICATIONS_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /**
   * Where people open the web app: links in mails (paths such as /reset-password/<token>) start here.
   * PUBLIC_URL is the deployment-wide name; NOTIFICATIONS_PUBLIC_URL, the older name, is read when
   * PUBLIC_URL is not set. After loading, this field holds the address in use.
   */
  NOTIFICATIONS_PUBLIC_URL: Type.String({ ...HttpUrl, default: 'http://localhost:8080' }),
  PUBLIC_URL: Type.Optional(HttpUrl),
  /** Keep mails in the development mailbox (also on with DEMO_DATA); refused in production mode. */
  NOTIFICATIONS_DEV_MAILBOX: Type.Boolean({ default: false }),
  /**
   * The SMTP server mail leaves through: smtp://[user:password@]host[:port] (STARTTLS when the server
   * offers it; add ?starttls=required to refuse a server that does not) or smtps://… (TLS from the
   * first byte, port 465 by default). Required in production mode.
   */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^\\s/?#]+(:\\d+)?/?(\\?[^\\s]*)?$' })),
  /** The From of every mail, e.g. `Diamond Portal <no-reply@example.com>`; default no-reply@ the public host. */
  MAIL_FROM: Type.Optional(Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\r\\n]+$' })),
  /** Where replies go, if not to MAIL_FROM (e.g. the sales desk). */
  MAIL_REPLY_TO: Type.Optional(Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\r\\n]+$' })),
  /** SMTP attempts per mail before it is marked failed (the first send counts). */
  NOTIFICATIONS_MAIL_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
  /** Wait after the first failed attempt; it doubles after each further one, up to an hour. */
  NOTIFICATIONS_MAIL_RETRY_MS: Type.Integer({ minimum: 10, maximum: 3_600_000, default: 30_000 }),
  /** Where contact-form messages are mailed (the sales desk); default MAIL_REPLY_TO, else sales@ the public host. */
  NOTIFICATIONS_SALES_MAIL: Type.Optional(
    Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' }),
  ),
  /** The language of the sales desk's mails (one of the nine). */
  NOTIFICATIONS_SALES_LANGUAGE: { ...literals(CONTENT_LANGUAGES), default: 'en' },
  /** How often the appointment reminders due (the day before, the hour before) are looked for. */
  NOTIFICATIONS_REMINDER_SWEEP_MS: Type.Integer({ minimum: 100, maximum: 3_600_000, default: 60_000 }),
})
export type NotificationsConfig = Static<typeof NotificationsConfig>

const Mode = Type.Pick(PlatformConfig, ['NODE_ENV'])

export function loadNotificationsConfig(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  const config = loadConfig(NotificationsConfig, env)
  const production = loadConfig(Mode, env).NODE_ENV === 'production'
  const problems: string[] = []
  if (config.NOTIFICATIONS_DEV_MAILBOX && production) {
    problems.push(
      'NOTIFICATIONS_DEV_MAILBOX must not be set in production mode (the mailbox shows every mail, codes and links included, to anyone)',
    )
  }
  if (!config.SMTP_URL && production) {
    problems.push(
      'SMTP_URL is required in production mode (without it no mail reaches anyone: no sign-in code, no verification, no password reset)',
    )
  }
  if (!config.PUBLIC_URL && !env.NOTIFICATIONS_PUBLIC_URL && production) {
    problems.push(
      'PUBLIC_URL is required in production mode (the address people open the portal at: every link in mail starts there)',
    )
  }
  if (problems.length) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  const publicUrl = (config.PUBLIC_URL ?? config.NOTIFICATIONS_PUBLIC_URL).replace(/\/+$/, '')
  return { ...config, NOTIFICATIONS_PUBLIC_URL: publicUrl, PUBLIC_URL: publicUrl }
}

/** The development mailbox: demo or explicitly asked for, never in production mode, and not when SMTP is configured. */
export function devMailboxEnabled(
  platform: { NODE_ENV: string; DEMO_DATA: boolean },
  own: NotificationsConfig,
): boolean {
  return platform.NODE_ENV !== 'production' && !own.SMTP_URL && (platform.DEMO_DATA || own.NOTIFICATIONS_DEV_MAILBOX)
}

/** The From address: MAIL_FROM, else `<brand> <no-reply@public host>`. */
export function mailFrom(own: NotificationsConfig, brand: string): string {
  return own.MAIL_FROM ?? `${brand} <no-reply@${new URL(own.NOTIFICATIONS_PUBLIC_URL).hostname}>`
}

/** The sales desk's address: NOTIFICATIONS_SALES_MAIL, else the Reply-To address, else sales@ the public host. */
export function salesMail(own: NotificationsConfig): string {
  if (own.NOTIFICATIONS_SALES_MAIL) return own.NOTIFICATIONS_SALES_MAIL
  const replyTo = own.MAIL_REPLY_TO && /<?([^\s<>@]+@[^\s<>@]+)>?\s*$/.exec(own.MAIL_REPLY_TO)?.[1]
  return replyTo || `sales@${new URL(own.NOTIFICATIONS_PUBLIC_URL).hostname}`
}

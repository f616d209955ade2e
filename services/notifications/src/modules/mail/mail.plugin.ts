import type { FastifyInstance } from 'fastify'
import type { PlatformConfig, ServiceRuntime } from '@diamond/runtime'
import { devMailboxEnabled, mailFrom, type NotificationsConfig } from '../../config'
import mailAdminRoutes from './mail.admin.routes'
import devMailboxRoutes from './mail.routes'
import { registerDigestMail } from '../digests/digests.consumers'
import { DigestMailService } from '../digests/digests.service'
import { registerMailRequests } from './mail.consumers'
import { MailSender } from './mail.sender'
import { MailService } from './mail.service'
import { MAIL_TEXTS } from './mail.texts'
import { DevMailbox, OutboxMailer, SmtpTransport, type Mailer } from './mailer'

/**
 * Mail's wiring (answers the mailer the contact form delivers through). With SMTP_URL: mails are queued in the outbox by the consumer and sent by the
 * sender loop. Without it, in development: the development mailbox (demo or asked for), else the
 * outbox keeps them unsent until SMTP is configured. Production mode has SMTP (config.ts insists).
 */
export async function installMail(
  app: FastifyInstance,
  rt: ServiceRuntime,
  platform: PlatformConfig,
  own: NotificationsConfig,
): Promise<Mailer> {
  const devMailbox = devMailboxEnabled(platform, own)
  const from = mailFrom(own, MAIL_TEXTS.en.brand)
  const mailer = devMailbox ? new DevMailbox() : new OutboxMailer(from)
  const mail = new MailService(rt.database, mailer, own.NOTIFICATIONS_PUBLIC_URL)
  registerMailRequests(rt, mail)
  registerDigestMail(rt, new DigestMailService(mailer, own.NOTIFICATIONS_PUBLIC_URL))
  if (devMailbox) await app.register(devMailboxRoutes, { mail })
  await app.register(mailAdminRoutes, { mail })

  if (!own.SMTP_URL) {
    if (!devMailbox)
      app.log.warn('no SMTP_URL: mail is queued in notifications.mail_outbox and sent once SMTP is configured')
    return mailer
  }
  const sender = new MailSender(rt.database, new SmtpTransport(own.SMTP_URL, from, own.MAIL_REPLY_TO), {
    attempts: own.NOTIFICATIONS_MAIL_ATTEMPTS,
    retryMs: own.NOTIFICATIONS_MAIL_RETRY_MS,
    log: app.log,
  })
  app.addHook('onReady', () => sender.start())
  app.addHook('preClose', () => sender.stop())
  return mailer
}

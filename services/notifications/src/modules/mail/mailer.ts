import type { FastifyBaseLogger } from 'fastify'
import type { Tx } from '@diamond/runtime/db'
import * as repo from './mail.repository'
import { maskAddress, type RenderedMail } from './mail.templates'

/**
 * Where rendered mail goes. Delivery runs inside the consumer's transaction, so a mail kept in the
 * development mailbox is kept exactly once; a network transport would send at least once.
 */
export interface Mailer {
  readonly kind: string
  deliver(tx: Tx, mail: RenderedMail): Promise<void>
}

/** Development and demo mode: mails land in notifications.dev_mail, readable at /web/v1/dev/mailbox. */
export class DevMailbox implements Mailer {
  readonly kind = 'dev-mailbox'
  deliver(tx: Tx, mail: RenderedMail) {
    return repo.insertDevMail(tx, mail)
  }
}

/**
 * No transport configured (there is no SMTP relay yet): the mail is noted in the log and dropped.
 * Only the template and a masked address are logged: codes and links are secrets.
 */
export class LogOnlyMailer implements Mailer {
  readonly kind = 'log-only'
  constructor(private readonly log: FastifyBaseLogger) {}
  async deliver(_tx: Tx, mail: RenderedMail) {
    this.log.warn({ template: mail.template, to: maskAddress(mail.to), language: mail.language }, 'no mail transport configured: mail not sent')
  }
}

import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import type { Tx } from '@diamond/runtime/db'
import * as repo from './mail.repository'
import { messageIdFor, smtpSettings } from './mail.rules'
import type { RenderedMail } from './mail.templates'

/**
 * Where rendered mail goes, inside the transaction that decided to send it (the consumer's): the
 * development mailbox keeps it there exactly once; the outbox queues it there for SMTP, which then
 * sends it at least once (mail.sender.ts).
 */
export interface Mailer {
  readonly kind: string
  deliver(tx: Tx, mail: RenderedMail): Promise<void>
}

/** Development and demo mode without SMTP: mails land in notifications.dev_mail, readable at /web/v1/dev/mailbox. */
export class DevMailbox implements Mailer {
  readonly kind = 'dev-mailbox'
  deliver(tx: Tx, mail: RenderedMail) {
    return repo.insertDevMail(tx, mail)
  }
}

/**
 * The SMTP outbox: the mail is queued with its Message-ID, and the sender loop sends it. With no
 * SMTP configured (development without the mailbox) mail waits here, never dropped, and goes out
 * once SMTP_URL is set.
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'smtp-outbox'
  constructor(private readonly from: string) {}
  deliver(tx: Tx, mail: RenderedMail) {
    const id = randomUUID()
    return repo.enqueueMail(tx, { ...mail, id, messageId: messageIdFor(id, this.from) })
  }
}

/** One mail as the SMTP transport sends it. */
export interface OutgoingMail {
  messageId: string
  to: string
  subject: string
  text: string
  html: string
  language: string
  attachments?: { filename: string; content: Buffer; contentType?: string }[]
}

/** What the sender loop sends through: SMTP in every deployment (an interface so rules can be tested alone). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

/**
 * nodemailer over a pool of SMTP connections (kept open between mails, at most `maxConnections`),
 * TLS as SMTP_URL says: smtps:// from the first byte, smtp:// with STARTTLS when the server offers
 * it (required with ?starttls=required). Timeouts are short: a dead server must fail an attempt,
 * not hold the sender.
 */
export class SmtpTransport implements MailTransport {
  private readonly transport: ReturnType<typeof nodemailer.createTransport>
  constructor(
    url: string,
    private readonly from: string,
    private readonly replyTo: string | undefined,
    opts: { maxConnections?: number } = {},
  ) {
    const s = smtpSettings(url)
    this.transport = nodemailer.createTransport({
      pool: true,
      maxConnections: opts.maxConnections ?? 4,
      host: s.host,
      port: s.port,
      secure: s.secure,
      requireTLS: s.requireTLS,
      ...(s.auth ? { auth: s.auth } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    })
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      ...(this.replyTo ? { replyTo: this.replyTo } : {}),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      headers: { 'Content-Language': mail.language, 'Auto-Submitted': 'auto-generated' },
      ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    })
  }

  close() {
    this.transport.close()
  }
}

import type { MailRequested } from '@diamond/contracts/events/auth'
import type { FailedMail, FailedMailPage } from '@diamond/contracts/http/notifications'
import { AppError, type Principal } from '@diamond/runtime'
import type { Database, Tx } from '@diamond/runtime/db'
import type { Mailer } from './mailer'
import * as repo from './mail.repository'
import { isOperatorStaff } from './mail.rules'
import { renderMail } from './mail.templates'

const toFailedMail = (r: repo.OutboxRow): FailedMail => ({
  id: r.id,
  messageId: r.messageId,
  to: r.to,
  template: r.template,
  language: r.language,
  subject: r.subject,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  failedAt: (r.failedAt ?? r.createdAt).toISOString(),
})

export class MailService {
  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly baseUrl: string,
  ) {}

  /** A mail asked for (auth.mail.requested): rendered in its language and handed to the mailer, in the consumer's transaction. */
  async send(tx: Tx, request: MailRequested): Promise<void> {
    await this.mailer.deliver(tx, renderMail(request, { baseUrl: this.baseUrl }))
  }

  devMailbox(filter: { to?: string; limit: number }) {
    return repo.listDevMail(this.database.sql, filter)
  }

  clearDevMailbox(to?: string) {
    return repo.clearDevMail(this.database.sql, to)
  }

  /** Operator staff only: mails SMTP gave up on. Anyone else is refused as auth refuses the registrations list. */
  async failed(who: Principal, page: number, limit: number): Promise<FailedMailPage> {
    this.assertStaff(who)
    const { rows, count } = await repo.failedPage(this.database.sql, page, limit)
    return { list: rows.map(toFailedMail), count }
  }

  /** Operator staff only: failed mails queued again with fresh attempts; ids not failed (or unknown) are skipped. */
  async retry(who: Principal, ids: string[]): Promise<string[]> {
    this.assertStaff(who)
    return repo.retryFailed(this.database.sql, [...new Set(ids)])
  }

  private assertStaff(who: Principal) {
    if (!isOperatorStaff(who)) throw new AppError('E_FORBIDDEN')
  }
}

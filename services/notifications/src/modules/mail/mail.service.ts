import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { AuthEventTypes, type MailRequested } from '@diamond/contracts/events/auth'
import type { Database, Tx } from '@diamond/runtime/db'
import type { Mailer } from './mailer'
import * as repo from './mail.repository'
import { renderMail } from './mail.templates'

export class MailService {
  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly baseUrl: string,
  ) {}

  /** auth.mail.requested: render in the mail's language and hand it to the mailer, in the consumer's transaction. */
  async onEvent(tx: Tx, event: AnyEvent): Promise<void> {
    if (event.type !== AuthEventTypes.mailRequested) return
    await this.mailer.deliver(tx, renderMail(event.data as MailRequested, { baseUrl: this.baseUrl }))
  }

  devMailbox(filter: { to?: string; limit: number }) {
    return repo.listDevMail(this.database.sql, filter)
  }

  clearDevMailbox(to?: string) {
    return repo.clearDevMail(this.database.sql, to)
  }
}

import { MAIL_TEMPLATES, type MailTemplate } from '@diamond/contracts/events/auth'
import type { MailWanted } from '@diamond/contracts/events/notifications'
import type { Tx } from '@diamond/runtime'
import { findUserById } from '../users/users.repository'
import { requestMail } from './mail.outbox'

const isTemplate = (t: string): t is MailTemplate => (MAIL_TEMPLATES as readonly string[]).includes(t)

/**
 * A mail notifications wants sent to a user (an appointment's confirmation, update, cancel or
 * reminder): auth knows the address and the language. A user who cannot sign in gets none. In the
 * consumer's transaction, so once.
 */
export async function mailWanted(tx: Tx, w: MailWanted): Promise<void> {
  if (!isTemplate(w.template)) return
  const u = await findUserById(tx, w.userId)
  if (!u || !u.active || !u.emailVerified || u.approvalStatus !== 2) return
  await requestMail(tx, { to: u.email, name: u.firstName, template: w.template, locale: u.locale, params: w.params })
}

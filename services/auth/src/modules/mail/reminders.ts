import type { TradeEvent } from '@diamond/contracts/events/stock'
import type { Tx } from '@diamond/runtime'
import { findUserById } from '../users/users.repository'
import { requestMail } from './mail.outbox'

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v)).slice(0, 2000)

/**
 * A reminder that came due (stock knows the stone, auth the reader): each of its users who can still
 * sign in is mailed in their language, beside the notice the notifications service shows. In the
 * consumer's transaction, so a reminder is mailed once.
 */
export async function mailDueReminder(tx: Tx, d: TradeEvent): Promise<void> {
  for (const id of d.userIds) {
    const u = await findUserById(tx, id)
    if (!u || !u.active || !u.emailVerified || u.approvalStatus !== 2) continue
    await requestMail(tx, {
      to: u.email,
      name: u.firstName,
      template: 'reminder-due',
      locale: u.locale,
      params: { stone: text(d.params.vStnId), remarks: text(d.params.remarks), link: '/account/reminder' },
    })
  }
}

import type { TradeEvent } from '@diamond/contracts/events/stock'
import type { Tx } from '@diamond/runtime'
import { findUserById } from '../users/users.repository'
import { requestMail } from './mail.outbox'

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v)).slice(0, 500)

/**
 * Issue 26: a shipment moved on (stock knows the order, auth the buyer's address and language): the
 * buyer is mailed each step beside the notice pushed live. In the consumer's transaction, so once.
 */
export async function mailShipmentStep(tx: Tx, d: TradeEvent): Promise<void> {
  for (const id of d.userIds) {
    const u = await findUserById(tx, id)
    if (!u || !u.active || !u.emailVerified || u.approvalStatus !== 2) continue
    const p = d.params
    await requestMail(tx, {
      to: u.email,
      name: u.firstName,
      template: 'shipment-updated',
      locale: u.locale,
      params: {
        orderNo: text(p.orderNo),
        status: text(p.status),
        carrier: text(p.carrier),
        trackingNo: text(p.trackingNo),
        trackingUrl: text(p.trackingUrl),
        link: '/account/my-shipment',
      },
    })
  }
}

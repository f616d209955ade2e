import i18next from 'i18next'
import type { Notification } from '@diamond/contracts/events/notifications'
import { SHIPMENT_STEPS, type ShipmentStatus } from '@diamond/contracts/http/orders.values'
import { fmtUsd } from '../../../lib/format'

const isStep = (s: unknown): s is ShipmentStatus => SHIPMENT_STEPS.includes(s as ShipmentStatus)

/**
 * An order's notices in words: "Order OR100004 confirmed: 2 stones, $18,420.00", and each step of its
 * shipment. Without the amount for a reader who does not see prices (the server sends it as null).
 */
export function orderNoticeText(n: Pick<Notification, 'kind' | 'params'>): string | null {
  const p = n.params
  const orderNo = typeof p.orderNo === 'string' ? p.orderNo : ''
  // Issue 26: a won lot's order (to its winner), and a seller's stone sold at auction.
  const vStnId = typeof p.vStnId === 'string' ? p.vStnId : ''
  const amount = typeof p.amountCents === 'number' ? fmtUsd(p.amountCents / 100) : null
  if (n.kind === 'order.placed' && p.source === 'auction')
    return amount
      ? i18next.t('orders.notices.won', { orderNo, vStnId, amount })
      : i18next.t('orders.notices.wonNoPrice', { orderNo, vStnId })
  if (n.kind === 'order.sold')
    return amount
      ? i18next.t('orders.notices.sold', { orderNo, vStnId, amount })
      : i18next.t('orders.notices.soldNoPrice', { orderNo, vStnId })
  if (n.kind === 'order.placed') {
    const count = typeof p.pcs === 'number' ? p.pcs : 0
    return typeof p.amountCents === 'number'
      ? i18next.t('orders.notices.placed', { orderNo, count, amount: fmtUsd(p.amountCents / 100) })
      : i18next.t('orders.notices.placedNoPrice', { orderNo, count })
  }
  if (n.kind === 'shipment.updated') {
    const step = isStep(p.status) ? i18next.t(`orders.steps.${p.status}`) : ''
    return typeof p.trackingNo === 'string' && p.trackingNo && p.status === 'shipped'
      ? i18next.t('orders.notices.shippedTracking', { orderNo, step, trackingNo: p.trackingNo })
      : i18next.t('orders.notices.shipment', { orderNo, step })
  }
  return null
}

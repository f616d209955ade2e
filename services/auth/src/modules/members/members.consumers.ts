import { TradeEventTypes } from '@diamond/contracts/events/stock'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import type { MemberService } from './members.service'

/**
 * What auth learns of orders, for ratings: an order's sellers when it is placed, and its delivery.
 * Both are keyed by the order id on one topic, so a delivery never arrives before its order.
 */
export function registerMemberOrders(rt: ServiceRuntime, members: MemberService): void {
  rt.consume(
    consumer('auth.member-orders')
      .on(TradeEventTypes.orderPlaced, ({ key, data }, { tx }) => members.orderPlaced(tx, key, data))
      .on(TradeEventTypes.shipmentUpdated, ({ key, data }, { tx }) => members.shipmentUpdated(tx, key, data)),
  )
}

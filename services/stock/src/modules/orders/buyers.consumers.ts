import { MemberEventTypes } from '@diamond/contracts/events/members'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import { keepBuyer } from './orders.repository'

/** Issue 26: what an order and its invoice print of a buyer, as auth announces it (newest version kept). */
export function registerBuyers(rt: ServiceRuntime): void {
  rt.consume(
    consumer('stock.buyers').on(MemberEventTypes.profileChanged, ({ data }, { tx }) =>
      keepBuyer(tx, {
        userId: data.userId,
        username: data.username,
        companyName: data.companyName,
        billing: data.billing,
        version: data.version,
      }),
    ),
  )
}

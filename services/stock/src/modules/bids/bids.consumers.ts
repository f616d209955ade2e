import { BiddingEventTypes } from '@diamond/contracts/events/bidding'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import type { OrderService } from '../orders/orders.service'
import type { StoneService } from '../stones/stones.service'

/**
 * Bidding decides auctions; stock hears of a lot's opening (its stone may not be moved meanwhile)
 * and of its result (a won lot becomes the winner's order, issue 26). Highs and extensions are
 * acknowledged without a database write.
 */
export function registerBidResults(rt: ServiceRuntime, stones: StoneService, orders: OrderService): void {
  rt.consume(
    consumer('stock.bid-results')
      .on(BiddingEventTypes.opened, ({ data }, { tx }) => stones.enterLot(tx, data))
      .on(BiddingEventTypes.closed, ({ data }, { tx }) => orders.settleLot(tx, data))
      // An auction's lots close together: their results (and orders) may commit up to 10 at a time
      // rather than one commit each (bench:wonorder, README).
      .batch(10),
  )
}

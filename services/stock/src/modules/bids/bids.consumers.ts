import { BiddingEventTypes } from '@diamond/contracts/events/bidding'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import type { StoneService } from '../stones/stones.service'

/**
 * Bidding decides auctions; stock hears of a lot's opening (its stone may not be moved meanwhile)
 * and of its result. Highs and extensions are acknowledged without a database write.
 */
export function registerBidResults(rt: ServiceRuntime, stones: StoneService): void {
  rt.consume(
    consumer('stock.bid-results')
      .on(BiddingEventTypes.opened, ({ data }, { tx }) => stones.enterLot(tx, data))
      .on(BiddingEventTypes.closed, ({ data }, { tx }) => stones.settleLot(tx, data)),
  )
}

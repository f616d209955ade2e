import { BiddingEventTypes, type LotClosed } from '@diamond/contracts/events/bidding'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import type { OrderService } from '../orders/orders.service'
import type { StoneService } from '../stones/stones.service'

/**
 * Bidding decides auctions; stock hears of a lot's opening (its stone may not be moved meanwhile)
 * and of its result (a won lot becomes the winner's order, issue 26). Highs and extensions are
 * acknowledged without a database write.
 *
 * An auction's lots close together (bench:wonorder, README): up to 50 waiting events commit at once,
 * and a run of results in a row is settled set-based (a handful of statements for the run rather
 * than a dozen per result); openings are applied one by one where they stand, so the order holds.
 */
export function registerBidResults(rt: ServiceRuntime, stones: StoneService, orders: OrderService): void {
  rt.consume(
    consumer('stock.bid-results')
      .on(BiddingEventTypes.opened, ({ data }, { tx }) => stones.enterLot(tx, data))
      .on(BiddingEventTypes.closed, ({ data }, { tx }) => orders.settleLot(tx, data))
      .batch(50, async (events, { tx }) => {
        let results: LotClosed[] = []
        for (const e of events) {
          if (e.type === BiddingEventTypes.closed) {
            results.push(e.data)
            continue
          }
          await orders.settleLots(tx, results)
          results = []
          await stones.enterLot(tx, e.data)
        }
        await orders.settleLots(tx, results)
      }),
  )
}

import { BiddingEventTypes, BiddingTopics, type LotClosed, type LotOpened } from '@diamond/contracts/events/bidding'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { StockEventTypes } from '@diamond/contracts/events/stock'
import { enqueue, type ServiceRuntime, type Tx } from '@diamond/runtime'
import { statusEvent } from '../stones/stones.service'
import { confirmWon, enterLot, leaveLot, returnUnsold } from './bids.repository'

/**
 * Bidding decides auctions; stock learns the result from `bidding.lot.closed`: a won stone is
 * confirmed to the winner (stock.stone.bid-won, holder = winner, so the gateway pushes "bid win"),
 * an unsold stone that was up for bid goes back to stock. In the same transaction as the consumed id.
 */
export async function onLotClosed(tx: Tx, event: AnyEvent): Promise<void> {
  if (event.type === BiddingEventTypes.opened) {
    const o = event.data as LotOpened
    await enterLot(tx, o.stoneId, o.lotId)
    return
  }
  if (event.type !== BiddingEventTypes.closed) return
  const c = event.data as LotClosed
  await leaveLot(tx, c.stoneId, c.lotId)
  // Withdrawn: the stone keeps its status (still up for bid after a withdrawn auction, or what staff made it).
  if (c.withdrawn) return
  if (c.winnerId) {
    const won = await confirmWon(tx, c.stoneId)
    if (won) await enqueue(tx, 'stock', [statusEvent(StockEventTypes.bidWon, { ...won, holderId: c.winnerId })])
    return
  }
  const back = await returnUnsold(tx, c.stoneId)
  if (back) await enqueue(tx, 'stock', [statusEvent(StockEventTypes.statusChanged, back)])
}

export function registerBidResults(rt: ServiceRuntime): void {
  // A lot's opening and close matter here: highs and extensions are acknowledged without a database write.
  rt.consume({ name: 'stock.bid-results', topics: [BiddingTopics.lot], types: [BiddingEventTypes.opened, BiddingEventTypes.closed], handle: (event, tx) => onLotClosed(tx, event) })
}

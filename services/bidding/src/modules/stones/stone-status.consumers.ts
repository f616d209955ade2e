import { StockEventTypes } from '@diamond/contracts/events/stock'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import { applyStoneStatus } from './stone-status.service'

/**
 * Every change of a stone reaches bidding's projection. `withdrawn` hears of the lots ended because
 * their stone left the auction, once that is committed: a bid meanwhile is refused by the database
 * anyway (its batch moves only lots not yet closed) and reloads the lot.
 */
export function registerStoneStatusConsumer(rt: ServiceRuntime, withdrawn: (lotIds: string[]) => void = () => {}) {
  rt.consume(
    consumer('bidding.stone-status').on(Object.values(StockEventTypes), async ({ data }, { tx, afterCommit }) => {
      const lots = await applyStoneStatus(tx, data)
      if (lots.length) afterCommit(() => withdrawn(lots))
    }),
  )
}

import { STONE_CHANGE_TYPES, stoneEventsOf } from '@diamond/contracts/events/index'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import { applyStoneStatuses } from './stone-status.service'

/**
 * Every change of a stone reaches bidding's projection, a bulk event's 500 in one statement.
 * `withdrawn` hears of the lots ended because their stone left the auction, once that is
 * committed: a bid meanwhile is refused by the database anyway (its batch moves only lots not yet
 * closed) and reloads the lot.
 */
export function registerStoneStatusConsumer(rt: ServiceRuntime, withdrawn: (lotIds: string[]) => void = () => {}) {
  rt.consume(
    consumer('bidding.stone-status').on(STONE_CHANGE_TYPES, async (event, { tx, afterCommit }) => {
      const lots = await applyStoneStatuses(
        tx,
        stoneEventsOf(event).map((e) => e.data),
      )
      if (lots.length) afterCommit(() => withdrawn(lots))
    }),
  )
}

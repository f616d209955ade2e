import {
  STONE_CHANGE_TYPES,
  stoneCount,
  stoneEventsOf,
  type DomainEvent,
  type StoneChangeType,
} from '@diamond/contracts/events/index'
import { StockEventTypes, type StoneStatusChanged } from '@diamond/contracts/events/stock'
import { ConciergeEventTypes } from '@diamond/contracts/events/concierge'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import { bringsStoneBack, type DemandService } from './demands.service'

/** Stones tested against the open demands at once, in one transaction (a bulk event of an upload counts its 500). */
const MATCH_BATCH = 500

/** The stone events matching heeds: every change but a new price alone, and the bulk events of many. */
const MATCH_TYPES = STONE_CHANGE_TYPES.filter(
  (t): t is Exclude<StoneChangeType, typeof StockEventTypes.priced> => t !== StockEventTypes.priced,
)

/** The stones of these events that may have come (back) to stock, a bulk event's too. */
const stonesBack = (events: readonly DomainEvent<StoneChangeType>[]): StoneStatusChanged[] =>
  events.flatMap(stoneEventsOf).flatMap((e) => (bringsStoneBack(e.type) ? [e.data] : []))

/** New and returning stones are tested against the open demands. */
export function registerDemandMatch(rt: ServiceRuntime, demands: DemandService): void {
  rt.consume(
    consumer('stock.demand-match')
      .on(MATCH_TYPES, (e, { tx }) => demands.onStonesChanged(tx, stonesBack([e])))
      .batch(MATCH_BATCH, (events, { tx }) => demands.onStonesChanged(tx, stonesBack(events)), {
        weight: stoneCount,
      }),
  )
}

/** A concierge request the sales team turned into a buy request becomes the member's demand. */
export function registerConciergeDemands(rt: ServiceRuntime, demands: DemandService): void {
  rt.consume(
    consumer('stock.concierge-demands').on(ConciergeEventTypes.answered, async ({ data }, { tx }) => {
      await demands.fromConcierge(tx, data)
    }),
  )
}

import { ConciergeEventTypes } from '@diamond/contracts/events/concierge'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import { STONE_BACK_EVENTS, type DemandService } from './demands.service'

/** Stone events tested against the open demands at once, in one transaction (an upload sends 100,000). */
const MATCH_BATCH = 500

/** New and returning stones are tested against the open demands. */
export function registerDemandMatch(rt: ServiceRuntime, demands: DemandService): void {
  rt.consume(
    consumer('stock.demand-match')
      .on(STONE_BACK_EVENTS, ({ data }, { tx }) => demands.onStonesChanged(tx, [data]))
      .batch(MATCH_BATCH, (events, { tx }) =>
        demands.onStonesChanged(
          tx,
          events.map((e) => e.data),
        ),
      ),
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

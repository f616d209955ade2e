import { consumer, type ServiceRuntime } from '@diamond/runtime'
import { STONE_BACK_EVENTS, type DemandService } from './demands.service'

/** New and returning stones are tested against the open demands. */
export function registerDemandMatch(rt: ServiceRuntime, demands: DemandService): void {
  rt.consume(
    consumer('stock.demand-match').on(STONE_BACK_EVENTS, ({ data }, { tx }) => demands.onStoneChanged(tx, data)),
  )
}

import { consumer, type ServiceRuntime } from '@diamond/runtime'
import { TAKEN_EVENTS, type TrackService } from './tracks.service'

/** A stone taken by one buyer is news to everyone else who has it in a list. */
export function registerStoneTaken(rt: ServiceRuntime, tracks: TrackService): void {
  rt.consume(
    consumer('stock.stone-taken').on(TAKEN_EVENTS, ({ type, data }, { tx }) => tracks.onStoneTaken(tx, data, type)),
  )
}

import { DigestEventTypes } from '@diamond/contracts/events/digests'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import { onDigestsDue } from './digests.service'

export function registerDigests(rt: ServiceRuntime): void {
  // A run says "due" for every subscriber at once: their digests are written 200 to a transaction.
  rt.consume(
    consumer('stock.digests')
      .on(DigestEventTypes.due, ({ data }, { tx }) => onDigestsDue(tx, [data]))
      .batch(200, (events, { tx }) =>
        onDigestsDue(
          tx,
          events.map((e) => e.data),
        ),
      ),
  )
}

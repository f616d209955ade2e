import { DigestEventTypes } from '@diamond/contracts/events/digests'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import type { DigestMailService } from './digests.service'

/**
 * Stock digests: the file comes first (`stock.digest.prepared`), then one `stock.digest.ready` per
 * reader, in order on one partition; those waiting together are applied in one transaction.
 */
export function registerDigestMail(rt: ServiceRuntime, digests: DigestMailService): void {
  rt.consume(
    consumer('notifications.digests')
      .on(DigestEventTypes.prepared, ({ data }, { tx }) => digests.keepFile(tx, data))
      .on(DigestEventTypes.ready, ({ data }, { tx }) => digests.send(tx, data))
      .batch(200),
  )
}

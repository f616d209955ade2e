import { DigestEventTypes, DigestTopics, type DigestPrepared, type DigestReady } from '@diamond/contracts/events/digests'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import type { ServiceRuntime, Tx } from '@diamond/runtime'
import type { Mailer } from '../mail/mailer'
import { renderDigest } from './digests.mail'

/**
 * Stock digests: the file comes first (`stock.digest.prepared`, kept by key), then one
 * `stock.digest.ready` per reader, whose mail is written in the reader's language and handed to
 * the mailer with the file attached, in the consumer's transaction (once per event).
 */
export function registerDigestMail(rt: ServiceRuntime, mailer: Mailer, baseUrl: string): void {
  const handle = async (event: AnyEvent, tx: Tx) => {
    if (event.type === DigestEventTypes.prepared) {
      const f = event.data as DigestPrepared
      await tx`insert into notifications.digest_files (key, file_name, content)
               values (${f.fileKey}, ${f.fileName}, ${Buffer.from(f.xlsx, 'base64')}) on conflict do nothing`
    } else if (event.type === DigestEventTypes.ready) {
      await mailer.deliver(tx, renderDigest(event.data as DigestReady, { baseUrl }))
    }
  }
  rt.consume({ name: 'notifications.digests', topics: [DigestTopics.stock], types: [DigestEventTypes.prepared, DigestEventTypes.ready], batch: 200, handle })
}

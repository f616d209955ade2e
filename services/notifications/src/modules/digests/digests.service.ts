import type { DigestPrepared, DigestReady } from '@diamond/contracts/events/digests'
import type { Tx } from '@diamond/runtime'
import type { Mailer } from '../mail/mailer'
import { listedNotices } from '../followers/followers.repository'
import { followedListings } from '../followers/followers.rules'
import { renderDigest } from './digests.mail'
import * as repo from './digests.repository'

/** Stock's digests, each in the consumer's transaction (once per event). */
export class DigestMailService {
  constructor(
    private readonly mailer: Mailer,
    private readonly baseUrl: string,
  ) {}

  /** A digest's Excel file, kept by its key for the mails that attach it. */
  async keepFile(tx: Tx, f: DigestPrepared): Promise<void> {
    await repo.keepDigestFile(tx, { key: f.fileKey, fileName: f.fileName, content: Buffer.from(f.xlsx, 'base64') })
  }

  /** A reader's digest: written in the reader's language and handed to the mailer with the file attached. */
  async send(tx: Tx, d: DigestReady): Promise<void> {
    const followed = followedListings(await listedNotices(tx, d.userId, d.since, d.until))
    await this.mailer.deliver(tx, renderDigest(d, { baseUrl: this.baseUrl, followed }))
  }
}

import type { TradeEvent } from '@diamond/contracts/events/stock'
import { TradeEventTypes } from '@diamond/contracts/events/stock'
import type { Tx } from '@diamond/runtime'
import { findUserById } from '../users/users.repository'
import { requestMail } from './mail.outbox'

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v)).slice(0, 200)

/**
 * A seller's FTP run, mailed to the user who saved the source (stock knows the run, auth the reader):
 * the upload report's figures when files were committed, the error when a scheduled fetch failed.
 * Beside the notice the notifications service shows; in the consumer's transaction, so once.
 */
export async function mailFtpRun(tx: Tx, type: string, d: TradeEvent): Promise<void> {
  for (const id of d.userIds) {
    const u = await findUserById(tx, id)
    if (!u || !u.active || !u.emailVerified || u.approvalStatus !== 2) continue
    const p = d.params
    await requestMail(
      tx,
      type === TradeEventTypes.ftpFailed
        ? {
            to: u.email,
            name: u.firstName,
            template: 'ftp-failed',
            locale: u.locale,
            params: { host: text(p.host), error: text(p.error), link: '/inventory/ftp' },
          }
        : {
            to: u.email,
            name: u.firstName,
            template: 'ftp-fetched',
            locale: u.locale,
            params: {
              files: text(p.files),
              added: text(p.added),
              updated: text(p.updated),
              deleted: text(p.deleted),
              invalid: text(p.invalid),
              link: '/inventory/history',
            },
          },
    )
  }
}

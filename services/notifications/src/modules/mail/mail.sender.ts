import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '@diamond/runtime/db'
import type { MailTransport } from './mailer'
import * as repo from './mail.repository'
import { afterFailure } from './mail.rules'
import { maskAddress } from './mail.templates'

export interface SenderOptions {
  /** Attempts per mail before it is failed for good. */
  attempts: number
  /** The wait after the first failed attempt (doubling, capped at an hour). */
  retryMs: number
  log: FastifyBaseLogger
  /** Mails claimed at once (sent side by side over the transport's pool). */
  batch?: number
  /** Longest sleep between two looks at the queue; a queued mail wakes the sender at once (LISTEN). */
  pollMs?: number
  /** How long a claimed mail is kept from other senders while it is being sent. */
  leaseMs?: number
}

/** What one pass did, for logs and tests. */
export interface PassResult {
  claimed: number
  sent: number
  retrying: number
  failed: number
}

/** A short reason for the record and the logs: nodemailer's code and the server's answer, no body. */
function reasonOf(err: unknown): string {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string }
  const parts = [e.code, e.responseCode, e.response ?? e.message].filter((p) => p !== undefined && p !== '')
  return parts.join(' ').replace(/\s+/g, ' ').slice(0, 500) || 'unknown error'
}

/**
 * Sends the SMTP outbox: claims due mails (several instances side by side, each mail to one of them),
 * sends each once per claim, and records the outcome: sent; due again after a back-off; or, after
 * the last attempt, failed for staff to see. A mail is never deleted unsent.
 */
export class MailSender {
  private closing = false
  private loop: Promise<void> | null = null
  private wakeUp: (() => void) | null = null
  private woken = false
  private unlisten: (() => Promise<void>) | null = null
  private lastPurge = 0

  constructor(
    private readonly database: Database,
    private readonly transport: MailTransport,
    private readonly opts: SenderOptions,
  ) {}

  /** One pass over the due mails. */
  async runOnce(): Promise<PassResult> {
    const { sql } = this.database
    const rows = await repo.claimDue(sql, this.opts.batch ?? 20, this.opts.leaseMs ?? 120_000)
    const result: PassResult = { claimed: rows.length, sent: 0, retrying: 0, failed: 0 }
    const files = await repo.attachmentsOf(sql, [...new Set(rows.flatMap((r) => (r.attachment_key ? [r.attachment_key] : [])))])
    await Promise.all(
      rows.map(async (row) => {
        try {
          const file = row.attachment_key ? files.get(row.attachment_key) : undefined
          if (row.attachment_key && !file) throw new Error(`attachment ${row.attachment_key} is missing`)
          await this.transport.send({
            messageId: row.message_id, to: row.to, subject: row.subject, text: row.text, html: row.html, language: row.language,
            ...(file ? { attachments: [{ filename: file.file_name, content: file.content }] } : {}),
          })
        } catch (err) {
          const reason = reasonOf(err)
          const next = afterFailure(row.attempts, this.opts.attempts, this.opts.retryMs)
          await repo.markAttemptFailed(sql, row.id, row.attempts, reason, next.status === 'failed' ? null : next.retryInMs)
          const about = { mailId: row.id, template: row.template, to: maskAddress(row.to), attempt: row.attempts, reason }
          if (next.status === 'failed') {
            result.failed++
            this.opts.log.error(about, 'mail failed after its last attempt: staff see it in notifications/mail/failed')
          } else {
            result.retrying++
            this.opts.log.warn({ ...about, retryInMs: next.retryInMs }, 'mail not sent; will retry')
          }
          return
        }
        await repo.markSent(sql, row.id, row.attempts)
        result.sent++
      }),
    )
    if (Date.now() - this.lastPurge > 10 * 60_000) {
      this.lastPurge = Date.now()
      await repo.purgeSent(sql)
    }
    return result
  }

  /** Sends until stopped: woken by every queued mail's notification, otherwise when the next retry is due. */
  async start(): Promise<void> {
    const listening = await this.database.sql.listen(repo.MAIL_CHANNEL, () => this.wake()).catch((err: unknown) => {
      this.opts.log.warn({ err }, 'mail outbox: LISTEN failed; polling only')
      return null
    })
    this.unlisten = listening ? () => listening.unlisten() : null
    this.loop = this.run()
  }

  /** Finishes the pass under way (its sends are recorded), then stops. */
  async stop(): Promise<void> {
    this.closing = true
    this.wake()
    await this.loop
    await this.unlisten?.().catch(() => {})
    this.transport.close()
  }

  wake() {
    this.woken = true
    this.wakeUp?.()
  }

  private async run() {
    const pollMs = this.opts.pollMs ?? 5000
    const batch = this.opts.batch ?? 20
    while (!this.closing) {
      this.woken = false
      let claimed = 0
      try {
        claimed = (await this.runOnce()).claimed
      } catch (err) {
        this.opts.log.warn({ err }, 'mail outbox pass failed; will retry')
      }
      if (this.closing) break
      if (claimed >= batch || this.woken) continue
      const due = await repo.nextDueInMs(this.database.sql).catch(() => null)
      await this.sleep(Math.max(0, Math.min(pollMs, due ?? pollMs)))
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.wakeUp = () => {
        this.wakeUp = null
        done()
      }
    })
  }
}

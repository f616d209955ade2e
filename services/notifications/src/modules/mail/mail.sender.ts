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
  /** Mails being sent at once (over the transport's pool of connections). */
  inFlight?: number
  /** Longest sleep between two looks at the queue; a queued mail wakes the sender at once (LISTEN). */
  pollMs?: number
  /** How long a claimed mail is kept from other senders while it is being sent. */
  leaseMs?: number
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
 * the last attempt, failed for staff to see. A mail is never deleted unsent. Sends overlap: a new
 * mail is claimed as soon as one of the `inFlight` slots is free, not after a whole batch.
 */
export class MailSender {
  private closing = false
  private loop: Promise<void> | null = null
  private wakeUp: (() => void) | null = null
  private woken = false
  private unlisten: (() => Promise<void>) | null = null
  private lastPurge = 0
  private readonly sending = new Set<Promise<void>>()
  /** The last claim took all it asked for: more may be due, so a freed slot looks again at once. */
  private backlog = false
  private readonly files = new Map<string, repo.Attachment>()

  constructor(
    private readonly database: Database,
    private readonly transport: MailTransport,
    private readonly opts: SenderOptions,
  ) {}

  /** Sends until stopped: woken by every queued mail's notification, otherwise when the next retry is due. */
  async start(): Promise<void> {
    const listening = await this.database.sql
      .listen(repo.MAIL_CHANNEL, () => this.wake())
      .catch((err: unknown) => {
        this.opts.log.warn({ err }, 'mail outbox: LISTEN failed; polling only')
        return null
      })
    this.unlisten = listening ? () => listening.unlisten() : null
    this.loop = this.run()
  }

  /**
   * Lets the sends under way finish (their outcome recorded) for up to `graceMs`, then closes the
   * connections: a send cut off that way stays claimed until its lease ends and is then sent again,
   * so a hung SMTP server cannot hold the shutdown.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.closing = true
    this.wake()
    let timer: NodeJS.Timeout | undefined
    await Promise.race([this.loop, new Promise((r) => (timer = setTimeout(r, graceMs)))])
    clearTimeout(timer)
    await this.unlisten?.().catch(() => {})
    this.transport.close()
  }

  wake() {
    this.woken = true
    this.wakeUp?.()
  }

  /** One attempt at one mail; answers true when the mail is due again (its retry time was just set). */
  private async send(row: repo.OutboxRow): Promise<boolean> {
    const { sql } = this.database
    try {
      const file = row.attachmentKey ? await this.attachment(row.attachmentKey) : undefined
      await this.transport.send({
        messageId: row.messageId,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        language: row.language,
        ...(file || row.ics
          ? {
              attachments: [
                ...(file ? [{ filename: file.fileName, content: file.content }] : []),
                // An appointment's invitation: METHOD in the content type as well, so mail clients offer it as one.
                ...(row.ics
                  ? [
                      {
                        filename: 'appointment.ics',
                        content: Buffer.from(row.ics, 'utf8'),
                        contentType: `text/calendar; charset=utf-8; method=${/^METHOD:(\w+)/m.exec(row.ics)?.[1] ?? 'REQUEST'}`,
                      },
                    ]
                  : []),
              ],
            }
          : {}),
      })
    } catch (err) {
      const reason = reasonOf(err)
      const next = afterFailure(row.attempts, this.opts.attempts, this.opts.retryMs)
      await repo.markAttemptFailed(sql, row.id, row.attempts, reason, next.status === 'failed' ? null : next.retryInMs)
      const about = { mailId: row.id, template: row.template, to: maskAddress(row.to), attempt: row.attempts, reason }
      if (next.status === 'failed')
        this.opts.log.error(about, 'mail failed after its last attempt: staff see it in notifications/mail/failed')
      else this.opts.log.warn({ ...about, retryInMs: next.retryInMs }, 'mail not sent; will retry')
      return next.status === 'pending'
    }
    await repo.markSent(sql, row.id, row.attempts)
    return false
  }

  /**
   * A stored file a mail carries (a digest's Excel file): one file goes with thousands of mails, so
   * the last few are kept here rather than read again for each.
   */
  private async attachment(key: string): Promise<repo.Attachment> {
    const kept = this.files.get(key)
    if (kept) return kept
    const file = (await repo.attachmentsOf(this.database.sql, [key])).get(key)
    if (!file) throw new Error(`attachment ${key} is missing`)
    if (this.files.size >= 16) this.files.delete(this.files.keys().next().value!)
    this.files.set(key, file)
    return file
  }

  private async claim(room: number): Promise<void> {
    const rows = await repo.claimDue(this.database.sql, room, this.opts.leaseMs ?? 120_000)
    this.backlog = rows.length === room
    for (const row of rows) {
      // A freed slot looks again at once when more may be due; a retry just scheduled may be due
      // sooner than the loop's sleep, which was reckoned while this mail was still leased.
      const p: Promise<void> = this.send(row)
        .catch((err: unknown) => {
          this.opts.log.warn(
            { err, mailId: row.id },
            'mail outbox: recording an attempt failed; the lease makes it due again',
          )
          return false
        })
        .then((retrying) => {
          this.sending.delete(p)
          if (this.backlog || retrying) this.wake()
        })
      this.sending.add(p)
    }
  }

  private async run() {
    const pollMs = this.opts.pollMs ?? 5000
    const inFlight = this.opts.inFlight ?? 8
    while (!this.closing) {
      this.woken = false
      const room = inFlight - this.sending.size
      if (room > 0) {
        try {
          await this.claim(room)
          if (Date.now() - this.lastPurge > 10 * 60_000) {
            this.lastPurge = Date.now()
            await repo.purgeSent(this.database.sql)
          }
        } catch (err) {
          this.opts.log.warn({ err }, 'mail outbox pass failed; will retry')
        }
      }
      if (this.closing) break
      if (this.woken || (this.backlog && this.sending.size < inFlight)) continue
      const due = this.sending.size >= inFlight ? null : await repo.nextDueInMs(this.database.sql).catch(() => null)
      await this.sleep(Math.max(0, Math.min(pollMs, due ?? pollMs)))
    }
    await Promise.all(this.sending)
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.woken) return resolve()
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

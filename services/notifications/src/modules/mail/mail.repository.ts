import { and, count, desc, eq, lt, ne, notExists, sql, type SQL } from 'drizzle-orm'
import type { DevMail } from '@diamond/contracts/http/misc'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf, fields, name, query } from '@diamond/runtime/statements'
import { digestFiles } from '../digests/digests.schema'
import { devMail, mailOutbox } from './mail.schema'

const toDevMail = (r: typeof devMail.$inferSelect): DevMail => ({
  id: r.id,
  to: r.to,
  subject: r.subject,
  text: r.text,
  template: r.template,
  createdAt: r.createdAt.toISOString(),
})

export async function insertDevMail(
  tx: Tx,
  m: Pick<typeof devMail.$inferInsert, 'to' | 'subject' | 'text' | 'template'>,
): Promise<void> {
  await orm(tx).insert(devMail).values({ to: m.to, subject: m.subject, text: m.text, template: m.template })
}

/** The recipient whatever its case (the dev_mail_to index is on lower("to")). */
const sentTo = (to: string | undefined) => (to ? sql`lower(${devMail.to}) = lower(${to})` : undefined)

/** Newest first. */
export async function listDevMail(client: Sql, filter: { to?: string; limit: number }): Promise<DevMail[]> {
  const rows = await orm(client)
    .select()
    .from(devMail)
    .where(sentTo(filter.to))
    .orderBy(desc(devMail.createdAt), devMail.id)
    .limit(filter.limit)
  return rows.map(toDevMail)
}

export async function clearDevMail(client: Sql, to?: string): Promise<number> {
  const rows = await orm(client).delete(devMail).where(sentTo(to)).returning({ id: devMail.id })
  return rows.length
}

/** A mail in the SMTP outbox, as the sender reads it. */
export type OutboxRow = typeof mailOutbox.$inferSelect

/** Queues a mail in the caller's transaction; pg_notify wakes the senders when that transaction commits. */
export async function enqueueMail(
  tx: Tx,
  m: Pick<OutboxRow, 'id' | 'messageId' | 'to' | 'subject' | 'text' | 'html' | 'template' | 'language'> & {
    attachmentKey?: string
    ics?: string
  },
): Promise<void> {
  await orm(tx)
    .insert(mailOutbox)
    .values({
      id: m.id,
      messageId: m.messageId,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      template: m.template,
      language: m.language,
      attachmentKey: m.attachmentKey ?? null,
      ics: m.ics ?? null,
    })
  await notifySenders(tx)
}

/** The channel a queued mail is announced on (notifications deliver at commit, never for a rollback). */
export const MAIL_CHANNEL = 'notifications_mail_outbox'

const notifySenders = (client: Sql | Tx) => client`select pg_notify(${MAIL_CHANNEL}, '')`

// Statuses written into the text, not sent as parameters: the outbox's indexes are partial (`where
// status = 'pending'`…), and a prepared statement's generic plan cannot match them to a parameter.
const pending = sql`${mailOutbox.status} = 'pending'`
const inMs = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`

/**
 * Claims up to `limit` due mails for one attempt each. SKIP LOCKED lets several senders (instances)
 * claim side by side without taking the same mail; pushing next_attempt_at out by the lease keeps a
 * claimed mail from being claimed again while it is being sent, and makes it due again if the
 * sender dies. The attempt is counted at the claim, so a crash mid-send counts too. Written out:
 * the claim is one contested statement.
 */
export async function claimDue(client: Sql, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  return query<OutboxRow>(client, claimDueStatement(limit, leaseMs))
}

/** claimDue's statement (built, not run). */
export const claimDueStatement = (limit: number, leaseMs: number) => sql`
    update ${mailOutbox}
       set ${name(mailOutbox.attempts)} = ${mailOutbox.attempts} + 1, ${name(mailOutbox.nextAttemptAt)} = ${inMs(leaseMs)}
      from (select ${mailOutbox.id} from ${mailOutbox}
             where ${pending} and ${mailOutbox.nextAttemptAt} <= now()
             order by ${mailOutbox.nextAttemptAt} limit ${limit}
             for update skip locked) due
     where ${mailOutbox.id} = due.id
    returning ${fields(mailOutbox)}`

/** The attempt `attempts` of a mail still pending: a claim taken over by another sender after its lease is not this one's to settle. */
const attempt = (id: string, attempts: number): SQL =>
  and(eq(mailOutbox.id, id), pending, eq(mailOutbox.attempts, attempts))!

export async function markSent(client: Sql, id: string, attempts: number): Promise<void> {
  await orm(client)
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(attempt(id, attempts))
}

/** A failed attempt: due again after `retryInMs`, or failed for good (null). */
export async function markAttemptFailed(
  client: Sql,
  id: string,
  attempts: number,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  const lastError = error.slice(0, 1000)
  await orm(client)
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { status: 'failed', failedAt: sql`now()`, lastError }
        : { nextAttemptAt: inMs(retryInMs), lastError },
    )
    .where(attempt(id, attempts))
}

/** Failed mails, newest failure first. */
export async function failedPage(
  client: Sql,
  page: number,
  limit: number,
): Promise<{ rows: OutboxRow[]; count: number }> {
  const db = orm(client)
  const failed = sql`${mailOutbox.status} = 'failed'`
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(failed)
      .orderBy(desc(mailOutbox.failedAt), mailOutbox.id)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ count: count() }).from(mailOutbox).where(failed),
  ])
  return { rows, count: counted!.count }
}

/** Failed mails back to pending, due now, with a fresh count of attempts; answers the ids requeued. */
export async function retryFailed(client: Sql, ids: string[]): Promise<string[]> {
  const rows = await orm(client)
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, failedAt: null })
    .where(and(anyOf(mailOutbox.id, ids), sql`${mailOutbox.status} = 'failed'`))
    .returning({ id: mailOutbox.id })
  if (rows.length) await notifySenders(client)
  return rows.map((r) => r.id)
}

/**
 * Sent mail keeps its one-time codes and links: the body is dropped after a day, the row (who, what,
 * when) after thirty days. Failed mail stays until staff retry it, then goes the same way.
 */
export async function purgeSent(client: Sql): Promise<void> {
  const db = orm(client)
  const sent = sql`${mailOutbox.status} = 'sent'`
  await db
    .update(mailOutbox)
    .set({ text: '', html: '' })
    .where(and(sent, lt(mailOutbox.sentAt, sql`now() - interval '1 day'`), ne(mailOutbox.text, '')))
  await db.delete(mailOutbox).where(and(sent, lt(mailOutbox.sentAt, sql`now() - interval '30 days'`)))
  // A digest's file, once no mail is left to carry it (and its period is long past).
  await db.delete(digestFiles).where(
    and(
      lt(digestFiles.createdAt, sql`now() - interval '35 days'`),
      notExists(
        db
          .select({ one: sql`1` })
          .from(mailOutbox)
          .where(eq(mailOutbox.attachmentKey, digestFiles.key)),
      ),
    ),
  )
}

/**
 * Milliseconds until the next pending mail is due (0 if one is due now), or null when none waits.
 * Not `greatest(0, …)` in SQL: PostgreSQL's greatest skips nulls, so an empty outbox answered 0 and
 * the sender looked again at once, some 600 times a second, whenever nothing was queued.
 */
export async function nextDueInMs(client: Sql): Promise<number | null> {
  const [row] = await orm(client)
    .select({ ms: sql<number | null>`(extract(epoch from min(${mailOutbox.nextAttemptAt}) - now()) * 1000)::float8` })
    .from(mailOutbox)
    .where(pending)
  return row?.ms == null ? null : Math.max(0, row.ms)
}

/** A file mails carry (a digest's Excel file), by key. */
export type Attachment = Pick<typeof digestFiles.$inferSelect, 'key' | 'fileName' | 'content'>

export async function attachmentsOf(client: Sql, keys: string[]): Promise<Map<string, Attachment>> {
  if (!keys.length) return new Map()
  const rows = await orm(client)
    .select({ key: digestFiles.key, fileName: digestFiles.fileName, content: digestFiles.content })
    .from(digestFiles)
    .where(anyOf(digestFiles.key, keys))
  return new Map(rows.map((r) => [r.key, r]))
}

import type { DevMail } from '@diamond/contracts/http/misc'
import type { Sql, Tx } from '@diamond/runtime/db'

interface Row {
  id: string
  to: string
  subject: string
  text: string
  template: string
  created_at: Date
}
const toDevMail = (r: Row): DevMail => ({
  id: r.id,
  to: r.to,
  subject: r.subject,
  text: r.text,
  template: r.template,
  createdAt: r.created_at.toISOString(),
})

export async function insertDevMail(
  tx: Tx,
  m: { to: string; subject: string; text: string; template: string },
): Promise<void> {
  await tx`insert into notifications.dev_mail ("to", subject, text, template) values (${m.to}, ${m.subject}, ${m.text}, ${m.template})`
}

/** Newest first; the recipient is matched whatever its case. */
export async function listDevMail(sql: Sql, filter: { to?: string; limit: number }): Promise<DevMail[]> {
  const rows = filter.to
    ? await sql<Row[]>`select * from notifications.dev_mail where lower("to") = lower(${filter.to})
                       order by created_at desc, id limit ${filter.limit}`
    : await sql<Row[]>`select * from notifications.dev_mail order by created_at desc, id limit ${filter.limit}`
  return rows.map(toDevMail)
}

export async function clearDevMail(sql: Sql, to?: string): Promise<number> {
  const rows = to
    ? await sql`delete from notifications.dev_mail where lower("to") = lower(${to}) returning id`
    : await sql`delete from notifications.dev_mail returning id`
  return rows.length
}

/** A mail in the SMTP outbox, as the sender reads it. */
export interface OutboxRow {
  id: string
  message_id: string
  to: string
  subject: string
  text: string
  html: string
  template: string
  language: string
  status: 'pending' | 'sent' | 'failed'
  attempts: number
  next_attempt_at: Date
  last_error: string | null
  created_at: Date
  sent_at: Date | null
  failed_at: Date | null
  attachment_key: string | null
}

/** Queues a mail in the caller's transaction; pg_notify wakes the senders when that transaction commits. */
export async function enqueueMail(
  tx: Tx,
  m: {
    id: string
    messageId: string
    to: string
    subject: string
    text: string
    html: string
    template: string
    language: string
    attachmentKey?: string
  },
): Promise<void> {
  await tx`insert into notifications.mail_outbox (id, message_id, "to", subject, text, html, template, language, attachment_key)
           values (${m.id}, ${m.messageId}, ${m.to}, ${m.subject}, ${m.text}, ${m.html}, ${m.template}, ${m.language}, ${m.attachmentKey ?? null})`
  await tx`select pg_notify(${MAIL_CHANNEL}, '')`
}

/** The channel a queued mail is announced on (notifications deliver at commit, never for a rollback). */
export const MAIL_CHANNEL = 'notifications_mail_outbox'

/**
 * Claims up to `limit` due mails for one attempt each. SKIP LOCKED lets several senders (instances)
 * claim side by side without taking the same mail; pushing next_attempt_at out by the lease keeps a
 * claimed mail from being claimed again while it is being sent, and makes it due again if the
 * sender dies. The attempt is counted at the claim, so a crash mid-send counts too.
 */
export async function claimDue(sql: Sql, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  return sql<OutboxRow[]>`
    update notifications.mail_outbox m
       set attempts = m.attempts + 1, next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
      from (select id from notifications.mail_outbox
             where status = 'pending' and next_attempt_at <= now()
             order by next_attempt_at limit ${limit}
             for update skip locked) due
     where m.id = due.id
    returning m.*`
}

export async function markSent(sql: Sql, id: string, attempts: number): Promise<void> {
  await sql`update notifications.mail_outbox set status = 'sent', sent_at = now(), last_error = null
            where id = ${id} and status = 'pending' and attempts = ${attempts}`
}

/** A failed attempt: due again after `retryInMs`, or failed for good (null). */
export async function markAttemptFailed(
  sql: Sql,
  id: string,
  attempts: number,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  const err = error.slice(0, 1000)
  if (retryInMs === null) {
    await sql`update notifications.mail_outbox set status = 'failed', failed_at = now(), last_error = ${err}
              where id = ${id} and status = 'pending' and attempts = ${attempts}`
  } else {
    await sql`update notifications.mail_outbox set next_attempt_at = now() + ${retryInMs} * interval '1 millisecond', last_error = ${err}
              where id = ${id} and status = 'pending' and attempts = ${attempts}`
  }
}

/** Failed mails, newest failure first. */
export async function failedPage(sql: Sql, page: number, limit: number): Promise<{ rows: OutboxRow[]; count: number }> {
  const [rows, [{ count }]] = await Promise.all([
    sql<OutboxRow[]>`select * from notifications.mail_outbox where status = 'failed'
                     order by failed_at desc, id limit ${limit} offset ${(page - 1) * limit}`,
    sql<[{ count: number }]>`select count(*)::int as count from notifications.mail_outbox where status = 'failed'`,
  ])
  return { rows, count }
}

/** Failed mails back to pending, due now, with a fresh count of attempts; answers the ids requeued. */
export async function retryFailed(sql: Sql, ids: string[]): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    update notifications.mail_outbox set status = 'pending', attempts = 0, next_attempt_at = now(), failed_at = null
     where id = any(${ids}::uuid[]) and status = 'failed'
    returning id`
  if (rows.length) await sql`select pg_notify(${MAIL_CHANNEL}, '')`
  return rows.map((r) => r.id)
}

/**
 * Sent mail keeps its one-time codes and links: the body is dropped after a day, the row (who, what,
 * when) after thirty days. Failed mail stays until staff retry it, then goes the same way.
 */
export async function purgeSent(sql: Sql): Promise<void> {
  await sql`update notifications.mail_outbox set text = '', html = ''
             where status = 'sent' and sent_at < now() - interval '1 day' and text <> ''`
  await sql`delete from notifications.mail_outbox where status = 'sent' and sent_at < now() - interval '30 days'`
  // A digest's file, once no mail is left to carry it (and its period is long past).
  await sql`delete from notifications.digest_files f where f.created_at < now() - interval '35 days'
             and not exists (select 1 from notifications.mail_outbox m where m.attachment_key = f.key)`
}

/** Milliseconds until the next pending mail is due (0 if one is due now), or null when none waits. */
export async function nextDueInMs(sql: Sql): Promise<number | null> {
  const [row] = await sql<[{ ms: number | null }]>`
    select greatest(0, extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as ms
      from notifications.mail_outbox where status = 'pending'`
  return row?.ms ?? null
}

/** A file mails carry (a digest's Excel file), by key. */
export interface Attachment {
  key: string
  file_name: string
  content: Buffer
}

export async function attachmentsOf(sql: Sql, keys: string[]): Promise<Map<string, Attachment>> {
  if (!keys.length) return new Map()
  const rows = await sql<
    Attachment[]
  >`select key, file_name, content from notifications.digest_files where key = any(${keys})`
  return new Map(rows.map((r) => [r.key, r]))
}

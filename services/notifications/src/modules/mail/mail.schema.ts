import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { notificationsSchema } from '../../pg-schema'
import { digestFiles } from '../digests/digests.schema'

/** The development mailbox: mails as they would have been sent (only written when it is enabled). */
export const devMail = notificationsSchema.table('dev_mail', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  template: text('template').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Mail on its way out through SMTP (migration 0005): queued in the transaction that decided to send
 * it, then sent by a sender loop at least once, retried with back-off, and after the last attempt
 * marked failed for staff to see and retry. Never deleted unsent. A claimed mail is pushed out by
 * the claim's lease (nextAttemptAt), so a sender that dies mid-send leaves it due again.
 */
export const mailOutbox = notificationsSchema.table('mail_outbox', {
  id: uuid('id').primaryKey(),
  /** The Message-ID header, made when queued: every retry of the mail carries the same one. */
  messageId: text('message_id').notNull().unique(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  template: text('template').notNull(),
  language: text('language').notNull(),
  status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  failedAt: timestamp('failed_at', { withTimezone: true }),
  /** A digest's file the mail carries (migration 0006). */
  attachmentKey: text('attachment_key').references(() => digestFiles.key),
  /** An appointment's iCalendar file the mail carries (migration 0007). */
  ics: text('ics'),
})

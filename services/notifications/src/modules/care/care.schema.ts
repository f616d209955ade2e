import { bigint, index, integer, primaryKey, smallint, text, timestamp, uuid, boolean, date } from 'drizzle-orm/pg-core'
import { jsonb } from '@diamond/runtime/columns'
import { notificationsSchema } from '../../pg-schema'
import type { StoneFilter } from '@diamond/contracts/http/stock'

/** Feedback questions, scored 0 to 10; text per language (migration 0008). */
export const feedbackQuestions = notificationsSchema.table('feedback_questions', {
  id: uuid('id').primaryKey().defaultRandom(),
  text: jsonb('text').$type<Record<string, string>>().notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
})

export const feedback = notificationsSchema.table(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    username: text('username').notNull(),
    company: text('company').notNull().default(''),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_created').on(t.createdAt.desc())],
)

export const feedbackAnswers = notificationsSchema.table(
  'feedback_answers',
  {
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => feedbackQuestions.id),
    score: smallint('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedbackId, t.questionId] })],
)

export const conciergeRequests = notificationsSchema.table(
  'concierge_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    username: text('username').notNull(),
    company: text('company').notNull().default(''),
    criteria: text('criteria').notNull(),
    budgetUsd: bigint('budget_usd', { mode: 'number' }),
    deadline: date('deadline'),
    status: text('status').$type<'open' | 'answered' | 'closed'>().notNull().default('open'),
    reply: text('reply'),
    outcome: text('outcome').$type<'offer' | 'buyRequest'>(),
    filter: jsonb('filter').$type<StoneFilter>(),
    stoneNumbers: text('stone_numbers').array().notNull().default([]),
    answeredBy: text('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('concierge_user').on(t.userId, t.createdAt.desc()),
    index('concierge_status').on(t.status, t.createdAt.desc()),
  ],
)

export const contactMessages = notificationsSchema.table(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userId: uuid('user_id'),
    username: text('username'),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_created').on(t.createdAt.desc())],
)

/** Calls counted against a rate limit (the contact form's, per address, email and user). */
export const careHits = notificationsSchema.table(
  'care_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('care_hits_key').on(t.bucket, t.key, t.at.desc())],
)

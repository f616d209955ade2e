import type { LangText } from '@diamond/contracts/http/content'
import { bytea, jsonb } from '@diamond/runtime/columns'
import { check, date, index, integer, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { notificationsSchema } from '../../pg-schema'

/** Static pages: one row per page and language (migration 0008). */
export const pages = notificationsSchema.table(
  'pages',
  {
    slug: text('slug').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.slug, t.lang] })],
)

export const faqs = notificationsSchema.table(
  'faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lang: text('lang').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('faqs_lang').on(t.lang, t.sort)],
)

/** Trade shows and auctions of the events calendar. */
export const portalEvents = notificationsSchema.table(
  'portal_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'tradeShow' | 'auction'>().notNull(),
    title: jsonb('title').$type<LangText>().notNull(),
    place: text('place').notNull(),
    venue: text('venue').notNull().default(''),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    description: jsonb('description')
      .$type<LangText>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    onShow: jsonb('on_show')
      .$type<LangText>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('portal_events_dates').on(t.startsOn, t.endsOn),
    check('portal_events_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
)

/** Uploaded banner images, served by GET banner/image/:id. */
export const bannerImages = notificationsSchema.table('banner_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  uploadedBy: uuid('uploaded_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

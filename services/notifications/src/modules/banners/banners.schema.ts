import { jsonb } from '@diamond/runtime/columns'
import { boolean, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { notificationsSchema } from '../../pg-schema'

/** Banners (spec section 3): type 24 popup, 25 marquee text, 26 login images; bannerType 1 is the web portal. */
export const banners = notificationsSchema.table('banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: integer('type').notNull(),
  bannerType: integer('banner_type').notNull().default(1),
  images: text('images').array().notNull().default([]),
  /** Text by language. */
  description: jsonb('description').$type<Record<string, string>>().notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Shown only from / until these times, when set (migration 0008). */
  activeFrom: timestamp('active_from', { withTimezone: true }),
  activeTo: timestamp('active_to', { withTimezone: true }),
})

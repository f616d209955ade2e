import { bigint, boolean, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { auth } from '../../pg-schema'
import { users } from '../users/users.schema'

/** A user's address book; at most one default address per user (a partial unique index, migration 0002). */
export const addresses = auth.table('addresses', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  street: text('street').notNull().default(''),
  line1: text('line1').notNull(),
  line2: text('line2').notNull().default(''),
  line3: text('line3').notNull().default(''),
  city: text('city').notNull(),
  state: text('state').notNull(),
  country: text('country').notNull(),
  pinCode: text('pin_code').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
export type AddressRow = typeof addresses.$inferSelect

/** Issue 26: the last version of each user's invoice facts announced to stock (`auth.member.profile-changed`). */
export const profileAnnouncements = auth.table('profile_announcements', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
  announcedAt: timestamp('announced_at', { withTimezone: true }).notNull().defaultNow(),
})

import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { auth } from '../../pg-schema'
import { users } from '../users/users.schema'

/** Browsers a user chose to trust ("Always"): the browser keeps a random key in an httpOnly cookie; only its hash is stored. */
export const trustedDevices = auth.table('trusted_devices', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique(),
  label: text('label').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One-time codes for untrusted devices: single use, expiring, a few attempts; each belongs to one sign-in (the token's version). */
export const deviceOtps = auth.table('device_otps', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenVersion: integer('token_version').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

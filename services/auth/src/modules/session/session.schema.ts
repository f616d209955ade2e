import { bigint, text, timestamp } from 'drizzle-orm/pg-core'
import { auth } from '../../pg-schema'

/** Failed sign-ins, per account and per address, for rate limits and temporary locks. */
export const loginFailures = auth.table('login_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  login: text('login').notNull(),
  address: text('address').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Calls a signed-out visitor may make only so often from one address (registration, document
 * uploads, guest sign-in): one row per counted call, purged after a day (migration 0002). Counted
 * in the database so every instance of the service sees the same count.
 */
export const addressHits = auth.table('address_hits', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  bucket: text('bucket').notNull(),
  address: text('address').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
})

import { boolean, date, integer, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { jsonb } from '@diamond/runtime/columns'
import { appointments } from '../../pg-schema'
import type { WeeklyHours } from '../slots/slots.rules'

/**
 * Offices where buyers view stones or meet a sales person (spec section 9's flag set: India, Mumbai
 * office, Hong Kong, New York, Dubai, Belgium). Opening hours are the office's wall clock in its IANA
 * zone; slots are cut from them in `slotMinutes` steps.
 */
export const offices = appointments.table('offices', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The flag key the web shows: india, mumbai, hong-kong, new-york, dubai, belgium. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull(),
  slotMinutes: integer('slot_minutes').notNull(),
  openingHours: jsonb('opening_hours').$type<WeeklyHours>().notNull(),
  divisions: text('divisions').array().notNull(),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
export type Office = typeof offices.$inferSelect

/** Local calendar days an office is closed. */
export const officeHolidays = appointments.table(
  'office_holidays',
  {
    officeId: uuid('office_id').notNull(),
    day: date('day').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.officeId, t.day] })],
)

/** The portal's sales people, by their auth user (linked by username the first time they call). */
export const salesPersons = appointments.table('sales_persons', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The auth user, once known; null for staff without an account yet. */
  userId: uuid('user_id').unique(),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  officeId: uuid('office_id').notNull(),
  divisions: text('divisions').array().notNull(),
  /** Null: the office's opening hours. */
  workingHours: jsonb('working_hours').$type<WeeklyHours>(),
  active: boolean('active').notNull().default(true),
})
export type SalesPerson = typeof salesPersons.$inferSelect

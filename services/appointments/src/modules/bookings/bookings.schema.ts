import { sql } from 'drizzle-orm'
import { boolean, integer, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { AppointmentStatus } from '@diamond/contracts/http/appointments'
import { appointments as schema } from '../../pg-schema'

/**
 * Booked appointments. Three exclusion constraints (migration 0002, btree_gist) keep any two
 * appointments not cancelled from overlapping in time on one cabin, one sales person or one buyer:
 * PostgreSQL, not this code, decides who wins a race for the last cabin of a slot.
 */
export const appointments = schema.table('appointments', {
  id: uuid('id').primaryKey().defaultRandom(),
  buyerId: uuid('buyer_id').notNull(),
  /** The buyer as they signed in when booking (login and company), for the sales calendar. */
  buyerName: text('buyer_name').notNull().default(''),
  buyerCompany: text('buyer_company').notNull().default(''),
  officeId: uuid('office_id').notNull(),
  /** Null for a virtual meeting, which takes no cabin. */
  cabinId: uuid('cabin_id'),
  salesPersonId: uuid('sales_person_id').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  purpose: text('purpose').notNull(),
  virtual: boolean('virtual').notNull().default(false),
  /** The meeting room's unguessable name (virtual only); the link is the configured base plus it. */
  room: text('room'),
  demandId: uuid('demand_id'),
  status: text('status').$type<AppointmentStatus>().notNull().default('booked'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  cancelledBy: uuid('cancelled_by'),
})
export type Appointment = typeof appointments.$inferSelect

/** The stones to see at an appointment; `blocked` and `reason` are stock's answer (null until it gives one). */
export const appointmentStones = schema.table(
  'appointment_stones',
  {
    appointmentId: uuid('appointment_id').notNull(),
    stoneId: uuid('stone_id').notNull(),
    blocked: boolean('blocked'),
    reason: text('reason'),
    /** Where the stone lies, as stock answered (migration 0003). */
    location: text('location'),
    /** The appointment version stock's last applied answer was for (migration 0003). */
    answerVersion: integer('answer_version'),
    position: integer('position').notNull().default(0),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.stoneId] })],
)

/**
 * Appointments that still hold their time, as the exclusion constraints and `appointments_office`
 * (migration 0002) write it: the status in the text, not a parameter, so a prepared statement's
 * generic plan still matches the partial index.
 */
export const notCancelled = sql`${appointments.status} <> 'cancelled'`

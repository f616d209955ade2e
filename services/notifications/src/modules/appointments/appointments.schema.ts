import { boolean, integer, timestamp, uuid } from 'drizzle-orm/pg-core'
import { jsonb } from '@diamond/runtime/columns'
import { notificationsSchema } from '../../pg-schema'
import type { ReminderFacts } from './appointments.rules'

/** Upcoming appointments as notifications knows them from appointments' events, for the reminders (migration 0007). */
export const appointmentReminders = notificationsSchema.table('appointment_reminders', {
  appointmentId: uuid('appointment_id').primaryKey(),
  buyerId: uuid('buyer_id').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  cancelled: boolean('cancelled').notNull().default(false),
  version: integer('version').notNull(),
  facts: jsonb('facts').$type<ReminderFacts>().notNull(),
  daySentAt: timestamp('day_sent_at', { withTimezone: true }),
  hourSentAt: timestamp('hour_sent_at', { withTimezone: true }),
})
export type AppointmentReminder = typeof appointmentReminders.$inferSelect

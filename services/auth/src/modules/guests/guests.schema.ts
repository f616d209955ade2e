import { text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { auth } from '../../pg-schema'

/** Guests: who looked, for the sales team. */
export const guests = auth.table('guests', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  companyName: text('company_name').notNull(),
  contactNumber: text('contact_number').notNull(),
  email: text('email').notNull(),
  address: text('address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

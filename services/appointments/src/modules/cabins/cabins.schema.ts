import { boolean, text, uuid } from 'drizzle-orm/pg-core'
import { appointments } from '../../pg-schema'

/** Cabins where buyers view stones (spec: appointments with date, time slot, division, cabin, room). */
export const cabins = appointments.table('cabins', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  division: text('division').notNull(),
  location: text('location').notNull(),
  isVirtual: boolean('is_virtual').notNull().default(false),
})
export type Cabin = typeof cabins.$inferSelect

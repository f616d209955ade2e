import { boolean, text, unique, uuid } from 'drizzle-orm/pg-core'
import { appointments } from '../../pg-schema'

/** Cabins where buyers view stones, each in one office (spec: appointments with date, time slot, division, cabin, room). */
export const cabins = appointments.table(
  'cabins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id').notNull(),
    name: text('name').notNull(),
    division: text('division').notNull(),
    isVirtual: boolean('is_virtual').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [unique('cabins_office_name').on(t.officeId, t.name)],
)
export type Cabin = typeof cabins.$inferSelect

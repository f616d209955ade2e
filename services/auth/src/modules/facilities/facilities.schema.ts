import type { FacilityActivity } from '@diamond/contracts/http/facilities'
import { sql } from 'drizzle-orm'
import { boolean, index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { auth } from '../../pg-schema'
import { companies } from '../users/users.schema'

const tz = { withTimezone: true } as const

/**
 * A company's manufacturing facilities (migration 0019): place, what it does (fixed codes), workers,
 * monthly capacity in carats when given, certifications; the public ones show on the member profile.
 */
export const facilities = auth.table(
  'facilities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    activities: text('activities').array().$type<FacilityActivity[]>().notNull(),
    workers: integer('workers').notNull(),
    monthlyCapacityCt: integer('monthly_capacity_ct'),
    certifications: text('certifications').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('facilities_company').on(t.companyId, sql`lower(${t.name})`)],
)
export type FacilityRow = typeof facilities.$inferSelect
/** What a save writes: the form's fields, cleaned. */
export type FacilityFields = Pick<
  FacilityRow,
  'name' | 'city' | 'country' | 'activities' | 'workers' | 'monthlyCapacityCt' | 'certifications' | 'isPublic'
>

import { primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core'
import { notificationsSchema } from '../../pg-schema'

/** Who follows which company (migration 0010), kept from auth's follow-changed events. */
export const followers = notificationsSchema.table(
  'followers',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
)

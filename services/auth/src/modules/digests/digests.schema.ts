import { primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { auth } from '../../pg-schema'
import { users } from '../users/users.schema'

/**
 * Stock notification digests: one row per user and period once its digest is due (migration 0007).
 * The key makes a digest go out once, whatever the number of auth instances or restarts.
 */
export const digestRuns = auth.table(
  'digest_runs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period] })],
)

import { primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { jsonb } from '@diamond/runtime/columns'
import { auth } from '../../pg-schema'
import { users } from '../users/users.schema'

/** A member's own settings (user-setting/*): one value per user and key, checked by its key's shape (migration 0012). */
export const userSettings = auth.table(
  'user_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)

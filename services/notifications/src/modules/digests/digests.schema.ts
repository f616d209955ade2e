import { bytea } from '@diamond/runtime/columns'
import { text, timestamp } from 'drizzle-orm/pg-core'
import { notificationsSchema } from '../../pg-schema'

/**
 * Stock digest files (Excel), kept once per key as stock announced them (stock.digest.prepared) and
 * attached by key to every digest mail of that period, stock type and price view (migration 0006).
 */
export const digestFiles = notificationsSchema.table('digest_files', {
  key: text('key').primaryKey(),
  fileName: text('file_name').notNull(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

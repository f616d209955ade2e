import { bytea } from '@diamond/runtime/columns'
import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { auth } from '../../pg-schema'
import { users } from '../users/users.schema'

/**
 * Uploaded files (migration 0002). ownerId is null while a registration is being filled in
 * (uploaded signed out) until the new user claims it; unclaimed ones are purged after a day.
 */
export const files = auth.table('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  name: text('name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  content: bytea('content').notNull(),
  uploadedFrom: text('uploaded_from'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

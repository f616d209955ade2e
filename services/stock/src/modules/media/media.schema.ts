import type { MediaKind } from '@diamond/contracts/http/media'
import { bigint, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'
import { stones } from '../stones/stones.schema'

const tz = { withTimezone: true } as const

/**
 * A stone's photos, video and certificate (migration 0012): a file kept in the object store under
 * `key`, or an outside link (`url`) taken from an upload file's media columns. Position 1 is the main
 * photo and 2… the others; position 0 is the upload file's link, so a file uploaded later is shown
 * before it and a new upload file never removes an uploaded photo.
 */
export const stoneMedia = stock.table(
  'stone_media',
  {
    id: uuid('id').primaryKey(),
    stoneId: uuid('stone_id')
      .notNull()
      .references(() => stones.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MediaKind>().notNull(),
    position: smallint('position').notNull().default(1),
    key: text('key'),
    url: text('url'),
    contentType: text('content_type').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    fileName: text('file_name').notNull().default(''),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [unique('stone_media_slot').on(t.stoneId, t.kind, t.position)],
)
export type StoneMediaRow = typeof stoneMedia.$inferSelect

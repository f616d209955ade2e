import type { DigestSummary } from '@diamond/contracts/events/digests'
import { jsonb } from '@diamond/runtime/columns'
import { text, timestamp } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'

/**
 * Stock digests: the summary of one period, stock type and price view (the key), made once and
 * shared by every subscriber it fits, then announced with stock.digest.prepared.
 */
export const digestFiles = stock.table('digest_files', {
  key: text('key').primaryKey(),
  summary: jsonb('summary').$type<DigestSummary>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

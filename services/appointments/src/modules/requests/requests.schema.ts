import { text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { ViewingRequestStatus } from '@diamond/contracts/http/viewing-requests.values'
import { appointments as schema } from '../../pg-schema'

/**
 * Office viewing requests: a buyer asks to see stones at an office without choosing a slot; the
 * sales side books it (`appointmentId`) or declines it (`answer`), or the buyer withdraws it.
 */
export const viewingRequests = schema.table('viewing_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  buyerId: uuid('buyer_id').notNull(),
  buyerName: text('buyer_name').notNull().default(''),
  buyerCompany: text('buyer_company').notNull().default(''),
  officeId: uuid('office_id').notNull(),
  stoneIds: uuid('stone_ids').array().notNull(),
  note: text('note'),
  status: text('status').$type<ViewingRequestStatus>().notNull().default('open'),
  answer: text('answer'),
  appointmentId: uuid('appointment_id'),
  /** The sales side's auth user who accepted or declined it. */
  handledBy: uuid('handled_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
export type ViewingRequest = typeof viewingRequests.$inferSelect

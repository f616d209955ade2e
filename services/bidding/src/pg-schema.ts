import { pgSchema } from 'drizzle-orm/pg-core'
import { runtimeTables } from '@diamond/runtime/tables'

/** The bidding service's own PostgreSQL schema; its tables are declared beside their modules (`modules/<m>/<m>.schema.ts`). */
export const bidding = pgSchema('bidding')

/** The runtime's tables in this schema, for the statements that write the outbox themselves (a batch of bids and its events). */
export const { outbox } = runtimeTables('bidding')

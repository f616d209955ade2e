import { pgSchema } from 'drizzle-orm/pg-core'

/** The notifications service's own PostgreSQL schema; its tables are declared beside their modules (`modules/<m>/<m>.schema.ts`). */
export const notificationsSchema = pgSchema('notifications')

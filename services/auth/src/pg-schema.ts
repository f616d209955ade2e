import { pgSchema } from 'drizzle-orm/pg-core'

/** The auth service's own PostgreSQL schema; its tables are declared beside their modules (`modules/<m>/<m>.schema.ts`). */
export const auth = pgSchema('auth')

import { text, timestamp } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'

/** One-off demo steps already done on this database (e.g. announcing the seeded bid stones). */
export const demoMarks = stock.table('demo_marks', {
  name: text('name').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
})

import { orm, type Database, type Tx } from '@diamond/runtime/db'
import { byColumnName } from '@diamond/runtime/statements'
import { getTableColumns } from 'drizzle-orm'
import { getTableConfig } from 'drizzle-orm/pg-core'
import { stones } from '../stones/stones.schema'
import { demoMarks } from './demo.schema'
import { demoStone } from './demo.rules'

export const DEMO_STONES = 25_000

const { schema, name } = getTableConfig(stones)
const STONES = `${schema}.${name}`

/** Fills an empty stock with demo stones; a stock that already has stones is left alone. */
export async function seedDemoStock(database: Database, count = DEMO_STONES): Promise<number> {
  return database.sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('stock:demo-seed'))`
    const db = orm(tx)
    if ((await db.$count(stones)) > 0) return 0
    // PostgreSQL takes at most 65,534 parameters in one statement: as many rows as fit, whatever the
    // columns (a fixed 800 rows broke once the seller inventory columns took a row past 81).
    const batch = Math.floor(65_534 / Object.keys(getTableColumns(stones)).length)
    const now = Date.now()
    for (let from = 0; from < count; from += batch) {
      const rows = Array.from({ length: Math.min(batch, count - from) }, (_, i) => demoStone(from + i + 1, 2026, now))
      // postgres.js's bulk insert: drizzle's builder takes half a second to build each batch.
      await tx`insert into ${tx(STONES)} ${tx(byColumnName(stones, rows))}`
    }
    return count
  })
}

/** Records a one-off demo step as done; false when it was done already (on this database, by any instance). */
export async function markDone(tx: Tx, step: string): Promise<boolean> {
  const done = await orm(tx)
    .insert(demoMarks)
    .values({ name: step })
    .onConflictDoNothing()
    .returning({ name: demoMarks.name })
  return done.length > 0
}

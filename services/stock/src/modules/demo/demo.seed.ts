import type { Database } from '@diamond/runtime/db'
import { demoStone } from './demo.rules'

export const DEMO_STONES = 25_000

/** Fills an empty stock with demo stones; a stock that already has stones is left alone. */
export async function seedDemoStock(database: Database, count = DEMO_STONES): Promise<number> {
  const { sql } = database
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('stock:demo-seed'))`
    const [{ n }] = (await tx`select count(*)::int as n from stock.stones`) as unknown as [{ n: number }]
    if (n > 0) return 0
    // About 75 columns a row: PostgreSQL takes at most 65,535 parameters in one statement.
    const batch = 800
    const now = Date.now()
    for (let from = 0; from < count; from += batch) {
      const rows = Array.from({ length: Math.min(batch, count - from) }, (_, i) => demoStone(from + i + 1, 2026, now))
      await tx`insert into stock.stones ${tx(rows)}`
    }
    return count
  })
}

/**
 * Recomputes every closed lot's result from the bid log and compares it with the stored result.
 *   npx tsx services/bidding/src/replay.ts <database url>
 * Prints `checked N`, `mismatched M` (and each mismatch); exits 1 when any result differs.
 */
import { createDatabase } from '@diamond/runtime/db'
import { replayResults } from './modules/engine/replay'

const url = process.argv[2] ?? process.env.BIDDING_DATABASE_URL ?? process.env.DATABASE_URL
if (!url) {
  console.error('usage: npx tsx services/bidding/src/replay.ts <database url>')
  process.exit(2)
}
const database = createDatabase(url, 'bidding', { max: 2, name: 'bidding-replay' })
try {
  const { checked, mismatched } = await replayResults(database.sql)
  console.log(`checked ${checked}`)
  console.log(`mismatched ${mismatched.length}`)
  for (const m of mismatched) console.log(JSON.stringify(m))
  process.exitCode = mismatched.length ? 1 : 0
} finally {
  await database.end()
}

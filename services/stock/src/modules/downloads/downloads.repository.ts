import { sql } from 'drizzle-orm'
import type { Sql } from '@diamond/runtime/db'
import { query } from '@diamond/runtime/statements'
import { stoneRecord, type StoneRecord } from '../stones/stone-row'
import { stones } from '../stones/stones.schema'

/**
 * The available stock (web status A) in stone-number order, read through a cursor `batch` rows at
 * a time, so the whole stock never sits in memory. Holds are not the open viewer's, so none is
 * "mine"; the type-2 block decides the on-memo flag as everywhere else.
 */
export function availableStones(client: Sql, batch: number): AsyncIterable<StoneRecord[]> {
  return query<StoneRecord>(
    client,
    sql`select ${stoneRecord(sql`false`)} from ${stones} where ${stones.wSts} = 'A' order by length(${stones.vStnId}), ${stones.vStnId}`,
  ).cursor(batch)
}

import { sql } from 'drizzle-orm'
import { GONE_W_STS } from '@diamond/contracts/events/stock'
import type { Sql, Tx } from '@diamond/runtime/db'
import { anyOf, fields, query, wideBatches, wideQuery } from '@diamond/runtime/statements'
import { stones } from '../stones/stones.schema'
import { INDEX_COLUMNS, type IndexSource } from './stone-index'

const INDEX = fields(stones, [...INDEX_COLUMNS, 'statusVersion'])

/**
 * Every stone as the index reads it, through a cursor `batch` rows at a time (the whole stock never
 * sits in memory twice); rows built whole (`wideBatches`: some 60 columns).
 */
export function allIndexSources(client: Sql, batch: number): AsyncIterable<IndexSource[]> {
  // Stones that left live stock are left out; a later change of one is read by id (`indexSources`).
  return wideBatches<IndexSource>(
    query(
      client,
      sql`select ${INDEX} from ${stones} where ${stones.wSts} not in (${GONE_W_STS.removed}, ${GONE_W_STS.expired})`,
    ),
    batch,
  )
}

/** These stones as the index reads them; unknown ids are simply absent. */
export async function indexSources(client: Sql | Tx, ids: readonly string[]): Promise<IndexSource[]> {
  return wideQuery<IndexSource>(client, sql`select ${INDEX} from ${stones} where ${anyOf(stones.id, ids)}`)
}

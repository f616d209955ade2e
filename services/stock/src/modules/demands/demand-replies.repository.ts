import { asc, desc, eq, exists, getTableColumns, not, type SQL } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf } from '@diamond/runtime/statements'
import type { DemandRecord } from './demands.repository'
import { demandReplies, demands, type DemandReplyRow } from './demands.schema'

const { shapes: _shapes, crtMin: _crtMin, crtMax: _crtMax, ...DEMAND } = getTableColumns(demands)

/**
 * Every buyer's buy requests (demands), newest first: the sales team's list (issue 26). `answered`
 * keeps those the team has answered (true) or not yet (false).
 */
export async function pageAllDemands(
  client: Sql,
  f: { answered: boolean | null; limit: number; offset: number },
): Promise<{ rows: DemandRecord[]; count: number }> {
  const db = orm(client)
  const replied: SQL = exists(
    db.select({ one: demandReplies.seq }).from(demandReplies).where(eq(demandReplies.demandId, demands.id)),
  )
  const where = f.answered === null ? undefined : f.answered ? replied : not(replied)
  const [rows, count] = await Promise.all([
    db
      .select(DEMAND)
      .from(demands)
      .where(where)
      .orderBy(desc(demands.createdAt), demands.id)
      .limit(f.limit)
      .offset(f.offset),
    db.$count(demands, where),
  ])
  return { rows, count }
}

/** Any buyer's demand (the sales team answers it). */
export async function demandById(client: Sql | Tx, id: string): Promise<DemandRecord | null> {
  const [row] = await orm(client).select(DEMAND).from(demands).where(eq(demands.id, id))
  return row ?? null
}

export async function repliesOf(client: Sql | Tx, demandIds: readonly string[]): Promise<DemandReplyRow[]> {
  if (!demandIds.length) return []
  return orm(client)
    .select()
    .from(demandReplies)
    .where(anyOf(demandReplies.demandId, demandIds))
    .orderBy(asc(demandReplies.seq))
}

export async function addReply(
  tx: Tx,
  r: { demandId: string; authorId: string; authorName: string; message: string },
): Promise<void> {
  await orm(tx).insert(demandReplies).values(r)
}

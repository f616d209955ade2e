import { sql, type SQL } from 'drizzle-orm'
import type { Sql, Tx } from '@diamond/runtime/db'
import { name, query } from '@diamond/runtime/statements'
import { NO_HOLD, STATUS, statusSet, type StatusRecord } from '../stones/stones.repository'
import { holds, stones, type Hold } from '../stones/stones.schema'
import { blocks, type Block } from './blocks.schema'

/** A stone's web status for each block type other than a hold (holds live in stock.holds). */
const statusOfBlock = (blockType: SQL) => sql`case ${blockType} when 2 then 'M' when 3 then 'S' when 4 then 'O' end`

/** A block to write on a stone being taken. */
export interface BlockTake {
  stoneId: string
  blockType: number
  wSts: string
  userId: string
  createdBy: string
  memoNo: string
  /** An office block's end and its appointment; null for the others. */
  expiresAt?: Date | null
  appointmentId?: string | null
}

/**
 * The rest of a take, after a CTE `taken` that changed the stone's status (answering `STATUS`): blocks
 * left on it from before go, the new block is written, and the stone is answered.
 */
const blockTaken = (b: BlockTake): SQL => sql`
    , stale as (
      delete from ${blocks} where ${blocks.stoneId} in (select id from taken)
    ), block as (
      insert into ${blocks} (${name(blocks.stoneId)}, ${name(blocks.blockType)}, ${name(blocks.userId)}, ${name(blocks.createdBy)}, ${name(blocks.memoNo)}, ${name(blocks.expiresAt)}, ${name(blocks.appointmentId)})
      select id, ${b.blockType}, ${b.userId}, ${b.createdBy}, ${b.memoNo}, ${b.expiresAt ?? null}::timestamptz, ${b.appointmentId ?? null}::uuid from taken
      returning ${blocks.stoneId}
    )
    select t.*, ${NO_HOLD} from taken t join block k on k.stone_id = t.id`

/**
 * Takes an available stone for a memo, show or office block in one conditional statement, as a hold
 * does: of concurrent callers exactly one finds w_sts = 'A'. Blocks left on the stone from before
 * (a status set back to A by staff) go in the same statement.
 */
export async function takeBlock(tx: Tx, b: BlockTake): Promise<StatusRecord | null> {
  const [row] = await query<StatusRecord>(
    tx,
    sql`
    with taken as (
      update ${stones} set ${statusSet(b.wSts, 'Y', b.wSts)}
       where ${stones.id} = ${b.stoneId} and ${stones.wSts} = 'A'
      returning ${STATUS}
    ) ${blockTaken(b)}`,
  )
  return row ?? null
}

/**
 * A stone the buyer holds, taken for their viewing instead: the hold becomes the office block (until
 * the slot's end, for that appointment), in one conditional statement — only the holder's own hold,
 * only while the stone is held and the hold has not run out (the hold sweep may not have come yet).
 * A booking could take the stone had the buyer released it first, so this gives nothing a booking
 * could not. Null when the stone is not held by `b.userId`.
 */
export async function takeOwnHold(
  tx: Tx,
  b: BlockTake & { expiresAt: Date; appointmentId: string },
): Promise<StatusRecord | null> {
  const [row] = await query<StatusRecord>(
    tx,
    sql`
    with mine as (
      delete from ${holds} using ${stones}
       where ${holds.stoneId} = ${b.stoneId} and ${holds.holderId} = ${b.userId} and ${holds.expiresAt} > now()
         and ${stones.id} = ${holds.stoneId} and ${stones.wSts} = 'H'
      returning ${holds.stoneId}
    ), taken as (
      update ${stones} set ${statusSet(b.wSts, 'Y', b.wSts)}
       where ${stones.id} in (select stone_id from mine) and ${stones.wSts} = 'H'
      returning ${STATUS}
    ) ${blockTaken(b)}`,
  )
  return row ?? null
}

/** Gives a blocked stone back to stock; `userId` null releases anyone's (staff). */
export async function releaseBlock(tx: Tx, stoneId: string, userId: string | null): Promise<StatusRecord | null> {
  const [row] = await query<StatusRecord>(
    tx,
    sql`
    with gone as (
      delete from ${blocks} using ${stones}
       where ${blocks.stoneId} = ${stoneId} and ${stones.id} = ${blocks.stoneId} and ${stones.wSts} = ${statusOfBlock(sql`${blocks.blockType}`)}
         and (${userId}::uuid is null or ${blocks.userId} = ${userId}::uuid)
      returning ${blocks.stoneId}, ${blocks.blockType}
    )
    update ${stones} set ${statusSet('A', 'N', 'A')}
      from gone b
     where ${stones.id} = b.stone_id and ${stones.wSts} = ${statusOfBlock(sql`b.block_type`)}
    returning ${STATUS}, ${NO_HOLD}`,
  )
  return row ?? null
}

/** A hold or a live block, as the block list shows it (a hold is block type 1, expiring). */
export type BlockRecord = Pick<Block, 'stoneId' | 'blockType' | 'memoNo' | 'createdAt'> & {
  userId: string
  expiresAt: Hold['expiresAt'] | null
}

export interface BlockFilter {
  /** Only blocks of this user… */
  ownerId: string
  /** …except these types, whose blocks the viewer sees for everyone (staff). */
  allOfTypes: number[]
  userId?: string | undefined
  blockType?: number | undefined
}

/** Holds and live blocks (a block whose stone still has the block's status) that the viewer may see. */
function visible(f: BlockFilter) {
  return sql`
    with v as (
      select ${holds.stoneId} as "stoneId", 1::int as "blockType", ${holds.holderId} as "userId", '' as "memoNo",
             ${holds.createdAt} as "createdAt", ${holds.expiresAt} as "expiresAt"
        from ${holds}
      union all
      select ${blocks.stoneId}, ${blocks.blockType}::int, ${blocks.userId}, ${blocks.memoNo}, ${blocks.createdAt}, ${blocks.expiresAt}
        from ${blocks} join ${stones} on ${stones.id} = ${blocks.stoneId}
       where ${blocks.userId} is not null and ${stones.wSts} = ${statusOfBlock(sql`${blocks.blockType}`)}
    )
    select * from v
     where (v."userId" = ${f.ownerId} or v."blockType" = any(${sql.param(f.allOfTypes)}::int[]))
       and (${f.userId ?? null}::uuid is null or v."userId" = ${f.userId ?? null}::uuid)
       and (${f.blockType ?? null}::int is null or v."blockType" = ${f.blockType ?? null}::int)`
}

/** A page of blocks (holds first to expire first, then the newest), the total, and the database clock. */
export async function listBlocks(
  client: Sql,
  f: BlockFilter,
  offset: number,
  limit: number,
): Promise<{ rows: BlockRecord[]; count: number; now: Date }> {
  const [rows, [head]] = await Promise.all([
    query<BlockRecord>(
      client,
      sql`select * from (${visible(f)}) v order by v."expiresAt" asc nulls last, v."createdAt" desc, v."stoneId" limit ${limit} offset ${offset}`,
    ),
    query<{ count: number; now: Date }>(
      client,
      sql`select (select count(*) from (${visible(f)}) v)::int as count, now() as now`,
    ),
  ])
  return { rows, count: head!.count, now: head!.now }
}

/** The hold or block on a stone now, if any (a block only while the stone still has its status). */
export async function blockOn(
  client: Sql,
  stoneId: string,
): Promise<(Pick<BlockRecord, 'blockType' | 'userId'> & { appointmentId: string | null }) | null> {
  const [row] = await query<Pick<BlockRecord, 'blockType' | 'userId'> & { appointmentId: string | null }>(
    client,
    sql`
    select 1 as "blockType", ${holds.holderId} as "userId", null::uuid as "appointmentId" from ${holds} where ${holds.stoneId} = ${stoneId}
    union all
    select ${blocks.blockType}::int, ${blocks.userId}, ${blocks.appointmentId} from ${blocks} join ${stones} on ${stones.id} = ${blocks.stoneId}
     where ${blocks.stoneId} = ${stoneId} and ${blocks.userId} is not null and ${stones.wSts} = ${statusOfBlock(sql`${blocks.blockType}`)}
    limit 1`,
  )
  return row ?? null
}

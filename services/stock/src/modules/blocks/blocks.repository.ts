import type { Sql, Tx } from '@diamond/runtime/db'
import type { StatusRecord } from '../stones/stones.repository'

/** A stone's web status for each block type other than a hold (holds live in stock.holds). */
const statusOfBlock = (sql: Sql | Tx) => sql`case b.block_type when 2 then 'M' when 3 then 'S' when 4 then 'O' end`

/**
 * Takes an available stone for a memo, show or office block in one conditional statement, as a hold
 * does: of concurrent callers exactly one finds w_sts = 'A'. Blocks left on the stone from before
 * (a status set back to A by staff) go in the same statement.
 */
export async function takeBlock(
  tx: Tx,
  b: { stoneId: string; blockType: number; wSts: string; userId: string; createdBy: string; memoNo: string },
): Promise<StatusRecord | null> {
  const rows = await tx<StatusRecord[]>`
    with taken as (
      update stock.stones
         set w_sts = ${b.wSts}, web_sts = ${b.wSts}, s_sts = 'Y', status_version = status_version + 1, updated_at = now()
       where id = ${b.stoneId} and w_sts = 'A'
      returning id, v_stn_id, w_sts, s_sts, status_version
    ), stale as (
      delete from stock.blocks where stone_id in (select id from taken)
    ), block as (
      insert into stock.blocks (stone_id, block_type, user_id, created_by, memo_no)
      select id, ${b.blockType}, ${b.userId}, ${b.createdBy}, ${b.memoNo} from taken
      returning stone_id
    )
    select t.id, t.v_stn_id, t.w_sts, t.s_sts, t.status_version, null::uuid as holder_id, null::timestamptz as expires_at
      from taken t join block k on k.stone_id = t.id`
  return rows[0] ?? null
}

/** Gives a blocked stone back to stock; `userId` null releases anyone's (staff). */
export async function releaseBlock(tx: Tx, stoneId: string, userId: string | null): Promise<StatusRecord | null> {
  const rows = await tx<StatusRecord[]>`
    with gone as (
      delete from stock.blocks b using stock.stones s
       where b.stone_id = ${stoneId} and s.id = b.stone_id and s.w_sts = ${statusOfBlock(tx)}
         and (${userId}::uuid is null or b.user_id = ${userId}::uuid)
      returning b.stone_id, b.block_type
    )
    update stock.stones s
       set w_sts = 'A', web_sts = 'A', s_sts = 'N', status_version = status_version + 1, updated_at = now()
      from gone b
     where s.id = b.stone_id and s.w_sts = ${statusOfBlock(tx)}
    returning s.id, s.v_stn_id, s.w_sts, s.s_sts, s.status_version, null::uuid as holder_id, null::timestamptz as expires_at`
  return rows[0] ?? null
}

export interface BlockRecord {
  stone_id: string
  block_type: number
  user_id: string
  memo_no: string
  created_at: Date
  expires_at: Date | null
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
function visible(sql: Sql, f: BlockFilter) {
  return sql`
    with b as (
      select h.stone_id, 1::int as block_type, h.holder_id as user_id, '' as memo_no, h.created_at, h.expires_at
        from stock.holds h
      union all
      select b.stone_id, b.block_type::int, b.user_id, b.memo_no, b.created_at, null::timestamptz
        from stock.blocks b join stock.stones s on s.id = b.stone_id
       where b.user_id is not null and s.w_sts = ${statusOfBlock(sql)}
    )
    select * from b
     where (b.user_id = ${f.ownerId} or b.block_type = any(${f.allOfTypes}::int[]))
       and (${f.userId ?? null}::uuid is null or b.user_id = ${f.userId ?? null}::uuid)
       and (${f.blockType ?? null}::int is null or b.block_type = ${f.blockType ?? null}::int)`
}

/** A page of blocks (holds first to expire first, then the newest), the total, and the database clock. */
export async function listBlocks(sql: Sql, f: BlockFilter, offset: number, limit: number): Promise<{ rows: BlockRecord[]; count: number; now: Date }> {
  const [rows, [head]] = await Promise.all([
    sql<BlockRecord[]>`
      select * from (${visible(sql, f)}) v
       order by v.expires_at asc nulls last, v.created_at desc, v.stone_id
       limit ${limit} offset ${offset}`,
    sql<{ count: number; now: Date }[]>`select (select count(*) from (${visible(sql, f)}) v)::int as count, now() as now`,
  ])
  return { rows, count: head!.count, now: head!.now }
}

/** The hold or block on a stone now, if any (a block only while the stone still has its status). */
export async function blockOn(sql: Sql, stoneId: string): Promise<{ block_type: number; user_id: string } | null> {
  const rows = await sql<{ block_type: number; user_id: string }[]>`
    select 1 as block_type, holder_id as user_id from stock.holds where stone_id = ${stoneId}
    union all
    select b.block_type::int, b.user_id from stock.blocks b join stock.stones s on s.id = b.stone_id
     where b.stone_id = ${stoneId} and b.user_id is not null and s.w_sts = ${statusOfBlock(sql)}
    limit 1`
  return rows[0] ?? null
}

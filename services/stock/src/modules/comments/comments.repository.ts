import type { Sql } from '@diamond/runtime/db'

/** Notes are the comment list (type 99) of the track table: the note is the track's remarks. */
export interface CommentRecord {
  id: string
  stone_id: string
  v_stn_id: string
  remarks: string
  updated_at: Date
}

export async function upsertComment(sql: Sql, userId: string, ownerName: string, stoneId: string, text: string): Promise<CommentRecord | null> {
  const [row] = await sql<CommentRecord[]>`
    with saved as (
      insert into stock.tracks (user_id, owner_name, stone_id, track_type, remarks)
      select ${userId}, ${ownerName}, s.id, 99, ${text} from stock.stones s where s.id = ${stoneId}
      on conflict (user_id, track_type, stone_id) do update set remarks = excluded.remarks, updated_at = now()
      returning id, stone_id, remarks, updated_at
    )
    select saved.*, s.v_stn_id from saved join stock.stones s on s.id = saved.stone_id`
  return row ?? null
}

export async function commentsOf(sql: Sql, userId: string, stoneIds: readonly string[] | undefined, limit: number, offset: number) {
  const only = stoneIds?.length ? sql`and t.stone_id = any(${stoneIds as string[]}::uuid[])` : sql``
  const [rows, [counted]] = await Promise.all([
    sql<CommentRecord[]>`
      select t.id, t.stone_id, t.remarks, t.updated_at, s.v_stn_id
        from stock.tracks t join stock.stones s on s.id = t.stone_id
       where t.user_id = ${userId} and t.track_type = 99 ${only}
       order by t.updated_at desc, t.id limit ${limit} offset ${offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from stock.tracks t where t.user_id = ${userId} and t.track_type = 99 ${only}`,
  ])
  return { rows, count: counted?.n ?? 0 }
}

export async function deleteComment(sql: Sql, userId: string, id: string): Promise<boolean> {
  const rows = await sql`delete from stock.tracks where id = ${id} and user_id = ${userId} and track_type = 99 returning id`
  return rows.length > 0
}

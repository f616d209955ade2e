import { and, desc, eq, sql } from 'drizzle-orm'
import { orm, type Sql } from '@diamond/runtime/db'
import { anyOf, fields, name, query } from '@diamond/runtime/statements'
import { stones, type Stone } from '../stones/stones.schema'
import { tracks, type Track } from '../tracks/tracks.schema'

/** Notes are the comment list (type 99) of the track table: the note is the track's remarks. */
const NOTE = 99

export type CommentRecord = Pick<Track, 'id' | 'stoneId' | 'remarks' | 'updatedAt'> & Pick<Stone, 'vStnId'>

export async function upsertComment(
  client: Sql,
  userId: string,
  ownerName: string,
  stoneId: string,
  text: string,
): Promise<CommentRecord | null> {
  const t = tracks
  const [row] = await query<CommentRecord>(
    client,
    sql`
    with saved as (
      insert into ${t} (${name(t.userId)}, ${name(t.ownerName)}, ${name(t.stoneId)}, ${name(t.trackType)}, ${name(t.remarks)})
      select ${userId}, ${ownerName}, ${stones.id}, ${NOTE}, ${text} from ${stones} where ${stones.id} = ${stoneId}
      on conflict (${name(t.userId)}, ${name(t.trackType)}, ${name(t.stoneId)})
      do update set ${name(t.remarks)} = excluded.${name(t.remarks)}, ${name(t.updatedAt)} = now()
      returning ${fields(t, ['id', 'stoneId', 'remarks', 'updatedAt'])}
    )
    select saved.*, ${stones.vStnId} as "vStnId" from saved join ${stones} on ${stones.id} = saved."stoneId"`,
  )
  return row ?? null
}

export async function commentsOf(
  client: Sql,
  userId: string,
  stoneIds: readonly string[] | undefined,
  limit: number,
  offset: number,
) {
  const db = orm(client)
  const where = and(
    eq(tracks.userId, userId),
    eq(tracks.trackType, NOTE),
    stoneIds?.length ? anyOf(tracks.stoneId, stoneIds) : undefined,
  )
  const [rows, count] = await Promise.all([
    db
      .select({
        id: tracks.id,
        stoneId: tracks.stoneId,
        remarks: tracks.remarks,
        updatedAt: tracks.updatedAt,
        vStnId: stones.vStnId,
      })
      .from(tracks)
      .innerJoin(stones, eq(stones.id, tracks.stoneId))
      .where(where)
      .orderBy(desc(tracks.updatedAt), tracks.id)
      .limit(limit)
      .offset(offset),
    db.$count(tracks, where),
  ])
  return { rows, count }
}

export async function deleteComment(client: Sql, userId: string, id: string): Promise<boolean> {
  const rows = await orm(client)
    .delete(tracks)
    .where(and(eq(tracks.id, id), eq(tracks.userId, userId), eq(tracks.trackType, NOTE)))
    .returning({ id: tracks.id })
  return rows.length > 0
}

import { randomUUID } from 'node:crypto'
import { and, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import type { MediaKind } from '@diamond/contracts/http/media'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { stones } from '../stones/stones.schema'
import { safeLink, type Candidate, type Uploader } from './media.rules'
import { stoneMedia, type StoneMediaRow } from './media.schema'

/** The stones of the uploader's company, as SQL (as `ownsStone` decides in memory); staff: every stone. */
function ownedBy(who: Uploader): SQL | undefined {
  if (who.staff) return undefined
  return who.companyId ? eq(stones.sellerCompanyId, who.companyId) : sql`false`
}

/** The stones with these ids, with what matching a file name to a stone needs. */
export async function candidates(client: Sql | Tx, ids: readonly string[]): Promise<Candidate[]> {
  if (!ids.length) return []
  return orm(client)
    .select({
      id: stones.id,
      vStnId: stones.vStnId,
      stoneId: stones.stoneId,
      certNo: stones.certNo,
      sellerCompanyId: stones.sellerCompanyId,
    })
    .from(stones)
    .where(inArray(stones.id, [...ids]))
}

export type NewFile = Pick<StoneMediaRow, 'stoneId' | 'kind' | 'position' | 'key' | 'contentType' | 'size' | 'fileName'>

/**
 * Puts a stored file in its slot (stone, kind, position), in place of whatever was there; answers
 * the object key it replaced, which the caller deletes once the transaction has committed.
 */
export async function putFile(tx: Tx, f: NewFile): Promise<string | null> {
  const db = orm(tx)
  const slot = and(eq(stoneMedia.stoneId, f.stoneId), eq(stoneMedia.kind, f.kind), eq(stoneMedia.position, f.position))
  const [old] = await db.select({ key: stoneMedia.key }).from(stoneMedia).where(slot).for('update')
  await db
    .insert(stoneMedia)
    .values({ id: randomUUID(), ...f, url: null })
    .onConflictDoUpdate({
      target: [stoneMedia.stoneId, stoneMedia.kind, stoneMedia.position],
      set: {
        id: randomUUID(),
        key: f.key,
        url: null,
        contentType: f.contentType,
        size: f.size,
        fileName: f.fileName,
        createdAt: sql`now()`,
      },
    })
  return old?.key ?? null
}

/**
 * Records a media link of a stone from an upload file (its image, video or certificate column), in
 * the link slot (position 0): an uploaded file of the same kind is still shown first, and is never
 * removed by a link. An empty url, or one that is not an absolute http(s) address, removes the link.
 * Runs in the caller's transaction (the upload's commit).
 */
export async function recordMediaLink(tx: Tx, stoneId: string, kind: MediaKind, link: string): Promise<void> {
  const db = orm(tx)
  const url = safeLink(link)
  const slot = and(eq(stoneMedia.stoneId, stoneId), eq(stoneMedia.kind, kind), eq(stoneMedia.position, 0))
  if (!url) {
    await db.delete(stoneMedia).where(slot)
    return
  }
  await db
    .insert(stoneMedia)
    .values({ id: randomUUID(), stoneId, kind, position: 0, key: null, url })
    .onConflictDoUpdate({
      target: [stoneMedia.stoneId, stoneMedia.kind, stoneMedia.position],
      set: { url, createdAt: sql`now()` },
    })
}

/** Every media row of these stones (the detail page, the zip download). */
export async function mediaOfStones(client: Sql | Tx, stoneIds: readonly string[]): Promise<StoneMediaRow[]> {
  if (!stoneIds.length) return []
  return orm(client)
    .select()
    .from(stoneMedia)
    .where(inArray(stoneMedia.stoneId, [...stoneIds]))
    .orderBy(stoneMedia.stoneId, stoneMedia.kind, stoneMedia.position)
}

/** The media links an upload file gave each of these stones (its image, video and certificate columns). */
export async function stoneLinks(client: Sql | Tx, stoneIds: readonly string[]) {
  if (!stoneIds.length) return []
  return orm(client)
    .select({
      id: stones.id,
      imageUrl: stones.imageUrl,
      videoUrl: stones.videoUrl,
      certificateUrl: stones.certificateUrl,
    })
    .from(stones)
    .where(inArray(stones.id, [...stoneIds]))
}

/** The stored file in one slot of a stone (never a link: links are served by their own host). */
export async function fileIn(
  client: Sql,
  stoneId: string,
  kind: MediaKind,
  position: number,
): Promise<StoneMediaRow | null> {
  const [row] = await orm(client)
    .select()
    .from(stoneMedia)
    .where(
      and(
        eq(stoneMedia.stoneId, stoneId),
        eq(stoneMedia.kind, kind),
        eq(stoneMedia.position, position),
        isNotNull(stoneMedia.key),
      ),
    )
  return row ?? null
}

export interface MediaPageRow extends StoneMediaRow {
  vStnId: string
  stockNo: string
  certNo: string
}

/** A page of the uploader's media, newest first. */
export async function pageMedia(
  client: Sql,
  who: Uploader,
  q: { kind?: MediaKind; search?: string; limit: number; offset: number },
): Promise<{ rows: MediaPageRow[]; count: number }> {
  const db = orm(client)
  const like = q.search?.trim() ? `${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const where = and(
    ownedBy(who),
    q.kind ? eq(stoneMedia.kind, q.kind) : undefined,
    like ? or(ilike(stones.vStnId, like), ilike(stones.stoneId, like), ilike(stones.certNo, like)) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...STONE_MEDIA, vStnId: stones.vStnId, stockNo: stones.stoneId, certNo: stones.certNo })
      .from(stoneMedia)
      .innerJoin(stones, eq(stones.id, stoneMedia.stoneId))
      .where(where)
      .orderBy(desc(stoneMedia.createdAt), stoneMedia.id)
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(stoneMedia)
      .innerJoin(stones, eq(stones.id, stoneMedia.stoneId))
      .where(where),
  ])
  return { rows, count: total?.n ?? 0 }
}

const STONE_MEDIA = {
  id: stoneMedia.id,
  stoneId: stoneMedia.stoneId,
  kind: stoneMedia.kind,
  position: stoneMedia.position,
  key: stoneMedia.key,
  url: stoneMedia.url,
  contentType: stoneMedia.contentType,
  size: stoneMedia.size,
  fileName: stoneMedia.fileName,
  createdAt: stoneMedia.createdAt,
}

/**
 * Deletes these media rows when every one is the uploader's, else none (someone else's is as absent
 * as a missing one); answers the object keys to delete after the commit, or null when refused.
 */
export async function deleteMedia(tx: Tx, who: Uploader, ids: readonly string[]): Promise<(string | null)[] | null> {
  const db = orm(tx)
  const mine = ownedBy(who)
  const own = await db
    .select({ id: stoneMedia.id })
    .from(stoneMedia)
    .where(
      and(
        inArray(stoneMedia.id, [...ids]),
        mine ? inArray(stoneMedia.stoneId, db.select({ id: stones.id }).from(stones).where(mine)) : undefined,
      ),
    )
    .for('update')
  if (own.length !== ids.length) return null
  const gone = await db
    .delete(stoneMedia)
    .where(inArray(stoneMedia.id, [...ids]))
    .returning({ key: stoneMedia.key })
  return gone.map((g) => g.key)
}

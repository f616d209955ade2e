import { and, eq, exists, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf } from '@diamond/runtime/statements'
import { companies, users } from '../users/users.schema'
import { files } from './files.schema'

type Db = Sql | Tx

const META = {
  id: files.id,
  name: files.name,
  mimeType: files.mimeType,
  size: files.size,
  purpose: files.purpose,
  width: files.width,
  height: files.height,
}
/** What an upload's answer tells of a file. */
export type FileMeta = Pick<typeof files.$inferSelect, keyof typeof META>
type FileWithContent = FileMeta & Pick<typeof files.$inferSelect, 'content'>

export type NewFile = Pick<
  typeof files.$inferInsert,
  'ownerId' | 'purpose' | 'name' | 'mimeType' | 'size' | 'width' | 'height' | 'content' | 'uploadedFrom'
>

export async function insertFile(client: Db, f: NewFile): Promise<FileMeta> {
  const [row] = await orm(client).insert(files).values(f).returning(META)
  return row!
}

/**
 * A file the user may read: their own, or the logo or cover of their company (shown to everyone
 * in it). Anyone else's file is not there for them.
 */
export async function readableFile(client: Db, userId: string, id: string): Promise<FileWithContent | null> {
  const db = orm(client)
  const companyImage = db
    .select({ one: sql`1` })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), sql`${files.id} in (${companies.logoFileId}, ${companies.coverFileId})`))
  // A shown company's logo and cover are seen by every member (the directory, issue 25).
  const shownImage = db
    .select({ one: sql`1` })
    .from(companies)
    .where(and(eq(companies.isPublic, true), sql`${files.id} in (${companies.logoFileId}, ${companies.coverFileId})`))
  const [row] = await db
    .select({ ...META, content: files.content })
    .from(files)
    .where(and(eq(files.id, id), or(eq(files.ownerId, userId), exists(companyImage), exists(shownImage))))
  return row ?? null
}

/** A document of the given purposes that a registrant owns (read by operator staff reviewing it). */
export async function ownedDocument(
  client: Db,
  id: string,
  purposes: readonly string[],
): Promise<FileWithContent | null> {
  const [row] = await orm(client)
    .select({ ...META, content: files.content })
    .from(files)
    .where(and(eq(files.id, id), isNotNull(files.ownerId), anyOf(files.purpose, purposes)))
  return row ?? null
}

/**
 * Registration documents named by a form, locked until the registration commits so two forms
 * cannot claim one upload. Claimable: nobody owns it and it is younger than `hours`.
 */
export async function lockCandidates(
  tx: Tx,
  ids: string[],
  hours: number,
): Promise<{ id: string; purpose: string; claimable: boolean }[]> {
  if (!ids.length) return []
  return orm(tx)
    .select({
      id: files.id,
      purpose: files.purpose,
      claimable: sql<boolean>`(${files.ownerId} is null and ${files.createdAt} > now() - make_interval(hours => ${hours}))`,
    })
    .from(files)
    .where(anyOf(files.id, ids))
    .for('update')
}

export async function claimFiles(tx: Tx, ids: string[], ownerId: string): Promise<void> {
  if (ids.length) {
    await orm(tx)
      .update(files)
      .set({ ownerId })
      .where(and(anyOf(files.id, ids), isNull(files.ownerId)))
  }
}

/** Whether a file is the user's own upload of that purpose. */
export async function isOwnUpload(client: Db, ownerId: string, id: string, purpose: string): Promise<boolean> {
  return (
    (await orm(client).$count(files, and(eq(files.id, id), eq(files.ownerId, ownerId), eq(files.purpose, purpose)))) > 0
  )
}

/** Uploads nobody claimed within `hours`: a registration that was never sent. */
export async function purgeUnclaimed(client: Sql, hours: number): Promise<number> {
  const rows = await orm(client)
    .delete(files)
    .where(and(isNull(files.ownerId), lt(files.createdAt, sql`now() - make_interval(hours => ${hours})`)))
    .returning({ id: files.id })
  return rows.length
}

/** The registration documents a user owns, newest first, and when their account was made and by whom. */
export async function documentsOf(client: Db, userId: string, purposes: readonly string[]) {
  const db = orm(client)
  const [docs, [account]] = await Promise.all([
    db
      .select({ ...META, uploadedAt: files.createdAt })
      .from(files)
      .where(and(eq(files.ownerId, userId), anyOf(files.purpose, purposes)))
      .orderBy(sql`${files.createdAt} desc`),
    db.select({ createdAt: users.createdAt, createdBy: users.createdBy }).from(users).where(eq(users.id, userId)),
  ])
  return { docs, account }
}

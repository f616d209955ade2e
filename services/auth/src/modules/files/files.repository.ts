import type { Sql, Tx } from '@diamond/runtime/db'

type Db = Sql | Tx

export interface FileMeta {
  id: string
  name: string
  mime_type: string
  size: number
  purpose: string
  width: number | null
  height: number | null
}

const META = (sql: Db) => sql`id, name, mime_type, size, purpose, width, height`

export interface NewFile {
  owner_id: string | null
  purpose: string
  name: string
  mime_type: string
  size: number
  width: number | null
  height: number | null
  content: Buffer
  uploaded_from: string
}

export async function insertFile(sql: Db, f: NewFile): Promise<FileMeta> {
  const [row] = await sql<
    [FileMeta]
  >`insert into auth.files ${sql(f as unknown as Record<string, unknown>)} returning ${META(sql)}`
  return row
}

/**
 * A file the user may read: their own, or the logo or cover of their company (shown to everyone
 * in it). Anyone else's file is not there for them.
 */
export async function readableFile(
  sql: Db,
  userId: string,
  id: string,
): Promise<(FileMeta & { content: Buffer }) | null> {
  const rows = await sql<(FileMeta & { content: Buffer })[]>`
    select ${META(sql)}, f.content from auth.files f
     where f.id = ${id}
       and (f.owner_id = ${userId}
            or exists (select 1 from auth.users u join auth.companies c on c.id = u.company_id
                        where u.id = ${userId} and f.id in (c.logo_file_id, c.cover_file_id)))`
  return rows[0] ?? null
}

/** A document of the given purposes that a registrant owns (read by operator staff reviewing it). */
export async function ownedDocument(
  sql: Db,
  id: string,
  purposes: readonly string[],
): Promise<(FileMeta & { content: Buffer }) | null> {
  const rows = await sql<(FileMeta & { content: Buffer })[]>`
    select ${META(sql)}, f.content from auth.files f
     where f.id = ${id} and f.owner_id is not null and f.purpose = any(${purposes as string[]}::text[])`
  return rows[0] ?? null
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
  return tx<{ id: string; purpose: string; claimable: boolean }[]>`
    select id, purpose, (owner_id is null and created_at > now() - make_interval(hours => ${hours})) as claimable
      from auth.files where id = any(${ids}::uuid[]) for update`
}

export async function claimFiles(tx: Tx, ids: string[], ownerId: string): Promise<void> {
  if (ids.length)
    await tx`update auth.files set owner_id = ${ownerId} where id = any(${ids}::uuid[]) and owner_id is null`
}

/** Whether a file is the user's own upload of that purpose. */
export async function isOwnUpload(sql: Db, ownerId: string, id: string, purpose: string): Promise<boolean> {
  const [row] = await sql<[{ ok: boolean }]>`
    select exists (select 1 from auth.files where id = ${id} and owner_id = ${ownerId} and purpose = ${purpose}) as ok`
  return row.ok
}

/** Uploads nobody claimed within `hours`: a registration that was never sent. */
export async function purgeUnclaimed(sql: Sql, hours: number): Promise<number> {
  const rows =
    await sql`delete from auth.files where owner_id is null and created_at < now() - make_interval(hours => ${hours}) returning id`
  return rows.length
}

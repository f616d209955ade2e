import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { fields, name, query } from '@diamond/runtime/statements'
import { ftpSeenFiles, ftpSources, type FtpSourceRow } from './ftp.schema'

/** A seller's FTP source as saved (the password already encrypted). */
export type FtpSourceInput = Pick<
  FtpSourceRow,
  | 'id'
  | 'sellerCompanyId'
  | 'host'
  | 'port'
  | 'username'
  | 'passwordEncrypted'
  | 'folder'
  | 'pattern'
  | 'secure'
  | 'mode'
  | 'everyMinutes'
  | 'savedBy'
>

export async function sourceOf(client: Sql | Tx, seller: string): Promise<FtpSourceRow | null> {
  const [row] = await orm(client).select().from(ftpSources).where(eq(ftpSources.sellerCompanyId, seller))
  return row ?? null
}

/** Saves the seller's one source (a changed source is fetched afresh on schedule from now on). */
export async function saveSource(client: Sql | Tx, s: FtpSourceInput): Promise<FtpSourceRow> {
  const { id: _id, sellerCompanyId: _seller, ...changes } = s
  const [row] = await orm(client)
    .insert(ftpSources)
    .values(s)
    .onConflictDoUpdate({ target: ftpSources.sellerCompanyId, set: { ...changes, updatedAt: sql`now()` } })
    .returning()
  return row!
}

/**
 * Claims the sources whose schedule has come (never run, or last run `every_minutes` ago): their
 * last run time is set now, so another instance's sweep does not take them too.
 */
export async function claimDue(client: Sql | Tx, max: number): Promise<FtpSourceRow[]> {
  return query<FtpSourceRow>(
    client,
    sql`
    update ${ftpSources} set ${name(ftpSources.lastRunAt)} = now()
     where ${ftpSources.id} in (
       select ${ftpSources.id} from ${ftpSources}
        where ${ftpSources.enabled} and ${ftpSources.everyMinutes} > 0
          and (${ftpSources.lastRunAt} is null
               or ${ftpSources.lastRunAt} <= now() - make_interval(mins => ${ftpSources.everyMinutes}))
        order by ${ftpSources.lastRunAt} nulls first
        limit ${max} for update skip locked)
    returning ${fields(ftpSources)}`,
  )
}

/** A run's end: when it ran and what went wrong ('' when nothing did). */
export async function recordRun(client: Sql | Tx, id: string, error: string): Promise<void> {
  await orm(client).update(ftpSources).set({ lastRunAt: new Date(), lastError: error }).where(eq(ftpSources.id, id))
}

/** ftp.rules fileKey separates its parts with NUL, which PostgreSQL text cannot hold: escaped, reversibly. */
const storedKey = (key: string) => key.replaceAll('%', '%25').replaceAll('\u0000', '%00')
const keyOf = (stored: string) => stored.replaceAll('%00', '\u0000').replaceAll('%25', '%')

export async function seenKeys(client: Sql | Tx, sourceId: string): Promise<Set<string>> {
  const rows = await orm(client)
    .select({ key: ftpSeenFiles.fileKey })
    .from(ftpSeenFiles)
    .where(eq(ftpSeenFiles.sourceId, sourceId))
  return new Set(rows.map((r) => keyOf(r.key)))
}

export async function markSeen(
  client: Sql | Tx,
  sourceId: string,
  files: { key: string; uploadId: string | null }[],
): Promise<void> {
  if (!files.length) return
  await orm(client)
    .insert(ftpSeenFiles)
    .values(files.map((f) => ({ sourceId, fileKey: storedKey(f.key), uploadId: f.uploadId })))
    .onConflictDoNothing()
}

/** The upload the source's latest fetched file became. */
export async function lastUploadId(client: Sql | Tx, sourceId: string): Promise<string | null> {
  const [row] = await orm(client)
    .select({ uploadId: ftpSeenFiles.uploadId })
    .from(ftpSeenFiles)
    .where(and(eq(ftpSeenFiles.sourceId, sourceId), isNotNull(ftpSeenFiles.uploadId)))
    .orderBy(desc(ftpSeenFiles.fetchedAt))
    .limit(1)
  return row?.uploadId ?? null
}

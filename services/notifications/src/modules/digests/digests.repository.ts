import { orm, type Tx } from '@diamond/runtime/db'
import { digestFiles } from './digests.schema'

/** A digest file under its key; the first one kept stays (a redelivered file changes nothing). */
export async function keepDigestFile(
  tx: Tx,
  f: Pick<typeof digestFiles.$inferInsert, 'key' | 'fileName' | 'content'>,
): Promise<void> {
  await orm(tx).insert(digestFiles).values(f).onConflictDoNothing()
}

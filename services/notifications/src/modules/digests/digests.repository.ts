import type { Tx } from '@diamond/runtime/db'

/** A digest file under its key; the first one kept stays (a redelivered file changes nothing). */
export async function keepDigestFile(tx: Tx, f: { key: string; fileName: string; content: Buffer }): Promise<void> {
  await tx`insert into notifications.digest_files (key, file_name, content)
           values (${f.key}, ${f.fileName}, ${f.content}) on conflict do nothing`
}

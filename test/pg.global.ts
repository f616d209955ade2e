import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startLocalPostgres } from '@diamond/runtime/pg-server'

/** One real PostgreSQL server for the run; every test file makes its own database on it. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'diamond-pg-'))
  const pg = await startLocalPostgres({ dir: join(dir, 'data'), log: (m) => process.stderr.write(`[pg] ${m}\n`) })
  project.provide('pgUrl', pg.url)
  return async () => {
    await pg.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string
    kafkaBrokers: string
    /** The S3 server of the kafka tier (test/seaweedfs.global.ts): endpoint, region, bucket and keys, as JSON. */
    s3: string
  }
}

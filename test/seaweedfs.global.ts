import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
// @ts-expect-error plain ESM script without types
import { startSeaweedfs } from '../infra/seaweedfs.mjs'

/** A real S3-compatible server (SeaweedFS, built and started by infra/): the S3 tests never skip. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'diamond-s3-'))
  const s3 = (await startSeaweedfs({ dir })) as {
    endpoint: string
    region: string
    bucket: string
    accessKeyId: string
    secretAccessKey: string
    stop(): Promise<void>
  }
  project.provide(
    's3',
    JSON.stringify({
      endpoint: s3.endpoint,
      region: s3.region,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    }),
  )
  return async () => {
    await s3.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

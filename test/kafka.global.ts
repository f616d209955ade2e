import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort } from '@diamond/runtime/pg-server'
// @ts-expect-error plain ESM script without types
import { startKafka } from '../infra/kafka.mjs'

/** A real Kafka broker (KRaft) installed and started by infra/: the Kafka tests never skip. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'diamond-kafka-'))
  let port = await freePort()
  while (port > 65000) port = await freePort() // the controller listens on port + 1
  const kafka = await startKafka({ port, dataDir: dir })
  project.provide('kafkaBrokers', kafka.brokers.join(','))
  return async () => {
    await kafka.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

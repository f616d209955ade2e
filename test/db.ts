import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { inject } from 'vitest'
import { databaseUrl } from '@diamond/runtime/pg-server'

/** A fresh, empty database on the run's server, so test files never see each other's rows. */
export async function freshDatabase(prefix = 't'): Promise<string> {
  const server = inject('pgUrl')
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = postgres(server, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  await admin.end()
  return databaseUrl(server, name)
}

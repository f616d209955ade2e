import { readdir, readFile } from 'node:fs/promises'
import postgres, { type Sql, type TransactionSql } from 'postgres'
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js'

export type { Sql, TransactionSql }
export type Tx = TransactionSql<Record<string, never>>

export interface Database {
  sql: Sql
  db: PostgresJsDatabase
  schema: string
  end(): Promise<void>
}

/**
 * One pool per service, bound to the service's own schema. Nothing connects until first use.
 * drizzle gets a client of its own: it replaces its client's timestamp parsers with pass-through
 * strings, and the hand-written SQL of repositories expects real Dates.
 */
export function createDatabase(url: string, schema: string, opts: { max?: number; name?: string } = {}): Database {
  // Reconnection back-off (seconds, by failed attempts in a row): postgres.js's own grows to 20 s,
  // which kept a pool (and the relay's LISTEN) away for that long after a restarted server was back.
  const backoff = (retries: number) => Math.min(0.1 * 2 ** retries, 2)
  const options = { idle_timeout: 30, connect_timeout: 10, backoff, onnotice: () => {}, connection: { application_name: opts.name ?? schema } }
  const sql = postgres(url, { ...options, max: opts.max ?? 10 })
  const forDrizzle = postgres(url, { ...options, max: 4 })
  return { sql, db: drizzle(forDrizzle), schema, end: async () => void (await Promise.all([sql.end({ timeout: 5 }), forDrizzle.end({ timeout: 5 })])) }
}

/**
 * Applies the service's numbered .sql files in order, each once, under an advisory lock so that
 * several instances starting together do not race. Migrations live beside the service's code.
 */
export async function migrate(sql: Sql, schema: string, dir: URL): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort()
  const applied: string[] = []
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${'migrate:' + schema}))`
    await tx.unsafe(`create schema if not exists "${schema}"`)
    await tx.unsafe(
      `create table if not exists "${schema}".schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
    )
    const done = new Set((await tx.unsafe(`select name from "${schema}".schema_migrations`)).map((r) => r.name as string))
    for (const file of files) {
      if (done.has(file)) continue
      const text = await readFile(new URL(file, dir), 'utf8')
      await tx.unsafe(text.replaceAll(':schema', `"${schema}"`))
      await tx.unsafe(`insert into "${schema}".schema_migrations (name) values ($1)`, [file])
      applied.push(file)
    }
  })
  return applied
}

/** The runtime's own tables, present in every service schema: outbox and consumed-event record. */
export const RUNTIME_MIGRATIONS = new URL('../migrations/', import.meta.url)

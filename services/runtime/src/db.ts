import { readdir, readFile } from 'node:fs/promises'
import postgres, { type Sql, type TransactionSql } from 'postgres'
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js'

export type { Sql, TransactionSql }
export type Tx = TransactionSql<Record<string, never>>

export interface Database {
  sql: Sql
  /** drizzle over the same pool as `sql`: one pool per service. */
  db: Orm
  schema: string
  end(): Promise<void>
}

/** drizzle's typed query builder, over a service's pool or over one of its transactions. */
export type Orm = PostgresJsDatabase

const orms = new WeakMap<object, Orm>()

/**
 * drizzle over a postgres.js pool or transaction, without a pool of its own. drizzle's postgres-js
 * driver rewrites its client's type parsers and serializers (timestamps and dates come back as
 * strings, json goes out pre-stringified) so that its own column mappers do the work; applied to the
 * service's pool, that would change what every hand-written query receives. drizzle therefore sees
 * the client through a view whose `options` are its own: queries run on the same connections with
 * postgres.js's parsers, and the column types of the schemas (`runtime/src/columns.ts`) map
 * postgres.js's values (Dates, parsed json) as they are.
 *
 * The view also prepares drizzle's statements, as postgres.js prepares the hand-written ones:
 * drizzle asks for unnamed statements, which postgres.js sends with parameters in two round trips
 * (describe, then execute) every time; a prepared one is described once per connection.
 */
export function orm(client: Sql | TransactionSql): Orm {
  let db = orms.get(client)
  if (!db) {
    const options = { parsers: {}, serializers: {} }
    const unsafe = (text: string, params?: never[], opts?: object) =>
      client.unsafe(text, params, { ...opts, prepare: true })
    const view = new Proxy(client, {
      get: (target, key) => (key === 'options' ? options : key === 'unsafe' ? unsafe : Reflect.get(target, key)),
    })
    db = drizzle({ client: view as Sql })
    orms.set(client, db)
  }
  return db
}

/**
 * One pool per service, bound to the service's own schema. Nothing connects until first use.
 */
export function createDatabase(
  url: string,
  schema: string,
  opts: { max?: number; name?: string; settings?: Record<string, string> } = {},
): Database {
  // Reconnection back-off (seconds, by failed attempts in a row): postgres.js's own grows to 20 s,
  // which kept a pool (and the relay's LISTEN) away for that long after a restarted server was back.
  const backoff = (retries: number) => Math.min(0.1 * 2 ** retries, 2)
  const sql = postgres(url, {
    idle_timeout: 30,
    connect_timeout: 10,
    backoff,
    onnotice: () => {},
    // `settings`: run-time parameters every connection of this pool starts with.
    connection: { application_name: opts.name ?? schema, ...opts.settings },
    max: opts.max ?? 10,
  })
  return { sql, db: orm(sql), schema, end: () => sql.end({ timeout: 5 }) }
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
    const done = new Set(
      (await tx.unsafe(`select name from "${schema}".schema_migrations`)).map((r) => r.name as string),
    )
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

import { is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import postgres from 'postgres'
import { migrate, RUNTIME_MIGRATIONS } from '@diamond/runtime/db'
import { runtimeTables } from '@diamond/runtime/tables'
import { freshDatabase } from './db'

const normalType = (t: string) =>
  t
    .toLowerCase()
    .replace(/\s*\(\s*/g, '(')
    .replace(/\s*,\s*/g, ',')
    .replace(/\s*\)/g, ')')
    .replace(/^serial$/, 'integer')
    .replace(/^bigserial$/, 'bigint')

/**
 * What differs between a service's drizzle tables and the tables its SQL migrations make: tables
 * missing on either side, columns missing on either side, a column's type or nullability. Empty when
 * the schema and the migrations agree. `modules` are the service's schema modules (every exported
 * drizzle table counts); the runtime's own tables are added for the service's schema.
 */
export async function schemaDrift(
  schema: string,
  migrations: URL,
  modules: Record<string, unknown>[],
): Promise<string[]> {
  const sql = postgres(await freshDatabase(`drift_${schema}`), { max: 1, onnotice: () => {} })
  try {
    await migrate(sql, schema, RUNTIME_MIGRATIONS)
    await migrate(sql, schema, migrations)
    const tables = new Map<string, PgTable>()
    for (const m of [runtimeTables(schema), ...modules]) {
      for (const value of Object.values(m)) {
        if (!is(value, PgTable)) continue
        const config = getTableConfig(value)
        if ((config.schema ?? 'public') === schema) tables.set(config.name, value)
      }
    }
    const rows = await sql<{ table: string; column: string; type: string; nullable: boolean }[]>`
      select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = ${schema} and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
         and not c.relispartition`
    const db = new Map<string, Map<string, { type: string; nullable: boolean }>>()
    for (const r of rows) {
      if (r.table === 'schema_migrations') continue
      if (!db.has(r.table)) db.set(r.table, new Map())
      db.get(r.table)!.set(r.column, { type: r.type, nullable: r.nullable })
    }
    const problems: string[] = []
    for (const name of db.keys())
      if (!tables.has(name)) problems.push(`${schema}.${name}: in the migrations, no drizzle table`)
    for (const [name, table] of tables) {
      const columns = db.get(name)
      if (!columns) {
        problems.push(`${schema}.${name}: drizzle table, not in the migrations`)
        continue
      }
      const defined = new Set<string>()
      for (const col of getTableConfig(table).columns) {
        defined.add(col.name)
        const actual = columns.get(col.name)
        if (!actual) {
          problems.push(`${schema}.${name}.${col.name}: drizzle column, not in the migrations`)
          continue
        }
        if (normalType(col.getSQLType()) !== normalType(actual.type))
          problems.push(`${schema}.${name}.${col.name}: drizzle type ${col.getSQLType()}, migrated type ${actual.type}`)
        if (col.notNull === actual.nullable)
          problems.push(
            `${schema}.${name}.${col.name}: drizzle ${col.notNull ? 'not null' : 'nullable'}, migrated ${actual.nullable ? 'nullable' : 'not null'}`,
          )
      }
      for (const column of columns.keys())
        if (!defined.has(column)) problems.push(`${schema}.${name}.${column}: in the migrations, no drizzle column`)
    }
    return problems
  } finally {
    await sql.end()
  }
}

import { fillPlaceholders, getTableColumns, sql, type Column, type SQL, type Table } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Sql, TransactionSql } from './db'

/**
 * Hand-written statements over drizzle's tables: the contested ones (a hold, a confirm, a claim),
 * whose one conditional statement is the design, are written out as SQL with drizzle's `sql`
 * template, so every table and column they name is checked against the schema, and their rows come
 * back exactly as drizzle's query builder would return them.
 */

const dialect = new PgDialect()

/**
 * How a column's postgres.js value becomes the value drizzle's query builder returns (its column
 * mapper), for the types whose values differ: a bigint or numeric read as a number, a date as text.
 * Every other column type arrives as it is (timestamps as Dates, json parsed, arrays as arrays).
 */
const CASTS: Partial<Record<string, string>> = {
  PgBigInt53: '::float8',
  PgBigSerial53: '::float8',
  PgNumericNumber: '::float8',
  PgDateString: '::text',
}

/** The cast that makes a column's value read as drizzle reads it (`CASTS`; '' for most types). */
export const readCast = (column: Column): string => CASTS[column.columnType] ?? ''

/**
 * A select or returning list of a table's columns (all, or `keys`), each under its drizzle key and
 * with drizzle's value: `"s"."v_stn_id" as "vStnId"`. A row so selected is the table's
 * `$inferSelect` (or a `Pick` of it). Works on an `alias()` of a table too (whose FROM item is then
 * written `${table} ${alias}`: an alias renders as its bare name). Rendered once, here.
 */
export function fields<T extends Table, K extends keyof T['$inferSelect'] & string>(
  table: T,
  keys?: readonly K[],
): SQL {
  const columns: Record<string, Column> = getTableColumns(table)
  const list = (keys ?? Object.keys(columns)).map((key) => {
    const column = columns[key]!
    return sql`${column}${sql.raw(readCast(column))} as ${sql.identifier(key)}`
  })
  return sql.raw(dialect.sqlToQuery(sql.join(list, sql`, `)).sql)
}

/** A column's bare name, where SQL takes no qualified one: SET targets, INSERT column lists, conflict targets. */
export const name = (column: Column) => sql.identifier(column.name)

/**
 * Rows under their table's column names, for postgres.js's own bulk insert (`insert into … ${tx(rows)}`):
 * drizzle's insert builder spends about half a second building one statement of 800 wide rows (the
 * demo stock: 25,000 stones took 28 s to seed through it, 5 s so). Values go to postgres.js as they
 * are, without drizzle's column mappers: for wide seed rows of plain values.
 */
export function byColumnName<T extends Table>(table: T, rows: readonly T['$inferInsert'][]): Record<string, unknown>[] {
  const names = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name]))
  return rows.map((row) => {
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(row)) if (value !== undefined) out[names.get(key) ?? key] = value
    return out
  })
}

/**
 * `column = any($1)`: the values as one array parameter, so that the statement is the same (and
 * prepared once) whatever their number; drizzle's `inArray` writes a parameter per value.
 */
export const anyOf = (column: Column, values: readonly unknown[]): SQL =>
  sql`${column} = any(${sql.param(values)}::${sql.raw(column.getSQLType())}[])`

/**
 * A drizzle `sql` statement as postgres.js's own query: prepared, and with what postgres.js offers
 * beyond drizzle (`.cursor(n)` to read a large result in batches).
 */
export function query<T extends object>(client: Sql | TransactionSql, statement: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(statement)
  return client.unsafe<T[]>(text, params as never[], { prepare: true })
}

/**
 * A statement rendered once, run with its `sql.placeholder()`s filled in: for a hot path, where
 * rendering a wide statement at every call (a tenth of a millisecond for the search's page read)
 * is worth saving. Prepared by postgres.js like every other statement; its rows are built whole
 * (`wideRows`).
 */
export function prepared<T extends object>(statement: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(statement)
  return (client: Sql | TransactionSql, values: Record<string, unknown> = {}): Promise<T[]> =>
    wideRows<T>(client.unsafe(text, fillPlaceholders(params, values) as never[], { prepare: true }) as PendingQuery)
}

/** What postgres.js tells of a result's columns (and a query's, once it is described). */
interface Described {
  statement?: { columns?: readonly { name: string }[] | null }
}
type RowBuilder = (values: readonly unknown[]) => object
const builders = new Map<string, RowBuilder>()

/**
 * A row object from a row's values, in one allocation: an object literal with every column in it,
 * written once per column list. postgres.js builds a row by adding its columns one at a time to
 * `{}`, and V8 regrows such an object's property store every three properties: a stone row of 110
 * columns left 17 KB of garbage (its JSON is 1.7 KB), and the search's page reads and an upload's
 * index refresh made hundreds of megabytes a second of it (the heap grew by 300 MiB in a commit).
 */
function builderOf(columns: readonly { name: string }[]): RowBuilder {
  const key = columns.map((c) => c.name).join('\u0000')
  let build = builders.get(key)
  if (!build) {
    const fields = columns.map((c, i) => `${JSON.stringify(c.name)}: v[${i}]`).join(', ')
    // Code from the database's column names, each quoted by JSON.stringify, and nothing else: the
    // only way to an object literal of a fixed shape per column list.
    build = new Function('v', `return { ${fields} }`) as RowBuilder
    builders.set(key, build)
  }
  return build
}

const columnsOf = (q: unknown) => (q as Described).statement?.columns ?? []

/**
 * The rows of a wide select (dozens of columns) as objects built whole: read as arrays of values
 * (postgres.js's `.values()`), then each made an object by `builderOf`. Same rows, same types.
 */
export async function wideRows<T extends object>(pending: PendingQuery): Promise<T[]> {
  const q = pending.values()
  const rows = (await q) as unknown as unknown[][]
  const build = builderOf(columnsOf(q))
  return rows.map(build) as T[]
}

/** `wideRows` read `batch` rows at a time through a cursor. */
export async function* wideBatches<T extends object>(pending: PendingQuery, batch: number): AsyncGenerator<T[]> {
  const q = pending.values()
  for await (const rows of q.cursor(batch) as AsyncIterable<unknown[][]>) {
    const build = builderOf(columnsOf(q))
    yield rows.map(build) as T[]
  }
}

/** A postgres.js query not yet awaited (what `client.unsafe` answers). */
interface PendingQuery {
  values(): PromiseLike<unknown> & { cursor(n: number): AsyncIterable<unknown> }
}

/** `query` for a wide select (dozens of columns): its rows built whole (`wideRows`). */
export function wideQuery<T extends object>(client: Sql | TransactionSql, statement: SQL): Promise<T[]> {
  return wideRows<T>(query(client, statement) as PendingQuery)
}

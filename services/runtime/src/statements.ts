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
    return sql`${column}${sql.raw(CASTS[column.columnType] ?? '')} as ${sql.identifier(key)}`
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
 * is worth saving. Prepared by postgres.js like every other statement.
 */
export function prepared<T extends object>(statement: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(statement)
  return (client: Sql | TransactionSql, values: Record<string, unknown> = {}) =>
    client.unsafe<T[]>(text, fillPlaceholders(params, values) as never[], { prepare: true })
}

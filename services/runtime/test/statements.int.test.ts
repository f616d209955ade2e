import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import {
  alias,
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  numeric,
  pgSchema,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { freshDatabase } from '../../../test/db'
import { jsonb } from '../src/columns'
import { createDatabase, orm, type Database } from '../src/db'
import { anyOf, byColumnName, fields, name, prepared, query, wideBatches, wideQuery } from '../src/statements'

const s = pgSchema('stmt_check')
const things = s.table('things', {
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  id: uuid('id').primaryKey(),
  someName: text('some_name').notNull(),
  n: integer('n').notNull(),
  small: smallint('small').notNull(),
  big: bigint('big', { mode: 'number' }).notNull(),
  price: numeric('price', { precision: 10, scale: 2 }).notNull(),
  weight: numeric('weight', { mode: 'number' }).notNull(),
  ok: boolean('ok').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  day: date('day').notNull(),
  doc: jsonb('doc').$type<{ a: number }>().notNull(),
  codes: smallint('codes').array().notNull(),
  tags: text('tags').array(),
  maybe: bigint('maybe', { mode: 'number' }),
})

let database: Database

beforeAll(async () => {
  database = createDatabase(await freshDatabase('stmt'), 'stmt_check', { max: 1 })
  await database.sql.unsafe(`create schema stmt_check;
    create table stmt_check.things (seq bigserial, id uuid primary key, some_name text not null, n integer not null,
      small smallint not null, big bigint not null, price numeric(10, 2) not null, weight numeric not null, ok boolean not null,
      at timestamptz not null, day date not null, doc jsonb not null, codes smallint[] not null, tags text[], maybe bigint)`)
  await database.db.insert(things).values([
    {
      id: '00000000-0000-4000-8000-000000000001',
      someName: 'x',
      n: 3,
      small: 2,
      big: 2 ** 40,
      price: '12.50',
      weight: 1.25,
      ok: true,
      at: new Date('2026-03-29T01:30:00.000Z'),
      day: '2026-03-29',
      doc: { a: 1 },
      codes: [1, 4],
      tags: ['p', 'q'],
      maybe: null,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      someName: 'y',
      n: -1,
      small: 0,
      big: 0,
      price: '0.00',
      weight: 0,
      ok: false,
      at: new Date('2026-11-01T00:00:00.000Z'),
      day: '2026-01-01',
      doc: { a: 2 },
      codes: [],
      tags: null,
      maybe: 7,
    },
  ])
})
afterAll(() => database.end())

describe('hand-written statements over drizzle tables', () => {
  it("select through fields() the very rows drizzle's query builder returns, every column type", async () => {
    const built = await database.db.select().from(things).orderBy(things.id)
    const written = await database.db.execute<typeof things.$inferSelect>(
      sql`select ${fields(things)} from ${things} order by ${things.id}`,
    )
    expect([...written]).toEqual(built)
    expect(typeof written[0]!.big).toBe('number')
    expect(written[0]!.at).toBeInstanceOf(Date)
  })

  it('selects some columns, from an alias of the table', async () => {
    // In a written statement an alias renders as its bare name: the FROM says `${table} ${alias}`.
    const t = alias(things, 't')
    const rows = await database.db.execute(
      sql`select ${fields(t, ['someName', 'big', 'day'])} from ${things} ${t} where ${t.n} = 3`,
    )
    expect([...rows]).toEqual([{ someName: 'x', big: 2 ** 40, day: '2026-03-29' }])
  })

  it("names a column bare where SQL wants it so (an update's SET), and returns under drizzle keys", async () => {
    const [row] = await database.db.execute<Pick<typeof things.$inferSelect, 'someName' | 'n'>>(sql`
      update ${things} set ${name(things.someName)} = 'z', ${name(things.n)} = ${things.n} + 1
       where ${things.id} = ${'00000000-0000-4000-8000-000000000002'}
      returning ${fields(things, ['someName', 'n'])}`)
    expect(row).toEqual({ someName: 'z', n: 0 })
    const [after] = await database.db
      .select({ n: things.n })
      .from(things)
      .where(eq(things.id, '00000000-0000-4000-8000-000000000002'))
    expect(after!.n).toBe(0)
  })

  it('builds wide rows whole: the very rows, every column type, also through a cursor', async () => {
    const statement = sql`select ${fields(things)}, null::text as "nothing" from ${things} order by ${things.id}`
    const plain = await query<Record<string, unknown>>(database.sql, statement)
    const whole = await wideQuery<Record<string, unknown>>(database.sql, statement)
    expect(whole).toEqual([...plain])
    expect(Object.keys(whole[0]!)).toEqual(Object.keys(plain[0]!))
    expect(whole[0]!.at).toBeInstanceOf(Date)
    const batches: Record<string, unknown>[][] = []
    for await (const rows of wideBatches<Record<string, unknown>>(query(database.sql, statement), 1)) batches.push(rows)
    expect(batches).toEqual(plain.map((r) => [r]))
    // A column name that is not an identifier in JavaScript is a key like any other.
    const [odd] = await wideQuery<Record<string, unknown>>(
      database.sql,
      sql`select 1 as "a""b}; throw 1; //", 2 as "x y"`,
    )
    expect(odd).toEqual({ 'a"b}; throw 1; //': 1, 'x y': 2 })
  })

  it("runs a statement as postgres.js's own query, read through a cursor", async () => {
    const batches: number[][] = []
    for await (const rows of query<{ n: number }>(
      database.sql,
      sql`select ${fields(things, ['n'])} from ${things} order by ${things.n}`,
    ).cursor(1)) {
      batches.push(rows.map((r) => r.n))
    }
    expect(batches).toEqual([[0], [3]])
  })

  it('renders a statement once and runs it with its placeholders filled, a list as one array parameter', async () => {
    const byNames = prepared<Pick<typeof things.$inferSelect, 'someName'>>(
      sql`select ${fields(things, ['someName'])} from ${things} where ${things.someName} = any(${sql.placeholder('names')}::text[]) order by ${things.n}`,
    )
    expect([...(await byNames(database.sql, { names: ['x', 'z'] }))]).toEqual([{ someName: 'z' }, { someName: 'x' }])
    expect([...(await byNames(database.sql, { names: ['q'] }))]).toEqual([])
    const listed = await database.db
      .select({ n: things.n })
      .from(things)
      .where(anyOf(things.someName, ['x', 'z', 'nobody']))
      .orderBy(things.n)
    expect(listed).toEqual([{ n: 0 }, { n: 3 }])
  })

  it("gives rows under their column names for postgres.js's bulk insert", () => {
    expect(
      byColumnName(things, [
        {
          id: 'i',
          someName: 'a',
          n: 1,
          small: 1,
          big: 1,
          price: '1',
          weight: 1,
          ok: true,
          at: new Date(0),
          day: '2026-01-01',
          doc: { a: 1 },
          codes: [],
          maybe: undefined,
        },
      ]),
    ).toEqual([
      {
        id: 'i',
        some_name: 'a',
        n: 1,
        small: 1,
        big: 1,
        price: '1',
        weight: 1,
        ok: true,
        at: new Date(0),
        day: '2026-01-01',
        doc: { a: 1 },
        codes: [],
      },
    ])
  })

  it("prepares drizzle's statements on the connection, as hand-written ones are", async () => {
    const prepared = async () =>
      Number(
        (
          await database.sql`select count(*)::int as n from pg_prepared_statements where statement like '%stmt_check%'`
        )[0]!.n,
      )
    const before = await prepared()
    await orm(database.sql).select().from(things).where(eq(things.n, 3))
    await orm(database.sql).select().from(things).where(eq(things.n, 4))
    expect(await prepared()).toBe(before + 1)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bigint, boolean, date, integer, numeric, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { freshDatabase } from '../../../test/db'
import { jsonb } from '../src/columns'
import { createDatabase, orm, type Database } from '../src/db'

const s = pgSchema('orm_check')
const things = s.table('things', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  n: integer('n').notNull(),
  big: bigint('big', { mode: 'number' }).notNull(),
  price: numeric('price').notNull(),
  ok: boolean('ok').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  day: date('day').notNull(),
  doc: jsonb('doc').$type<{ a: number; tags: string[] }>().notNull(),
})

let database: Database

beforeAll(async () => {
  database = createDatabase(await freshDatabase('orm'), 'orm_check', { max: 2 })
  await database.sql.unsafe(`create schema orm_check;
    create table orm_check.things (id uuid primary key, name text not null, n integer not null, big bigint not null,
      price numeric not null, ok boolean not null, at timestamptz not null, day date not null, doc jsonb not null)`)
})
afterAll(() => database.end())

const at = new Date('2026-03-29T01:30:00.000Z')
const row = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'x',
  n: 3,
  big: 2 ** 40,
  price: '12.50',
  ok: true,
  at,
  day: '2026-03-29',
  doc: { a: 1, tags: ['p'] },
}

describe('drizzle over the service pool', () => {
  it('writes and reads every column type the schemas use, and hand-written SQL still gets postgres.js values', async () => {
    await database.db.insert(things).values(row)
    const [viaOrm] = await database.db.select().from(things).where(eq(things.id, row.id))
    expect(viaOrm).toEqual(row)
    expect(viaOrm!.at).toBeInstanceOf(Date)
    expect(viaOrm!.at.toISOString()).toBe(at.toISOString())
    expect(viaOrm!.doc).toEqual(row.doc)
    const [raw] = await database.sql`select at, doc, day::text as day, jsonb_typeof(doc) as kind from orm_check.things`
    expect(raw!.at).toBeInstanceOf(Date)
    expect(raw!.doc).toEqual(row.doc)
    expect(raw!.kind).toBe('object')
    expect(raw!.day).toBe('2026-03-29')
  })

  it('runs inside a postgres.js transaction, and rolls back with it', async () => {
    const id = '00000000-0000-4000-8000-000000000002'
    await expect(
      database.sql.begin(async (tx) => {
        await orm(tx)
          .insert(things)
          .values({ ...row, id })
        expect(await orm(tx).select().from(things).where(eq(things.id, id))).toHaveLength(1)
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await database.db.select().from(things).where(eq(things.id, id))).toHaveLength(0)
  })
})

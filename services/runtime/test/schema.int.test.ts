import { integer, pgSchema, text } from 'drizzle-orm/pg-core'
import { expect, it } from 'vitest'
import { schemaDrift } from '../../../test/schema-drift'

const migrations = new URL('../migrations/', import.meta.url)

it("the runtime's drizzle tables match its migrations", async () => {
  expect(await schemaDrift('svc', migrations, [])).toEqual([])
})

it('names every difference between a drizzle schema and the migrated tables', async () => {
  const s = pgSchema('svc')
  const wrong = {
    tokenFloors: s.table('token_floors', { userId: text('user_id').primaryKey(), minVersion: integer('min_version') }),
    ghost: s.table('ghost', { id: integer('id') }),
  }
  const problems = await schemaDrift('svc', migrations, [wrong])
  expect(problems).toEqual(
    expect.arrayContaining([
      'svc.token_floors.user_id: drizzle type text, migrated type uuid',
      'svc.token_floors.min_version: drizzle nullable, migrated not null',
      'svc.token_floors.updated_at: in the migrations, no drizzle column',
      'svc.ghost: drizzle table, not in the migrations',
    ]),
  )
})

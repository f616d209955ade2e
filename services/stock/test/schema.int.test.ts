import { expect, it } from 'vitest'
import { schemaDrift } from '../../../test/schema-drift'

it("stock's drizzle tables match its migrations", async () => {
  expect(
    await schemaDrift('stock', new URL('../migrations/', import.meta.url), [await import('../src/schema')]),
  ).toEqual([])
})

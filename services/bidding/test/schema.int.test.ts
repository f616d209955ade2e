import { expect, it } from 'vitest'
import { schemaDrift } from '../../../test/schema-drift'

it("bidding's drizzle tables match its migrations", async () => {
  expect(
    await schemaDrift('bidding', new URL('../migrations/', import.meta.url), [await import('../src/schema')]),
  ).toEqual([])
})

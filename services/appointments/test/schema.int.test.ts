import { expect, it } from 'vitest'
import { schemaDrift } from '../../../test/schema-drift'

it("appointments' drizzle tables match its migrations", async () => {
  expect(
    await schemaDrift('appointments', new URL('../migrations/', import.meta.url), [await import('../src/schema')]),
  ).toEqual([])
})

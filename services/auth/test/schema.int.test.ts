import { expect, it } from 'vitest'
import { schemaDrift } from '../../../test/schema-drift'

it("auth's drizzle tables match its migrations", async () => {
  expect(
    await schemaDrift('auth', new URL('../migrations/', import.meta.url), [await import('../src/schema')]),
  ).toEqual([])
})

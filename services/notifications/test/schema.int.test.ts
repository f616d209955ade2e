import { expect, it } from 'vitest'
import { schemaDrift } from '../../../test/schema-drift'

it("notifications' drizzle tables match its migrations", async () => {
  expect(
    await schemaDrift('notifications', new URL('../migrations/', import.meta.url), [await import('../src/schema')]),
  ).toEqual([])
})

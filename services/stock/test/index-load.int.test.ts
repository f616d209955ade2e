import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '@diamond/runtime'
import { SearchService } from '../src/modules/search/search.service'
import { startTestPortal, type TestPortal } from '../../../test/portal'

// A large stock takes a while to read into the index at start: it says how far it got meanwhile.
describe('loading the search index', () => {
  let portal: TestPortal
  let database: Database
  beforeAll(async () => {
    portal = await startTestPortal({ stones: 60 })
    database = createDatabase(portal.databaseUrl, 'stock', { max: 2 })
  })
  afterAll(async () => {
    await database?.end()
    await portal?.close()
  })

  it('reports the rows read so far while it loads', async () => {
    const search = new SearchService(database, { limit: 1000, newArrivalDays: 7, media: {} as never }, () =>
      Promise.resolve(null),
    )
    const progress: number[] = []
    const loaded = await search.load((rows) => progress.push(rows), 0)
    const [{ n }] = await portal.sql<[{ n: number }]>`select count(*)::int as n from stock.stones`
    expect(loaded).toBe(n)
    expect(progress).toEqual([n])
  })
})

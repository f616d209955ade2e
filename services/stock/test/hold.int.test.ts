import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

describe('holding a stone', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 30 })
    ;[buyer1, buyer2] = await Promise.all([portal.login('buyer1'), portal.login('buyer2')])
  })
  afterAll(() => portal?.close())

  const row = async (token: string, id: string) =>
    (
      (await portal.call('diamond/paginate', { limit: 30 }, token)).body.data.list as {
        id: string
        heldByMe: boolean
        availability: string
      }[]
    ).find((s) => s.id === id)!

  it('tells the holder, and only the holder, that the stone is theirs', async () => {
    const [stone] = await portal.stones(buyer1, 1)
    const held = await portal.call('diamond/hold', { id: stone!.id }, buyer1)
    expect(held.body.data).toMatchObject({ id: stone!.id, wSts: 'H', availability: 'H', statusVersion: 1 })
    expect(await row(buyer1, stone!.id)).toMatchObject({ availability: 'H', heldByMe: true })
    expect(await row(buyer2, stone!.id)).toMatchObject({ availability: 'H', heldByMe: false })
  })

  it("refuses to release someone else's hold, and releases one's own", async () => {
    const stone = (await portal.stones(buyer1, 30)).find((s) => s.availability === 'A')!
    await portal.call('diamond/hold', { id: stone.id }, buyer1)
    expect(await portal.call('diamond/hold/release', { id: stone.id }, buyer2)).toMatchObject({
      status: 409,
      body: { code: 'E_NOT_HOLDER' },
    })
    const released = await portal.call('diamond/hold/release', { id: stone.id }, buyer1)
    expect(released.body.data).toMatchObject({ wSts: 'A', availability: 'A', statusVersion: 2 })
    const events = await portal.sql`select type from stock.outbox where key = ${stone.id} order by seq`
    expect(events.map((e) => e.type)).toEqual(['stock.stone.held', 'stock.stone.released'])
  })

  it('returns a hold to stock when it expires by the database clock', async () => {
    const stone = (await portal.stones(buyer1, 30)).find((s) => s.availability === 'A')!
    await portal.call('diamond/hold', { id: stone.id }, buyer1)
    await portal.sql`update stock.holds set expires_at = now() - interval '1 second' where stone_id = ${stone.id}`
    await waitFor(
      async () => (await row(buyer2, stone.id)).availability === 'A',
      15_000,
      'the expired hold to be released',
    )
    const [hold] = await portal.sql`select count(*)::int as n from stock.holds where stone_id = ${stone.id}`
    expect(hold!.n).toBe(0)
    expect((await portal.call('diamond/hold', { id: stone.id }, buyer2)).body.code).toBe('OK')
  })
})

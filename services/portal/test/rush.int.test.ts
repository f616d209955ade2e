import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent } from 'undici'
import { startTestPortal, type TestPortal } from '../../../test/portal'

// The rush: many buyers reach for one stone at the same instant; exactly one gets it.
describe('a rush of holds on one stone', () => {
  let portal: TestPortal
  let tokens: string[]
  // 1,000 sockets: every attempt of the first rush is in flight at once.
  const agent = new Agent({ connections: 1000, pipelining: 0 })
  // The wider rush goes through 250 sockets, as a busy proxy in front of the portal would.
  const pool = new Agent({ connections: 250, pipelining: 0 })

  beforeAll(async () => {
    portal = await startTestPortal()
    tokens = await Promise.all(['buyer1', 'buyer2', 'seller1', 'sales1', 'admin1'].map((u) => portal.login(u)))
  })
  afterAll(async () => {
    await Promise.all([agent.close(), pool.close()])
    await portal?.close()
  })

  it('gives exactly 1 success and 999 clear refusals, one hold row and one event', async () => {
    const [stone] = await portal.stones(tokens[0]!, 1)
    const attempts = Array.from({ length: 1000 }, (_, i) =>
      fetch(`${portal.base}/web/v1/diamond/hold`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${tokens[i % tokens.length]}` },
        body: JSON.stringify({ id: stone!.id }),
        dispatcher: agent,
      } as RequestInit).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: string } })),
    )
    const results = await Promise.all(attempts)
    const wins = results.filter((r) => r.body.code === 'OK')
    const refusals = results.filter((r) => r.body.code === 'E_STONE_UNAVAILABLE')
    expect(results.filter((r) => r.status >= 500)).toEqual([])
    expect(wins).toHaveLength(1)
    expect(refusals).toHaveLength(999)
    expect(new Set(refusals.map((r) => r.status))).toEqual(new Set([409]))

    const [holds] = await portal.sql`select count(*)::int as n from stock.holds where stone_id = ${stone!.id}`
    const [events] =
      await portal.sql`select count(*)::int as n from stock.outbox where key = ${stone!.id} and type = 'stock.stone.held'`
    expect(holds!.n).toBe(1)
    expect(events!.n).toBe(1)
  })

  it('gives one winner per stone when 5,000 attempts spread over 5 hot stones', async () => {
    const hot = (await portal.stones(tokens[0]!, 20)).filter((s) => s.availability === 'A').slice(0, 5)
    const results = await Promise.all(
      Array.from({ length: 5000 }, (_, i) =>
        fetch(`${portal.base}/web/v1/diamond/hold`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `JWT ${tokens[i % tokens.length]}` },
          body: JSON.stringify({ id: hot[i % hot.length]!.id }),
          dispatcher: pool,
        } as RequestInit).then(async (r) => ({ status: r.status, code: ((await r.json()) as { code: string }).code })),
      ),
    )
    expect(results.filter((r) => r.status >= 500)).toEqual([])
    expect(results.filter((r) => r.code === 'OK')).toHaveLength(5)
    expect(results.filter((r) => r.code === 'E_STONE_UNAVAILABLE')).toHaveLength(4995)
    const ids = hot.map((s) => s.id)
    const [holds] = await portal.sql`select count(*)::int as n from stock.holds where stone_id = any(${ids}::uuid[])`
    expect(holds!.n).toBe(5)
  })
})

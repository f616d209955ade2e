import type postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX, type HttpServer } from '@diamond/runtime'
import type { StoneService } from '../src/modules/stones/stones.service'
import { startStockApp, type StockTestApp } from './fixtures/stock-app'

/**
 * The stock service alone, with its hold counters in reach: once this instance knows a stone is
 * taken, attempts on it are refused without a database round trip, and attempts that arrive while
 * one is in flight wait for it instead of asking the database themselves.
 */
describe('the hold fast path', () => {
  let stock: StockTestApp
  let app: HttpServer
  let stones!: StoneService
  let sql: postgres.Sql
  let tokens: string[]
  let ids: string[]

  beforeAll(async () => {
    stock = await startStockApp({
      env: { STOCK_DEMO_STONES: '30' },
      options: { expose: (s) => (stones = s.stones) },
    })
    app = stock.app
    sql = stock.sql
    tokens = Array.from({ length: 5 }, (_, i) =>
      stock.sign({ username: `b${i}`, userType: 'buyer', perms: { hold: 'vi', pricing: 'v' } }),
    )
    ids = (await sql<{ id: string }[]>`select id from stock.stones where w_sts = 'A' order by v_stn_id limit 5`).map(
      (r) => r.id,
    )
  })
  afterAll(async () => {
    await stock?.close()
  })

  const hold = async (id: string, i: number) => {
    const r = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/diamond/hold`,
      headers: { authorization: `JWT ${tokens[i % tokens.length]}` },
      payload: { id },
    })
    return { status: r.statusCode, code: (r.json() as { code: string }).code }
  }
  const burst = (id: string, n: number) => Promise.all(Array.from({ length: n }, (_, i) => hold(id, i)))
  const snapshot = () => ({ ...stones.holdStats })

  it('refuses a burst on a stone it knows is held without a database round trip', async () => {
    expect((await hold(ids[0]!, 0)).code).toBe('OK')
    const before = snapshot()
    const results = await burst(ids[0]!, 200)
    expect(results.every((r) => r.status === 409 && r.code === 'E_STONE_UNAVAILABLE')).toBe(true)
    const after = snapshot()
    expect(after.databaseAttempts - before.databaseAttempts).toBe(0)
    expect(after.fastRefusals - before.fastRefusals).toBe(200)
    const [holds] = await sql`select count(*)::int as n from stock.holds where stone_id = ${ids[0]!}`
    expect(holds!.n).toBe(1)
  })

  it('asks the database once for a rush on an available stone: the rest wait for that answer', async () => {
    const before = snapshot()
    const results = await burst(ids[1]!, 300)
    expect(results.filter((r) => r.code === 'OK')).toHaveLength(1)
    expect(results.filter((r) => r.status === 409 && r.code === 'E_STONE_UNAVAILABLE')).toHaveLength(299)
    const after = snapshot()
    expect(after.databaseAttempts - before.databaseAttempts).toBe(1)
    expect(after.fastRefusals + after.coalescedRefusals - before.fastRefusals - before.coalescedRefusals).toBe(299)
    const [events] =
      await sql`select count(*)::int as n from stock.outbox where key = ${ids[1]!} and type = 'stock.stone.held'`
    expect(events!.n).toBe(1)
  })

  it('learns from a lost attempt that a stone was taken elsewhere, and refuses the next ones at once', async () => {
    // Taken behind this instance's back (another instance whose event has not arrived).
    await sql`update stock.stones set w_sts = 'H', status_version = status_version + 1 where id = ${ids[2]!}`
    const before = snapshot()
    expect(await hold(ids[2]!, 0)).toEqual({ status: 409, code: 'E_STONE_UNAVAILABLE' })
    expect(snapshot().databaseAttempts - before.databaseAttempts).toBe(1)
    const results = await burst(ids[2]!, 50)
    expect(results.every((r) => r.code === 'E_STONE_UNAVAILABLE')).toBe(true)
    expect(snapshot().databaseAttempts - before.databaseAttempts).toBe(1)
  })

  it('still lets the database decide for a stone released again', async () => {
    const released = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/diamond/hold/release`,
      headers: { authorization: `JWT ${tokens[0]}` },
      payload: { id: ids[0]! },
    })
    expect(released.json()).toMatchObject({ code: 'OK' })
    const results = await burst(ids[0]!, 20)
    expect(results.filter((r) => r.code === 'OK')).toHaveLength(1)
  })
})

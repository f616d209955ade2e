import { randomBytes, randomUUID } from 'node:crypto'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  API_PREFIX,
  createHttpServer,
  createTokenService,
  loadPlatformConfig,
  MemoryBus,
  type HttpServer,
} from '@diamond/runtime'
import stockService from '../src/app'
import { loadStockConfig } from '../src/config'
import type { StoneService } from '../src/modules/stones/stones.service'
import { freshDatabase } from '../../../test/db'

/**
 * The stock service alone, with its hold counters in reach: once this instance knows a stone is
 * taken, attempts on it are refused without a database round trip, and attempts that arrive while
 * one is in flight wait for it instead of asking the database themselves.
 */
describe('the hold fast path', () => {
  let app: HttpServer
  let stones!: StoneService
  let sql: postgres.Sql
  let tokens: string[]
  let ids: string[]

  beforeAll(async () => {
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: await freshDatabase('stock'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO_DATA: 'true',
      STOCK_DEMO_STONES: '30',
    }
    const config = loadPlatformConfig(env)
    const tokenService = createTokenService(config.JWT_SECRET, 3600)
    app = await createHttpServer({ title: 'stock' })
    const bus = new MemoryBus()
    app.addHook('onClose', () => bus.close())
    await app.register(stockService, {
      config,
      bus,
      tokens: tokenService,
      prefix: API_PREFIX,
      stock: loadStockConfig(env),
      expose: (s) => (stones = s.stones),
    })
    await app.ready()
    tokens = Array.from({ length: 5 }, (_, i) =>
      tokenService.sign({
        id: randomUUID(),
        username: `b${i}`,
        userType: 'buyer',
        perms: { hold: 'vi', pricing: 'v' },
        noPrice: false,
        ver: 0,
        guest: false,
        trusted: true,
      }),
    )
    sql = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} })
    ids = (await sql<{ id: string }[]>`select id from stock.stones where w_sts = 'A' order by v_stn_id limit 5`).map(
      (r) => r.id,
    )
  })
  afterAll(async () => {
    await sql?.end()
    await app?.close()
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

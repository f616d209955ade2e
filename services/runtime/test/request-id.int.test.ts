import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDatabase } from '../../../test/db'
import { MemoryBus } from '../src/bus/memory'
import { subscribeIdempotent } from '../src/consumer'
import { createDatabase, migrate, RUNTIME_MIGRATIONS, type Database } from '../src/db'
import { createHttpServer } from '../src/http'
import { enqueue, OutboxRelay } from '../src/outbox'
import { outsideRequest } from '../src/request-id'
import { testEvent, testTopic } from './events'
import { waitFor } from './wait'

const schema = 'reqid'
let database: Database
let bus: MemoryBus
let relay: OutboxRelay

beforeAll(async () => {
  database = createDatabase(await freshDatabase('reqid'), schema, { max: 4, name: 'reqid' })
  await migrate(database.sql, schema, RUNTIME_MIGRATIONS)
  bus = new MemoryBus()
  relay = new OutboxRelay(database.sql, schema, bus, { pollMs: 50 })
  await relay.start()
})
afterAll(async () => {
  await relay?.stop()
  await bus?.close()
  await database?.end()
})

describe('a request id follows the request into its events and the consumers that handle them', () => {
  it('stamps the events a request writes with its id, and the consumer logs it', async () => {
    const { topic, type } = testTopic()
    const lines: Record<string, unknown>[] = []
    const log = {
      info: (o: object) => lines.push(o as Record<string, unknown>),
      debug: (o: object) => lines.push({ ...o, debug: true }),
    }
    await subscribeIdempotent(bus, database, { name: 'reqid.check', topics: [topic], handle: async () => {} }, { log })

    const app = await createHttpServer({ title: 'reqid' })
    app.post('/thing', { config: { public: true } }, async () => {
      const inRequest = testEvent(type, 'a')
      // Work the request starts for many requests at once (a batch) is not stamped with its id.
      const shared = await new Promise<ReturnType<typeof testEvent>>((resolve) =>
        outsideRequest(() => setImmediate(() => resolve(testEvent(type, 'b')))),
      )
      await database.sql.begin((tx) => enqueue(tx, schema, [inRequest, shared]))
      return { code: 'OK', message: 'OK', data: { ids: [inRequest.id, shared.id] } }
    })
    const r = await app.inject({ method: 'POST', url: '/thing', headers: { 'x-request-id': 'trace-abc.123' } })
    expect(r.headers['x-request-id']).toBe('trace-abc.123')
    const [stamped, unstamped] = (r.json() as { data: { ids: string[] } }).data.ids

    const rows = await database.sql.unsafe<{ id: string; request_id: string | null }[]>(
      `select id, event->>'requestId' as request_id from ${schema}.outbox`,
    )
    expect(Object.fromEntries(rows.map((x) => [x.id, x.request_id]))).toEqual({
      [stamped!]: 'trace-abc.123',
      [unstamped!]: null,
    })

    await waitFor(() => lines.length >= 2, 10_000, 'the consumer to handle both events')
    expect(lines.find((l) => l.eventId === stamped)).toMatchObject({
      consumer: 'reqid.check',
      requestId: 'trace-abc.123',
    })
    expect(lines.find((l) => l.eventId === unstamped)).toMatchObject({
      consumer: 'reqid.check',
      requestId: undefined,
      debug: true,
    })
    await app.close()
  })

  it('keeps an X-Request-Id only from a trusted (loopback) peer, and makes one otherwise', async () => {
    const app = await createHttpServer({ title: 'reqid' })
    app.get('/id', { config: { public: true } }, (req) => ({ id: req.id }))
    const local = await app.inject({ url: '/id', headers: { 'x-request-id': 'from-the-proxy' } })
    expect(local.headers['x-request-id']).toBe('from-the-proxy')
    expect(local.json()).toEqual({ id: 'from-the-proxy' })

    const remote = await app.inject({
      url: '/id',
      headers: { 'x-request-id': 'chosen-by-a-client' },
      remoteAddress: '203.0.113.9',
    })
    expect(remote.headers['x-request-id']).not.toBe('chosen-by-a-client')
    expect(remote.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)

    const junk = await app.inject({ url: '/id', headers: { 'x-request-id': 'bad id\nwith a newline' } })
    expect(junk.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const none = await app.inject({ url: '/id' })
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    await app.close()
  })
})

import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { freshDatabase } from '../../../test/db'
import { MemoryBus } from '../src/bus/memory'
import type { MessageBus } from '../src/bus/types'
import { createDatabase, migrate, RUNTIME_MIGRATIONS, type Database } from '../src/db'
import { enqueue, enqueueMany, OutboxRelay } from '../src/outbox'
import { recorder, testEvent, testTopic } from './events'
import { waitFor } from './wait'

const schema = 'svc'
let url: string
let writers: Database
const pools: Database[] = []
let relays: OutboxRelay[] = []
let bus: MemoryBus

/** A relay with a pool of its own, as each service instance has. */
function relay(target: MessageBus = bus, batch = 5, vacuumEvery?: number): OutboxRelay {
  const database = createDatabase(url, schema, { max: 3, name: 'relay' })
  pools.push(database)
  const r = new OutboxRelay(database.sql, schema, target, { batch, pollMs: 50, vacuumEvery })
  relays.push(r)
  return r
}

/** The domain change and its event, written in one transaction as a service does. */
async function write(event: AnyEvent, opts: { delayMs?: number; fail?: boolean } = {}) {
  await writers.sql.begin(async (tx) => {
    await tx.unsafe(`insert into ${schema}.things (id, key) values ($1, $2)`, [event.id, event.key])
    await enqueue(tx, schema, [event])
    if (opts.delayMs) await tx.unsafe(`select pg_sleep($1)`, [opts.delayMs / 1000])
    if (opts.fail) throw new Error('the change is abandoned')
  })
}

const outboxRows = () =>
  writers.sql.unsafe<{ id: string; seq: bigint; published: boolean }[]>(
    `select id, seq, published_at is not null as published from ${schema}.outbox order by seq`,
  )

/** Ids of a topic's events as a subscriber receives them. */
async function listen(topic: string) {
  const got = recorder()
  await bus.subscribe({ group: `check-${randomUUID()}`, topics: [topic], handler: got.handler, fromBeginning: true })
  return got
}

beforeAll(async () => {
  url = await freshDatabase('outbox')
  writers = createDatabase(url, schema, { max: 45, name: 'writers' })
  await migrate(writers.sql, schema, RUNTIME_MIGRATIONS)
  await writers.sql.unsafe(`create table ${schema}.things (id uuid primary key, key text not null)`)
})

afterEach(async () => {
  await Promise.all(relays.map((r) => r.stop()))
  relays = []
  await bus?.close()
})

afterAll(async () => {
  await Promise.all([writers, ...pools].map((d) => d?.end()))
})

describe('the transactional outbox', () => {
  it('publishes every committed event exactly once while writers commit out of order and three relays run', async () => {
    bus = new MemoryBus()
    const { topic, type } = testTopic()
    const got = await listen(topic)
    for (let i = 0; i < 3; i++) await relay().start()

    const events = Array.from({ length: 40 }, (_, i) => testEvent(type, `stone-${i % 7}`, { i }))
    const committed: string[] = []
    // Each writer holds its transaction open for a random while after taking its seq.
    await Promise.all(
      events.map(async (e) => {
        await write(e, { delayMs: randomInt(0, 150) })
        committed.push(e.id)
      }),
    )

    const ids = events.map((e) => e.id)
    await waitFor(() => got.hasAll(ids), 30_000, 'every event on the bus')
    await waitFor(async () => (await outboxRows()).every((r) => r.published), 30_000, 'every row marked published')
    const rows = (await outboxRows()).filter((r) => ids.includes(r.id))
    expect(committed).not.toEqual(rows.map((r) => r.id)) // the run did commit out of seq order
    expect(rows).toHaveLength(40)
    for (const id of ids) expect(got.count(id), id).toBe(1)
  })

  it('never publishes the event of a change that rolled back', async () => {
    bus = new MemoryBus()
    const { topic, type } = testTopic()
    const got = await listen(topic)
    await relay().start()

    const abandoned = testEvent(type, 'stone-1')
    await expect(write(abandoned, { fail: true })).rejects.toThrow('the change is abandoned')
    const kept = testEvent(type, 'stone-1')
    await write(kept)

    await waitFor(() => got.has(kept.id), 30_000, 'the committed event')
    await relays[0]!.drain()
    expect(got.has(abandoned.id)).toBe(false)
    expect((await outboxRows()).some((r) => r.id === abandoned.id)).toBe(false)
  })

  it('keeps the order of each key with several relays claiming small batches', async () => {
    bus = new MemoryBus()
    const { topic, type } = testTopic()
    const got = await listen(topic)
    for (let i = 0; i < 3; i++) await relay(bus, 2).start()

    const keys = ['stone-a', 'stone-b', 'stone-c', 'stone-d']
    const written = new Map(keys.map((k) => [k, [] as string[]]))
    // One writer per key commits its events one after another, as a contested aggregate would.
    await Promise.all(
      keys.map(async (key) => {
        for (let n = 0; n < 25; n++) {
          const e = testEvent(type, key, { n })
          await write(e, { delayMs: randomInt(0, 5) })
          written.get(key)!.push(e.id)
        }
      }),
    )

    await waitFor(() => got.hasAll([...written.values()].flat()), 30_000, 'every event on the bus')
    for (const key of keys) expect(got.firstArrivals(key), key).toEqual(written.get(key))
  })

  it('publishes no later event of a key while another relay holds an earlier one', async () => {
    bus = new MemoryBus()
    const { topic, type } = testTopic()
    const got = await listen(topic)
    const [first, second, third] = [0, 1, 2].map((n) => testEvent(type, 'stone-1', { n })) as [
      AnyEvent,
      AnyEvent,
      AnyEvent,
    ]
    for (const e of [first, second, third]) await write(e)

    // A second relay has claimed `second` (its row lock) and not yet published it.
    let release!: () => void
    let held!: () => void
    const holding = new Promise<void>((r) => (held = r))
    const holder = writers.sql.begin(async (tx) => {
      await tx.unsafe(`select 1 from ${schema}.outbox where id = $1 for update`, [second.id])
      held()
      await new Promise<void>((r) => (release = r))
    })
    await holding

    const r = relay(bus, 10)
    await r.claimOnce()
    release()
    await holder
    await r.drain()

    await waitFor(() => got.hasAll([first.id, second.id, third.id]), 30_000, 'the three events')
    expect(got.firstArrivals('stone-1')).toEqual([first.id, second.id, third.id])
  })

  it('vacuums its outbox every so many published rows, so claims do not step over old versions', async () => {
    bus = new MemoryBus()
    const { topic, type } = testTopic()
    const got = await listen(topic)
    const vacuums = async () =>
      Number(
        (
          await writers.sql.unsafe(
            `select vacuum_count from pg_stat_user_tables where schemaname = $1 and relname = 'outbox'`,
            [schema],
          )
        )[0]!.vacuum_count,
      )
    const before = await vacuums()
    await relay(bus, 5, 4).start()
    const events = Array.from({ length: 12 }, (_, i) => testEvent(type, `stone-${i % 3}`))
    for (const e of events) await write(e)
    await waitFor(() => got.hasAll(events.map((e) => e.id)), 30_000, 'every event')
    await waitFor(async () => (await vacuums()) > before, 30_000, 'a vacuum of the outbox')
    for (const e of events) expect(got.count(e.id)).toBe(1)
  })

  it('publishes a backlog of many keys in order, from statistics taken before it', async () => {
    bus = new MemoryBus()
    const { topic, type } = testTopic()
    const got = await listen(topic)
    await writers.sql.unsafe(`vacuum analyze ${schema}.outbox`)
    const keys = Array.from({ length: 60 }, (_, i) => `lot-${i}`)
    const events = Array.from({ length: 1500 }, (_, i) => testEvent(type, keys[i % keys.length]!, { i }))
    for (let i = 0; i < events.length; i += 100) {
      await writers.sql.begin((tx) => enqueue(tx, schema, events.slice(i, i + 100)))
    }
    const r = relay(bus, 500)
    await r.drain()
    await waitFor(() => got.hasAll(events.map((e) => e.id)), 30_000, 'every event')
    for (const key of keys)
      expect(got.firstArrivals(key), key).toEqual(events.filter((e) => e.key === key).map((e) => e.id))
  })

  // A bulk event of 500 stones is ~100 KB: a claim of 500 of them was tens of MB parsed in one go.
  it('claims fewer rows while its events run large, and all of them still go out in order', async () => {
    const sizes: number[] = []
    bus = new (class extends MemoryBus {
      override publish(events: AnyEvent[]) {
        sizes.push(events.length)
        return super.publish(events)
      }
    })()
    const { topic, type } = testTopic()
    const got = await listen(topic)
    // Each event some 600 KB of JSON.
    const events = Array.from({ length: 30 }, (_, i) =>
      testEvent(type, 'seller-1', { i, pad: randomBytes(300_000).toString('hex') }),
    )
    const r = relay(bus, 500)
    // The first claim knows nothing of the sizes yet and takes what waits (up to the batch).
    await writers.sql.begin((tx) => enqueue(tx, schema, events.slice(0, 10)))
    await r.drain()
    for (let i = 10; i < events.length; i += 10)
      await writers.sql.begin((tx) => enqueue(tx, schema, events.slice(i, i + 10)))
    await r.drain()
    await waitFor(() => got.hasAll(events.map((e) => e.id)), 30_000, 'every large event')
    expect(got.firstArrivals('seller-1')).toEqual(events.map((e) => e.id))
    expect(sizes[0]).toBe(10)
    // The later ones about 4 MB of events each.
    expect(sizes.slice(1).every((n) => n >= 1 && n <= 7)).toBe(true)
    expect(sizes.length).toBeGreaterThanOrEqual(4)
  })

  it('leaves rows unpublished while the bus fails and publishes them once it works again', async () => {
    bus = new MemoryBus()
    const failing = new FailingBus(bus)
    const { topic, type } = testTopic()
    const got = await listen(topic)
    await relay(failing).start()

    const events = Array.from({ length: 5 }, (_, i) => testEvent(type, `stone-${i}`))
    for (const e of events) await write(e)
    await waitFor(() => failing.refused >= 2, 30_000, 'the relay to try twice')
    expect((await outboxRows()).filter((r) => events.some((e) => e.id === r.id)).every((r) => !r.published)).toBe(true)
    expect(got.events).toEqual([])

    failing.down = false
    const ids = events.map((e) => e.id)
    await waitFor(() => got.hasAll(ids), 30_000, 'every event once the bus is back')
    await waitFor(
      async () => (await outboxRows()).filter((r) => ids.includes(r.id)).every((r) => r.published),
      30_000,
      'the rows marked published',
    )
  })

  it("writes many events with one COPY in the change's transaction: in order, text as given, published by the relay", async () => {
    bus = new MemoryBus()
    const { topic, type } = testTopic()
    const got = await listen(topic)
    await relay(bus, 500).start()
    // Text COPY must carry backslashes, tabs, line ends, quotes and non-ASCII through unchanged.
    const awkward = 'a\\b\tc\nd\re "q" \u00e9\u4e2d'
    const events = Array.from({ length: 1200 }, (_, i) => testEvent(type, `stone-${i % 9}`, { i, note: awkward }))
    await writers.sql.begin(async (tx) => {
      await enqueueMany(tx, schema, events)
      // Nothing is visible outside the transaction until it commits.
      const [outside] = await writers.sql.unsafe<{ n: number }[]>(
        `select count(*)::int as n from ${schema}.outbox where id = any($1::uuid[])`,
        [events.map((e) => e.id)],
      )
      expect(outside!.n).toBe(0)
    })
    const rows = await writers.sql.unsafe<{ id: string; topic: string; key: string; event: AnyEvent }[]>(
      `select id, topic, key, event from ${schema}.outbox where id = any($1::uuid[]) order by seq`,
      [events.map((e) => e.id)],
    )
    expect(rows.map((r) => r.id)).toEqual(events.map((e) => e.id))
    expect(rows.map((r) => r.event)).toEqual(events.map((e) => JSON.parse(JSON.stringify(e)) as AnyEvent))
    expect(rows.every((r, i) => r.topic === topic && r.key === events[i]!.key)).toBe(true)
    await waitFor(() => got.hasAll(events.map((e) => e.id)), 30_000, 'every event published')

    // A transaction that fails after its COPY leaves no event behind.
    const lost = Array.from({ length: 3 }, () => testEvent(type, 'stone-x'))
    await expect(
      writers.sql.begin(async (tx) => {
        await enqueueMany(tx, schema, lost)
        throw new Error('the change is abandoned')
      }),
    ).rejects.toThrow('abandoned')
    const [left] = await writers.sql.unsafe<{ n: number }[]>(
      `select count(*)::int as n from ${schema}.outbox where id = any($1::uuid[])`,
      [lost.map((e) => e.id)],
    )
    expect(left!.n).toBe(0)
  })
})

/** A bus that refuses every publish while `down`, as a broker away does. */
class FailingBus implements MessageBus {
  readonly kind = 'memory'
  down = true
  refused = 0
  constructor(private readonly inner: MessageBus) {}
  start = () => this.inner.start()
  healthy = () => Promise.resolve(!this.down)
  subscribe: MessageBus['subscribe'] = (o) => this.inner.subscribe(o)
  close = () => this.inner.close()
  async publish(events: AnyEvent[]) {
    if (this.down) {
      this.refused++
      throw new Error('broker unavailable')
    }
    await this.inner.publish(events)
  }
}

import { randomInt, randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { StockEventTypes } from '@diamond/contracts/events/stock'
import { freshDatabase } from '../../../test/db'
import type { MessageBus, SubscribeOptions, Subscription } from '../src/bus/types'
import { subscribeIdempotent } from '../src/consumer'
import { createDatabase, migrate, RUNTIME_MIGRATIONS, type Database } from '../src/db'
import { chunks, dataOf, interleaved, recorder, testEvent, testTopic } from './events'
import { waitFor } from './wait'

/** What `<topic>.dlq` holds: the event as it arrived and why it was given up on. */
export interface DeadLetterRecord {
  event: unknown
  reason: string
}

export interface BusContractOptions {
  /** Delivery attempts the bus is configured with: a failing handler runs exactly this often. */
  attempts: number
  /**
   * The dead letters of a topic so far, read the way an operator reads them on this implementation
   * (the bus's own subscribe would treat them as malformed events: they are not envelopes).
   */
  deadLetters: (bus: MessageBus, topic: string) => Promise<DeadLetterRecord[]>
  /** Longest wait for an outcome; Kafka needs group joins and rebalances. */
  timeoutMs?: number
}

const idOf = (event: unknown) => (event as { id?: unknown } | null)?.id

/**
 * The guarantees every MessageBus gives (see bus/types.ts), run against each implementation.
 * Every test has its own topic and consumer groups, so the suite can share one Kafka broker.
 */
export function busContract(name: string, makeBus: () => Promise<MessageBus>, opts: BusContractOptions) {
  const timeout = opts.timeoutMs ?? 30_000
  const until = (cond: () => boolean | Promise<boolean>, what: string) => waitFor(cond, timeout, what)

  describe(`${name}: the bus contract`, () => {
    let bus: MessageBus
    let open: Subscription[] = []
    let database: Database

    const group = (purpose: string) => `${purpose}-${randomUUID()}`
    const subscribe = async (o: SubscribeOptions) => {
      const sub = await bus.subscribe(o)
      open.push(sub)
      return sub
    }
    const closeSub = async (sub: Subscription) => {
      open = open.filter((s) => s !== sub)
      await sub.close()
    }
    const deadLetterOf = async (topic: string, id: string) =>
      (await opts.deadLetters(bus, topic)).find((d) => idOf(d.event) === id)

    beforeAll(async () => {
      database = createDatabase(await freshDatabase('bus'), 'svc', { max: 4 })
      await migrate(database.sql, 'svc', RUNTIME_MIGRATIONS)
      await database.sql.unsafe(`create table svc.effects (event_id uuid primary key, applied int not null)`)
    })
    afterAll(async () => {
      await database?.end()
    })
    beforeEach(async () => {
      bus = await makeBus()
    })
    afterEach(async () => {
      await Promise.all(open.map((s) => s.close()))
      open = []
      await bus.close()
    })

    it('delivers the events of each key in the order they were published', async () => {
      const { topic, type } = testTopic()
      const got = recorder()
      await subscribe({ group: group('order'), topics: [topic], handler: got.handler, fromBeginning: true })

      const keys = Array.from({ length: 12 }, (_, i) => `stone-${i}`)
      const events = interleaved(type, keys, 8)
      for (const batch of chunks(events, 13)) await bus.publish(batch)

      await until(() => got.hasAll(events.map((e) => e.id)), 'every event')
      for (const key of keys) {
        const published = events.filter((e) => e.key === key).map((e) => e.id)
        expect(got.firstArrivals(key), key).toEqual(published)
      }
    })

    // A relay's claim of bulk events (500 stones, ~100 KB each) is more than a broker takes in one
    // request (1 MB a partition's batch): published in turn, each event whole, the key's order kept.
    it('delivers a publish of large events that add up past a broker’s request limit, whole and in order', async () => {
      const { topic, type } = testTopic()
      const got = recorder()
      await subscribe({ group: group('large'), topics: [topic], handler: got.handler, fromBeginning: true })
      const events = Array.from({ length: 24 }, (_, n) => testEvent(type, 'seller-1', { n, pad: 'x'.repeat(100_000) }))
      await bus.publish(events)
      await until(() => got.hasAll(events.map((e) => e.id)), 'every large event')
      expect(got.firstArrivals('seller-1')).toEqual(events.map((e) => e.id))
    })

    it('gives every consumer group every event', async () => {
      const { topic, type } = testTopic()
      const first = recorder()
      const second = recorder()
      await subscribe({ group: group('first'), topics: [topic], handler: first.handler, fromBeginning: true })
      await subscribe({ group: group('second'), topics: [topic], handler: second.handler, fromBeginning: true })

      const events = interleaved(type, ['a', 'b', 'c', 'd', 'e'], 6)
      await bus.publish(events.slice(0, 10))
      await bus.publish(events.slice(10))

      const ids = events.map((e) => e.id)
      await until(() => first.hasAll(ids), 'every event in the first group')
      await until(() => second.hasAll(ids), 'every event in the second group')
    })

    it('starts a new group that wants new events at the events published once subscribe resolved', async () => {
      const { topic, type } = testTopic()
      const before = testEvent(type, 'stone-1', { n: 0 })
      await bus.publish([before])

      const got = recorder()
      await subscribe({ group: group('new'), topics: [topic], handler: got.handler, fromBeginning: false })
      const after = interleaved(type, ['stone-1', 'stone-2', 'stone-3', 'stone-4'], 3)
      await bus.publish(after)

      await until(() => got.hasAll(after.map((e) => e.id)), 'every event published after subscribe')
      // stone-1's later events arrived, so an earlier one would have arrived before them.
      expect(got.has(before.id)).toBe(false)
    })

    it.each([false, true])(
      'delivers every event published while a consumer was down once it is back (fromBeginning %s)',
      async (fromBeginning) => {
        const { topic, type } = testTopic()
        const g = group('restart')
        const first = recorder()
        const sub = await subscribe({ group: g, topics: [topic], handler: first.handler, fromBeginning })

        // One key only: the other partitions have seen nothing yet when the consumer goes down.
        const early = interleaved(type, ['stone-early'], 5)
        await bus.publish(early)
        await until(() => first.hasAll(early.map((e) => e.id)), 'the events before the restart')
        await closeSub(sub)

        const whileDown = interleaved(
          type,
          Array.from({ length: 10 }, (_, i) => `stone-${i}`),
          4,
        )
        for (const batch of chunks(whileDown, 7)) await bus.publish(batch)

        const second = recorder()
        await subscribe({ group: g, topics: [topic], handler: second.handler, fromBeginning })
        const late = interleaved(type, ['stone-late', 'stone-early'], 2)
        await bus.publish(late)

        await until(() => second.hasAll([...whileDown, ...late].map((e) => e.id)), 'every event after the restart')
        expect(first.events.filter((e) => !early.some((x) => x.id === e.id))).toEqual([])
        for (const key of ['stone-0', 'stone-5', 'stone-9']) {
          expect(second.firstArrivals(key)).toEqual(whileDown.filter((e) => e.key === key).map((e) => e.id))
        }
      },
    )

    it('runs no handler of a subscription once its close() has resolved', async () => {
      const { topic, type } = testTopic()
      let running = 0
      let started = 0
      const sub = await subscribe({
        group: group('close'),
        topics: [topic],
        fromBeginning: true,
        handler: async () => {
          running++
          started++
          await new Promise((r) => setTimeout(r, randomInt(1, 40)))
          running--
        },
      })
      // Many keys, so every partition has work in flight when the subscription closes.
      await bus.publish(
        interleaved(
          type,
          Array.from({ length: 12 }, (_, i) => `stone-${i}`),
          10,
        ),
      )
      await until(() => started >= 3, 'deliveries under way')

      await closeSub(sub)
      expect(running).toBe(0)
    })

    it('applies an event delivered several times once with the idempotent consumer', async () => {
      const { topic, type } = testTopic()
      const name = `svc.${randomUUID()}`
      const deliveries = recorder()
      await subscribe({ group: group('raw'), topics: [topic], handler: deliveries.handler, fromBeginning: true })
      open.push(
        await subscribeIdempotent(bus, database, {
          name,
          topics: [topic],
          handle: async (event, tx) => {
            await tx.unsafe(
              `insert into svc.effects (event_id, applied) values ($1, 1)
               on conflict (event_id) do update set applied = svc.effects.applied + 1`,
              [event.id],
            )
          },
        }),
      )

      const twice = testEvent(type, 'stone-1', { n: 1 })
      const next = testEvent(type, 'stone-1', { n: 2 })
      await bus.publish([twice, twice])
      await bus.publish([twice])
      await bus.publish([twice, next])

      const applied = async (id: string) =>
        (
          await database.sql.unsafe<{ applied: number }[]>(`select applied from svc.effects where event_id = $1`, [id])
        )[0]?.applied
      // Same key, so every copy of `twice` was handled before `next` was.
      await until(async () => (await applied(next.id)) === 1, 'the event after the copies')
      await until(() => deliveries.count(twice.id) >= 4, 'all four copies on the bus')
      expect(await applied(twice.id)).toBe(1)
      const consumed = await database.sql.unsafe(`select 1 from svc.consumed_events where consumer = $1`, [name])
      expect(consumed).toHaveLength(2)
    })

    it('passes over, without a database write, the events an idempotent consumer does not act on', async () => {
      const { topic, type } = testTopic()
      const other = `${topic}.ignored`
      const name = `svc.${randomUUID()}`
      const handled = recorder()
      open.push(
        await subscribeIdempotent(bus, database, {
          name,
          topics: [topic],
          types: [type],
          wants: (event) => !dataOf(event).skip,
          handle: async (event, tx) => {
            await tx.unsafe(`insert into svc.effects (event_id, applied) values ($1, 1)`, [event.id])
            await handled.handler(event)
          },
        }),
      )

      const ignored = testEvent(other, 'stone-1', { n: 1 })
      const unwanted = testEvent(type, 'stone-1', { skip: true })
      const acted = testEvent(type, 'stone-1', { n: 2 })
      await bus.publish([ignored, unwanted, acted, acted])

      // Same key: the two passed-over events came before the one acted on.
      await until(() => handled.count(acted.id) >= 1, 'the event acted on')
      expect(handled.count(ignored.id)).toBe(0)
      expect(handled.count(unwanted.id)).toBe(0)
      const consumed = await database.sql.unsafe<{ event_id: string }[]>(
        `select event_id from svc.consumed_events where consumer = $1`,
        [name],
      )
      expect(consumed.map((r) => r.event_id)).toEqual([acted.id])
      const effects = await database.sql.unsafe(`select 1 from svc.effects where event_id = any($1::uuid[])`, [
        [ignored.id, unwanted.id, acted.id],
      ] as never)
      expect(effects).toHaveLength(1)
    })

    it('retries a failing handler, dead-letters the event after the last attempt and goes on', async () => {
      const { topic, type } = testTopic()
      const attempts = new Map<string, number>()
      const handled = recorder()
      await subscribe({
        group: group('retry'),
        topics: [topic],
        fromBeginning: true,
        handler: async (event) => {
          const n = (attempts.get(event.id) ?? 0) + 1
          attempts.set(event.id, n)
          if (dataOf(event).poison) throw new Error(`cannot handle ${event.id}`)
          if (dataOf(event).flaky && n < opts.attempts) throw new Error('not yet')
          await handled.handler(event)
        },
      })

      const first = testEvent(type, 'stone-1', { n: 1 })
      const poison = testEvent(type, 'stone-1', { poison: true })
      const flaky = testEvent(type, 'stone-1', { flaky: true })
      const last = testEvent(type, 'stone-1', { n: 2 })
      await bus.publish([first, poison, flaky, last])

      await until(() => handled.has(last.id), 'the events after the failing one')
      await until(async () => (await deadLetterOf(topic, poison.id)) !== undefined, 'the dead letter')
      expect(handled.events.map((e) => e.id)).toEqual([first.id, flaky.id, last.id])
      expect(attempts.get(poison.id)).toBe(opts.attempts)
      expect(attempts.get(flaky.id)).toBe(opts.attempts)
      expect((await deadLetterOf(topic, poison.id))?.reason).toBe(`cannot handle ${poison.id}`)
      expect(await deadLetterOf(topic, flaky.id)).toBeUndefined()
    })

    it('dead-letters malformed events without calling the handler and keeps consuming', async () => {
      const { topic, type } = testTopic()
      const got = recorder()
      await subscribe({ group: group('malformed'), topics: [topic], handler: got.handler, fromBeginning: true })

      const badId = { ...testEvent(type, 'stone-1'), id: 'not-a-uuid' }
      const extraField = { ...testEvent(type, 'stone-1'), extra: true }
      const { time: _time, ...noTime } = testEvent(type, 'stone-1')
      const good = testEvent(type, 'stone-1', { n: 1 })
      await bus.publish([badId, extraField, noTime, good] as AnyEvent[])

      await until(() => got.has(good.id), 'the valid event after the malformed ones')
      await until(async () => (await opts.deadLetters(bus, topic)).length >= 3, 'three dead letters')
      expect(got.events.map((e) => e.id)).toEqual([good.id])
      for (const bad of [badId, extraField, noTime]) {
        expect((await deadLetterOf(topic, bad.id))?.reason).toMatch(/^malformed: envelope/)
      }
    })

    it('hands a batch subscriber the waiting events together, in order per key, none lost or repeated', async () => {
      const { topic, type } = testTopic()
      const batches: AnyEvent[][] = []
      const got = recorder()
      await subscribe({
        group: group('batch'),
        topics: [topic],
        fromBeginning: true,
        maxBatch: 25,
        handler: got.handler,
        batchHandler: async (events) => {
          batches.push(events)
          for (const e of events) await got.handler(e)
        },
      })
      const keys = ['stone-1', 'stone-2', 'stone-3', 'stone-4']
      const events = interleaved(type, keys, 100)
      for (const part of chunks(events, 50)) await bus.publish(part)

      await until(() => got.hasAll(events.map((e) => e.id)), 'every event')
      for (const key of keys)
        expect(got.firstArrivals(key)).toEqual(events.filter((e) => e.key === key).map((e) => e.id))
      expect(batches.every((b) => b.length <= 25)).toBe(true)
      // Several events waited at once (published 50 at a time), so some batches carried more than one.
      expect(batches.some((b) => b.length > 1)).toBe(true)
      expect(new Set(got.events.map((e) => e.id)).size).toBe(events.length)
    })

    it('with lingerMs, a short run waits for what follows and goes as one batch (issue 27)', async () => {
      const { topic, type } = testTopic()
      const batches: AnyEvent[][] = []
      const got = recorder()
      await subscribe({
        group: group('linger'),
        topics: [topic],
        fromBeginning: true,
        maxBatch: 50,
        lingerMs: 1500,
        handler: got.handler,
        batchHandler: async (events) => {
          batches.push(events)
          for (const e of events) await got.handler(e)
        },
      })
      const first = testEvent(type, 'stone-1', { n: 1 })
      const second = testEvent(type, 'stone-1', { n: 2 })
      await bus.publish([first])
      // Well inside the linger: the second event joins the first one's run.
      await new Promise((r) => setTimeout(r, 100))
      await bus.publish([second])
      await until(() => got.hasAll([first.id, second.id]), 'both events')
      expect(batches.map((b) => b.map((e) => e.id))).toEqual([[first.id, second.id]])
    })

    it('delivers a failed batch one event at a time: the bad one dead-lettered alone, the rest handled', async () => {
      const { topic, type } = testTopic()
      const got = recorder()
      let batchCalls = 0
      await subscribe({
        group: group('batch-fail'),
        topics: [topic],
        fromBeginning: true,
        handler: async (event) => {
          if (dataOf(event).poison) throw new Error(`cannot handle ${event.id}`)
          await got.handler(event)
        },
        batchHandler: async (events) => {
          batchCalls++
          if (events.some((e) => dataOf(e).poison)) throw new Error('a poison event in the batch')
          for (const e of events) await got.handler(e)
        },
      })
      const before = Array.from({ length: 5 }, (_, n) => testEvent(type, 'stone-1', { n }))
      const poison = testEvent(type, 'stone-1', { poison: true })
      const after = Array.from({ length: 5 }, (_, n) => testEvent(type, 'stone-1', { n: n + 10 }))
      await bus.publish([...before, poison, ...after])

      await until(() => got.hasAll(after.map((e) => e.id)), 'the events after the poison one')
      await until(async () => (await deadLetterOf(topic, poison.id)) !== undefined, 'the dead letter')
      expect(got.firstArrivals('stone-1')).toEqual([...before, ...after].map((e) => e.id))
      expect(got.has(poison.id)).toBe(false)
      expect(batchCalls).toBeGreaterThan(0)
    })

    it('applies a batch of an idempotent consumer in one transaction: copies once, a failing event alone', async () => {
      const { topic, type } = testTopic()
      const name = `svc.${randomUUID()}`
      const batches: number[] = []
      const failed: string[] = []
      open.push(
        await subscribeIdempotent(
          bus,
          database,
          {
            name,
            topics: [topic],
            batch: 50,
            handle: async (event, tx) => {
              await tx.unsafe(
                `insert into svc.effects (event_id, applied) values ($1, 1)
               on conflict (event_id) do update set applied = svc.effects.applied + 1`,
                [event.id],
              )
              if (dataOf(event).poison) throw new Error('poison')
            },
            handleBatch: async (events, tx) => {
              batches.push(events.length)
              for (const e of events) {
                await tx.unsafe(
                  `insert into svc.effects (event_id, applied) values ($1, 1)
                 on conflict (event_id) do update set applied = svc.effects.applied + 1`,
                  [e.id],
                )
                if (dataOf(e).poison) throw new Error('poison')
              }
            },
          },
          { batchFailed: (group) => failed.push(group) },
        ),
      )
      const events = Array.from({ length: 30 }, (_, n) => testEvent(type, 'stone-1', { n }))
      const poison = testEvent(type, 'stone-1', { poison: true })
      const last = testEvent(type, 'stone-1', { n: 99 })
      // Copies right behind the first, in the same batch and in later ones.
      await bus.publish([...events, events[0]!, events[1]!, poison, last])
      await bus.publish([events[2]!, last])

      const applied = async (ids: string[]) =>
        database.sql.unsafe<{ event_id: string; applied: number }[]>(
          `select event_id, applied from svc.effects where event_id = any($1::uuid[])`,
          [ids] as never,
        )
      await until(async () => (await applied([last.id])).length === 1, 'the last event')
      await until(async () => (await deadLetterOf(topic, poison.id)) !== undefined, 'the dead letter')
      const rows = await applied([...events, last].map((e) => e.id))
      expect(rows).toHaveLength(31)
      expect(rows.every((r) => r.applied === 1)).toBe(true)
      // The poison event's own attempts rolled back: no effect, not recorded as consumed.
      expect(await applied([poison.id])).toHaveLength(0)
      const consumed = await database.sql.unsafe(`select 1 from svc.consumed_events where consumer = $1`, [name])
      expect(consumed).toHaveLength(31)
      expect(batches.some((n) => n > 1)).toBe(true)
      // The batch that met the poison event was reported to the host (its metric), by the group's name.
      expect(failed.length).toBeGreaterThan(0)
      expect(new Set(failed)).toEqual(new Set([name]))
    })

    it('dead-letters an event of a registered type whose data does not match its schema', async () => {
      const topic = 'stock.stone'
      const got = recorder()
      await subscribe({ group: group('data'), topics: [topic], handler: got.handler, fromBeginning: true })
      const invalid = testEvent(StockEventTypes.held, `stone-${randomUUID()}`, { stoneId: 'nope' })
      const valid = { ...testEvent(StockEventTypes.held, invalid.key), data: validStone(invalid.key) }
      await bus.publish([invalid, valid])

      await until(() => got.has(valid.id), 'the valid event')
      await until(async () => (await deadLetterOf(topic, invalid.id)) !== undefined, 'the dead letter')
      expect(got.has(invalid.id)).toBe(false)
      expect((await deadLetterOf(topic, invalid.id))?.reason).toMatch(/^malformed: data/)
    })
  })
}

const validStone = (key: string) => ({
  stoneId: randomUUID(),
  vStnId: key,
  wSts: 'A',
  sSts: 'A',
  availability: 'H',
  statusVersion: 1,
  holderId: randomUUID(),
  expiresAt: new Date().toISOString(),
})

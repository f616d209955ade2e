import { randomUUID } from 'node:crypto'
import {
  Admin,
  Consumer,
  MessagesStreamModes,
  Producer,
  stringDeserializers,
  stringSerializers,
  type MessagesStream,
} from '@platformatic/kafka'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { KafkaBus } from '../src/bus/kafka'
import { DLQ_SUFFIX } from '../src/bus/types'
import { busContract, type DeadLetterRecord } from './bus.contract'
import { recorder, testEvent, testTopic } from './events'
import { waitFor } from './wait'

// No skip switch: the global setup starts a real broker, and a broker that cannot be reached
// fails these tests (KafkaBus.start() rejects) instead of quietly passing them by.
const brokers = inject('kafkaBrokers').split(',')
const attempts = 3
const tools = { clientId: 'runtime-test-tools', bootstrapBrokers: brokers }

async function makeBus() {
  const bus = new KafkaBus({ brokers, clientId: `runtime-test-${randomUUID()}`, delivery: { attempts, backoffMs: 10 } })
  await bus.start()
  return bus
}

/** Dead letters are read as an operator would: a plain consumer on `<topic>.dlq` from its start. */
const readers = new Map<
  string,
  {
    records: DeadLetterRecord[]
    consumer: Consumer<string, string, string, string>
    stream?: MessagesStream<string, string, string, string>
  }
>()
async function deadLetters(_bus: unknown, topic: string): Promise<DeadLetterRecord[]> {
  const dlq = topic + DLQ_SUFFIX
  let reader = readers.get(dlq)
  if (!reader) {
    const records: DeadLetterRecord[] = []
    const consumer = new Consumer({
      ...tools,
      groupId: `dlq-reader-${randomUUID()}`,
      maxWaitTime: 100,
      deserializers: stringDeserializers,
    })
    reader = { records, consumer }
    readers.set(dlq, reader)
    const admin = new Admin(tools)
    await admin.createTopics({ topics: [dlq], partitions: 3, replicas: 1 }).catch(() => {}) // the bus may have created it
    await admin.close()
    reader.stream = await consumer.consume({ topics: [dlq], mode: MessagesStreamModes.EARLIEST })
    reader.stream.on('data', (message) => records.push(JSON.parse(message.value ?? 'null') as DeadLetterRecord))
  }
  return reader.records
}

// Fail the whole file fast when the broker does not answer, rather than each test after a minute
// of KafkaBus.start() retries.
beforeAll(async () => {
  const probe = new Admin({ ...tools, clientId: 'runtime-test-probe', retries: 2 })
  try {
    expect((await probe.metadata({ topics: [] })).brokers.size).toBeGreaterThan(0)
  } finally {
    await probe.close()
  }
})

afterAll(async () => {
  await Promise.all([...readers.values()].map((r) => r.consumer.close(true)))
})

busContract('KafkaBus', makeBus, { attempts, deadLetters })

describe('KafkaBus against a real broker', () => {
  it('reports itself healthy once started', async () => {
    const bus = await makeBus()
    try {
      expect(await bus.healthy()).toBe(true)
    } finally {
      await bus.close()
    }
  })

  it('dead-letters a message that is not JSON and keeps consuming', async () => {
    const { topic, type } = testTopic()
    const bus = await makeBus()
    const producer = new Producer({ ...tools, serializers: stringSerializers })
    try {
      const got = recorder()
      const sub = await bus.subscribe({
        group: `garbage-${randomUUID()}`,
        topics: [topic],
        handler: got.handler,
        fromBeginning: true,
      })
      await producer.send({ messages: [{ topic, key: 'stone-1', value: '{not json' }] })
      const good = testEvent(type, 'stone-1')
      await bus.publish([good])

      await waitFor(() => got.has(good.id), 30_000, 'the event after the garbage')
      await waitFor(
        async () => (await deadLetters(bus, topic)).some((d) => d.event === '{not json'),
        30_000,
        'the dead letter',
      )
      expect(got.events.map((e) => e.id)).toEqual([good.id])
      expect((await deadLetters(bus, topic)).find((d) => d.event === '{not json')?.reason).toMatch(
        /^malformed: envelope/,
      )
      await sub.close()
    } finally {
      await producer.close()
      await bus.close()
    }
  })
})

import { randomUUID } from 'node:crypto'
import { Kafka, logLevel, type Consumer } from 'kafkajs'
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
const raw = new Kafka({ clientId: 'runtime-test-tools', brokers, logLevel: logLevel.NOTHING })

async function makeBus() {
  const bus = new KafkaBus({ brokers, clientId: `runtime-test-${randomUUID()}`, delivery: { attempts, backoffMs: 10 } })
  await bus.start()
  return bus
}

/** Dead letters are read as an operator would: a plain consumer on `<topic>.dlq` from its start. */
const readers = new Map<string, { records: DeadLetterRecord[]; consumer: Consumer }>()
async function deadLetters(_bus: unknown, topic: string): Promise<DeadLetterRecord[]> {
  const dlq = topic + DLQ_SUFFIX
  let reader = readers.get(dlq)
  if (!reader) {
    const records: DeadLetterRecord[] = []
    const consumer = raw.consumer({ groupId: `dlq-reader-${randomUUID()}`, maxWaitTimeInMs: 100 })
    reader = { records, consumer }
    readers.set(dlq, reader)
    const admin = raw.admin()
    await admin.connect()
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic: dlq, numPartitions: 3, replicationFactor: 1 }] })
    await admin.disconnect()
    await consumer.connect()
    await consumer.subscribe({ topics: [dlq], fromBeginning: true })
    await consumer.run({
      eachMessage: async ({ message }) => {
        records.push(JSON.parse(message.value?.toString() ?? 'null') as DeadLetterRecord)
      },
    })
  }
  return reader.records
}

// Fail the whole file fast when the broker does not answer, rather than each test after a minute
// of KafkaBus.start() retries.
beforeAll(async () => {
  const probe = new Kafka({ clientId: 'runtime-test-probe', brokers, logLevel: logLevel.NOTHING, retry: { retries: 2 } }).admin()
  await probe.connect()
  try {
    expect((await probe.describeCluster()).brokers.length).toBeGreaterThan(0)
  } finally {
    await probe.disconnect()
  }
})

afterAll(async () => {
  await Promise.all([...readers.values()].map((r) => r.consumer.disconnect()))
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
    const producer = raw.producer()
    try {
      const got = recorder()
      const sub = await bus.subscribe({ group: `garbage-${randomUUID()}`, topics: [topic], handler: got.handler, fromBeginning: true })
      await producer.connect()
      await producer.send({ topic, messages: [{ key: 'stone-1', value: '{not json' }] })
      const good = testEvent(type, 'stone-1')
      await bus.publish([good])

      await waitFor(() => got.has(good.id), 30_000, 'the event after the garbage')
      await waitFor(async () => (await deadLetters(bus, topic)).some((d) => d.event === '{not json'), 30_000, 'the dead letter')
      expect(got.events.map((e) => e.id)).toEqual([good.id])
      expect((await deadLetters(bus, topic)).find((d) => d.event === '{not json')?.reason).toMatch(/^malformed: envelope/)
      await sub.close()
    } finally {
      await producer.disconnect()
      await bus.close()
    }
  })
})

import { Kafka, Partitioners, logLevel, type Admin, type Consumer, type Producer } from 'kafkajs'
import { topicOf, type AnyEvent } from '@diamond/contracts/events/envelope'
import { DEFAULT_DELIVERY, deliver, deliverBatch, sleep, type DeliveryPolicy } from './deliver'
import { DLQ_SUFFIX, type MessageBus, type SubscribeOptions, type Subscription } from './types'

export interface KafkaBusOptions {
  brokers: string[]
  clientId: string
  partitions?: number
  delivery?: DeliveryPolicy
  log?: (msg: string, err?: unknown) => void
}

/**
 * The distributed mode's bus: kafkajs with an idempotent producer acknowledged by all in-sync
 * replicas, keyed messages (Kafka keeps order per partition, so per key) and consumer groups that
 * commit a message's offset only after its handler has finished.
 */
export class KafkaBus implements MessageBus {
  readonly kind = 'kafka'
  private kafka: Kafka
  private producer: Producer
  private admin: Admin
  private known = new Set<string>()
  private consumers = new Set<Consumer>()
  private lastHealth = { at: 0, ok: false }

  constructor(private readonly opts: KafkaBusOptions) {
    this.kafka = new Kafka({
      clientId: opts.clientId,
      brokers: opts.brokers,
      logLevel: logLevel.NOTHING,
      retry: { initialRetryTime: 200, retries: 8 },
      connectionTimeout: 3000,
    })
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
    })
    this.admin = this.kafka.admin()
  }

  async start(): Promise<void> {
    await this.admin.connect()
    await this.producer.connect()
  }

  async healthy(): Promise<boolean> {
    if (Date.now() - this.lastHealth.at < 2000) return this.lastHealth.ok
    let ok = false
    try {
      ok = (await this.admin.describeCluster()).brokers.length > 0
    } catch {
      ok = false
    }
    this.lastHealth = { at: Date.now(), ok }
    return ok
  }

  /** Topics are created with the platform's partition count before first use. */
  private async ensureTopics(topics: string[]) {
    const missing = topics.filter((t) => !this.known.has(t))
    if (!missing.length) return
    // A broker that has just started can answer the leaders' wait with "unknown topic" for a topic it
    // created a moment ago (kafkajs retries only "leader not available"): ask again; creating a topic
    // that exists answers false, it does not fail.
    await whileLeadersMove(() =>
      this.admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({ topic, numPartitions: this.opts.partitions ?? 3, replicationFactor: 1 })),
      }),
    )
    // Another process may have created a topic a moment ago (createTopics then answers false and
    // waits for nothing): its partitions may not have leaders yet. Wait until every one has.
    await untilLeaders(this.admin, missing)
    missing.forEach((t) => this.known.add(t))
  }

  async publish(events: AnyEvent[]): Promise<void> {
    if (!events.length) return
    const byTopic = new Map<string, AnyEvent[]>()
    for (const e of events) {
      const t = topicOf(e.type)
      byTopic.set(t, [...(byTopic.get(t) ?? []), e])
    }
    await this.ensureTopics([...byTopic.keys()])
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({
        topic,
        messages: list.map((e) => ({ key: e.key, value: JSON.stringify(e), headers: { type: e.type } })),
      })),
    })
  }

  async subscribe(opts: SubscribeOptions): Promise<Subscription> {
    await this.ensureTopics(opts.topics)
    if (!opts.fromBeginning) await whileLeadersMove(() => this.pinNewPositions(opts.group, opts.topics))
    let closed = false
    let consumer: Consumer | null = null
    const open = async () => {
      const c = this.kafka.consumer({
        groupId: opts.group,
        sessionTimeout: 10_000,
        heartbeatInterval: 1000,
        rebalanceTimeout: 10_000,
        maxWaitTimeInMs: 100,
        retry: { initialRetryTime: 300, retries: 10 },
      })
      // A crash kafkajs will not restart by itself (a broker away for long): open a fresh consumer.
      c.on(c.events.CRASH, (e) => {
        if (e.payload.restart || closed) return
        this.opts.log?.(`consumer ${opts.group} crashed, reopening`, e.payload.error)
        this.consumers.delete(c)
        void sleep(1000).then(() => (closed ? undefined : open().catch((err) => this.opts.log?.('reopen failed', err))))
      })
      await c.connect()
      await c.subscribe({ topics: opts.topics, fromBeginning: opts.fromBeginning ?? false })
      const parse = (value: Buffer | null): unknown => {
        try {
          return JSON.parse(value?.toString() ?? 'null')
        } catch {
          return value?.toString()
        }
      }
      const policy = this.opts.delivery ?? DEFAULT_DELIVERY
      if (!opts.batchHandler) {
        await c.run({
          eachMessage: async ({ topic, message }) => {
            await deliver(parse(message.value), opts.handler, (event, reason) => this.deadLetter(topic, message.key?.toString() ?? 'unknown', event, reason), policy, this.opts.log)
          },
        })
      } else {
        const max = Math.max(1, opts.maxBatch ?? 100)
        // A fetched batch of one partition, in slices of maxBatch: each slice's offsets are resolved
        // (and committed) only once it is handled; a stale batch (a rebalance) stops at a slice edge.
        await c.run({
          eachBatchAutoResolve: false,
          eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
            for (let i = 0; i < batch.messages.length; i += max) {
              if (!isRunning() || isStale()) return
              const slice = batch.messages.slice(i, i + max)
              const raws = slice.map((m) => parse(m.value))
              const keys = new Map(raws.map((raw, j) => [raw, slice[j]!.key?.toString() ?? 'unknown']))
              await deliverBatch(
                raws,
                opts.handler,
                opts.batchHandler,
                (event, reason) => this.deadLetter(batch.topic, keys.get(event) ?? 'unknown', event, reason),
                policy,
                this.opts.log,
              )
              resolveOffset(slice[slice.length - 1]!.offset)
              await heartbeat()
            }
          },
        })
      }
      consumer = c
      this.consumers.add(c)
    }
    await open()
    return {
      close: async () => {
        closed = true
        if (consumer) {
          this.consumers.delete(consumer)
          await consumer.disconnect()
        }
      },
    }
  }

  /**
   * Commits a group's position at the current end of each partition where it has none, before its
   * consumer joins: what "starts at new events" means on the memory bus too. Kafka resolves "latest"
   * only at a consumer's first fetch after joining and keeps it only once the group commits there,
   * so without this a new group misses what is published between subscribe() and that fetch, and,
   * after a restart, everything published while it was down on partitions it had read nothing from.
   */
  private async pinNewPositions(groupId: string, topics: string[]) {
    const pins: { topic: string; partitions: { partition: number; offset: string }[] }[] = []
    for (const { topic, partitions } of await this.admin.fetchOffsets({ groupId, topics })) {
      const unset = partitions.filter((p) => Number(p.offset) < 0)
      if (!unset.length) continue
      const ends = new Map((await this.admin.fetchTopicOffsets(topic)).map((o) => [o.partition, o.high]))
      pins.push({ topic, partitions: unset.map((p) => ({ partition: p.partition, offset: ends.get(p.partition) ?? '-1' })) })
    }
    if (!pins.length) return
    // What admin.setOffsets does, without its 5 s fetch wait: join the empty group, seek (which
    // commits), leave. A group with running members is left alone: they pinned when they started.
    const c = this.kafka.consumer({ groupId, maxWaitTimeInMs: 100, sessionTimeout: 10_000, rebalanceTimeout: 10_000 })
    await c.connect()
    try {
      const { state } = await c.describeGroup()
      if (!['Empty', 'Dead'].includes(state)) return
      await c.subscribe({ topics: pins.map((p) => p.topic) })
      await new Promise<void>((resolve, reject) => {
        c.on(c.events.FETCH, () => resolve())
        c.on(c.events.CRASH, (e) => reject(e.payload.error))
        c.run({ eachBatchAutoResolve: false, eachBatch: async () => {} }).catch(reject)
        c.pause(pins.map((p) => ({ topic: p.topic })))
        for (const { topic, partitions } of pins) for (const p of partitions) c.seek({ topic, ...p })
      })
    } finally {
      await c.disconnect()
    }
  }

  private async deadLetter(topic: string, key: string, event: unknown, reason: string) {
    const dlq = topic + DLQ_SUFFIX
    await this.ensureTopics([dlq])
    await this.producer.send({
      topic: dlq,
      acks: -1,
      messages: [{ key, value: JSON.stringify({ event, reason, at: new Date().toISOString() }) }],
    })
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.consumers].map((c) => c.disconnect()))
    await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()])
  }
}

/** Errors a broker gives while partition leadership is still being settled: worth waiting out. */
const LEADERSHIP_ERRORS = new Set(['NOT_LEADER_FOR_PARTITION', 'LEADER_NOT_AVAILABLE', 'UNKNOWN_TOPIC_OR_PARTITION', 'NOT_COORDINATOR', 'COORDINATOR_NOT_AVAILABLE', 'COORDINATOR_LOAD_IN_PROGRESS'])
const isLeadershipError = (err: unknown) => LEADERSHIP_ERRORS.has((err as { type?: string })?.type ?? '')

/** Runs `fn`, again after a short wait while the broker is still electing leaders (about 10 s at most). */
async function whileLeadersMove<T>(fn: () => Promise<T>, attempts = 40): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn()
    } catch (err) {
      if (i >= attempts || !isLeadershipError(err)) throw err
      await sleep(250)
    }
  }
}

/** Waits until every partition of `topics` has a leader. */
async function untilLeaders(admin: Admin, topics: string[]): Promise<void> {
  await whileLeadersMove(async () => {
    const { topics: meta } = await admin.fetchTopicMetadata({ topics })
    const leaderless = meta.some((t) => t.partitions.length === 0 || t.partitions.some((p) => p.leader < 0))
    if (leaderless) throw Object.assign(new Error('partitions without a leader yet'), { type: 'LEADER_NOT_AVAILABLE' })
  })
}

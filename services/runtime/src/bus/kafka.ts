import {
  Admin,
  ProduceAcks,
  Producer,
  compatibilityPartitioner,
  findErrorBy,
  stringSerializers,
  type BaseOptions,
} from '@platformatic/kafka'
import { topicOf, type AnyEvent } from '@diamond/contracts/events/envelope'
import { DEFAULT_DELIVERY, sleep, type DeliveryPolicy } from './deliver'
import { KafkaSubscription } from './kafka-subscription'
import { DLQ_SUFFIX, type MessageBus, type SubscribeOptions, type Subscription } from './types'

export interface KafkaBusOptions {
  brokers: string[]
  clientId: string
  partitions?: number
  delivery?: DeliveryPolicy
  log?: (msg: string, err?: unknown) => void
}

/**
 * The distributed mode's bus: @platformatic/kafka with an idempotent producer acknowledged by all
 * in-sync replicas, keyed messages (Kafka keeps order per partition, so per key) and consumer groups
 * that commit a message's offset only after its handler has finished.
 */
export class KafkaBus implements MessageBus {
  readonly kind = 'kafka'
  private readonly base: BaseOptions
  private producer: Producer<string, string, string, string>
  private admin: Admin
  /** Health checks ask once, without retries: a broker that is away says so at once. */
  private probe: Admin
  private known = new Set<string>()
  private subscriptions = new Set<KafkaSubscription>()
  private lastHealth = { at: 0, ok: false }

  constructor(private readonly opts: KafkaBusOptions) {
    // A request is retried a few times, 250 ms apart: a broker that is away fails the call within
    // seconds, and the caller decides (the relay publishes again, a subscription rejoins with
    // back-off, close() does not hang). Retries nest inside the client, so long ones multiply.
    this.base = {
      clientId: opts.clientId,
      bootstrapBrokers: opts.brokers,
      connectTimeout: 3000,
      retries: 5,
      retryDelay: 250,
    }
    this.producer = new Producer({
      ...this.base,
      idempotent: true,
      acks: ProduceAcks.ALL,
      serializers: stringSerializers,
      // The Java client's key → partition mapping (kafkajs's too): a key stays on the partition that
      // already holds its events, so its order survives the move from kafkajs.
      partitioner: compatibilityPartitioner,
    })
    this.admin = new Admin(this.base)
    this.probe = new Admin({ ...this.base, retries: 0, connectTimeout: 1000, timeout: 2000 })
  }

  /** Connects, or rejects when no broker has answered for about 20 s (one still starting is waited for). */
  async start(): Promise<void> {
    for (const until = Date.now() + 20_000; ;) {
      try {
        await this.admin.metadata({ topics: [], forceUpdate: true })
        return
      } catch (err) {
        if (Date.now() > until) throw err
        await sleep(1000)
      }
    }
  }

  async healthy(): Promise<boolean> {
    if (Date.now() - this.lastHealth.at < 2000) return this.lastHealth.ok
    let ok: boolean
    try {
      ok = (await this.probe.metadata({ topics: [], forceUpdate: true })).brokers.size > 0
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
    // One request per topic: the broker answers "already exists" per topic, and another process may
    // have created any of them a moment ago, which is no failure.
    await Promise.all(
      missing.map((topic) =>
        this.admin
          .createTopics({ topics: [topic], partitions: this.opts.partitions ?? 3, replicas: 1 })
          .catch((err: unknown) => {
            if (!findErrorBy(err as Error, 'apiId', 'TOPIC_ALREADY_EXISTS')) throw err
          }),
      ),
    )
    // A topic just created (here or elsewhere) may not have a leader for every partition yet.
    await untilLeaders(this.admin, missing)
    missing.forEach((t) => this.known.add(t))
  }

  async publish(events: AnyEvent[]): Promise<void> {
    if (!events.length) return
    const topics = new Map(events.map((e) => [e, topicOf(e.type)]))
    await this.ensureTopics([...new Set(topics.values())])
    // One send of a relay's claim could outgrow what a broker takes in one request (message.max.bytes,
    // 1 MB by default, holds a partition's batch): bulk events of 500 stones are ~100 KB each. Sends
    // in turn, each under SEND_BYTES, keep every key's order.
    let messages: { topic: string; key: string; value: string; headers: { type: string } }[] = []
    let bytes = 0
    for (const e of events) {
      const value = JSON.stringify(e)
      if (messages.length && bytes + value.length > SEND_BYTES) {
        await this.producer.send({ messages })
        messages = []
        bytes = 0
      }
      messages.push({ topic: topics.get(e)!, key: e.key, value, headers: { type: e.type } })
      bytes += value.length
    }
    await this.producer.send({ messages })
  }

  async subscribe(opts: SubscribeOptions): Promise<Subscription> {
    await this.ensureTopics(opts.topics)
    if (!opts.fromBeginning) await whileLeadersMove(() => this.pinNewPositions(opts.group, opts.topics))
    const sub = new KafkaSubscription(this.base, opts, {
      policy: this.opts.delivery ?? DEFAULT_DELIVERY,
      deadLetter: (topic, key, event, reason) => this.deadLetter(topic, key, event, reason),
      log: this.opts.log,
    })
    await sub.open()
    this.subscriptions.add(sub)
    return {
      close: async () => {
        this.subscriptions.delete(sub)
        await sub.close()
      },
    }
  }

  /**
   * Commits a group's position at the current end of each partition where it has none, before its
   * consumer joins: what "starts at new events" means on the memory bus too. Kafka resolves "latest"
   * only when a consumer starts fetching and keeps it only once the group commits there, so without
   * this a new group misses what is published between subscribe() and that fetch, and, after a
   * restart, everything published while it was down on partitions it had read nothing from.
   */
  private async pinNewPositions(groupId: string, topics: string[]) {
    // Only an empty group takes offsets from outside; one with running members pinned when it started.
    const group = (await this.admin.describeGroups({ groups: [groupId] })).get(groupId)
    if (group && !['Empty', 'Dead'].includes(group.state)) return
    const meta = await this.admin.metadata({ topics, forceUpdate: true })
    const partitionsOf = (topic: string) =>
      Array.from({ length: meta.topics.get(topic)?.partitionsCount ?? 0 }, (_, i) => i)
    const [committed] = await this.admin.listConsumerGroupOffsets({
      groups: [{ groupId, topics: topics.map((name) => ({ name, partitionIndexes: partitionsOf(name) })) }],
    })
    const unset = topics
      .map((name) => ({
        name,
        partitions: partitionsOf(name).filter((p) => {
          const c = committed?.topics.find((t) => t.name === name)?.partitions.find((x) => x.partitionIndex === p)
          return !c || c.committedOffset < 0n
        }),
      }))
      .filter((t) => t.partitions.length)
    if (!unset.length) return
    const ends = await this.admin.listOffsets({
      topics: unset.map((t) => ({
        name: t.name,
        partitions: t.partitions.map((partitionIndex) => ({ partitionIndex, timestamp: -1n })),
      })),
    })
    try {
      await this.admin.alterConsumerGroupOffsets({
        groupId,
        topics: ends.map((t) => ({
          name: t.name,
          partitionOffsets: t.partitions.map((p) => ({ partition: p.partitionIndex, offset: p.offset })),
        })),
      })
    } catch (err) {
      // A member joined meanwhile (the broker refuses offsets from outside a non-empty group): it pinned.
      if (!findErrorBy(err as Error, 'needsRejoin', true)) throw err
    }
  }

  private async deadLetter(topic: string, key: string, event: unknown, reason: string) {
    const dlq = topic + DLQ_SUFFIX
    await this.ensureTopics([dlq])
    await this.producer.send({
      messages: [{ topic: dlq, key, value: JSON.stringify({ event, reason, at: new Date().toISOString() }) }],
    })
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.subscriptions].map((s) => s.close()))
    this.subscriptions.clear()
    await Promise.allSettled([this.producer.close(), this.admin.close(), this.probe.close()])
  }
}

/** Bytes of events (as JSON) sent at most in one produce request: well under the broker's 1 MB a batch. */
const SEND_BYTES = 512 * 1024

/** Errors a broker gives while partition leadership is still being settled: worth waiting out. */
const LEADERSHIP_ERRORS = [
  'NOT_LEADER_OR_FOLLOWER',
  'LEADER_NOT_AVAILABLE',
  'UNKNOWN_TOPIC_OR_PARTITION',
  'NOT_COORDINATOR',
  'COORDINATOR_NOT_AVAILABLE',
  'COORDINATOR_LOAD_IN_PROGRESS',
]
const isLeadershipError = (err: unknown) =>
  err instanceof Error &&
  (LEADERSHIP_ERRORS.some((id) => findErrorBy(err, 'apiId', id)) ||
    (err as { leaderless?: boolean }).leaderless === true)

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
    const meta = await admin.metadata({ topics, forceUpdate: true })
    const leaderless = topics.some((t) => {
      const topic = meta.topics.get(t)
      return !topic || topic.partitionsCount === 0 || topic.partitions.some((p) => p.leader < 0)
    })
    if (leaderless) throw Object.assign(new Error('partitions without a leader yet'), { leaderless: true })
  })
}

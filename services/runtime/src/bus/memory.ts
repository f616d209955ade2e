import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { topicOf } from '@diamond/contracts/events/envelope'
import { DEFAULT_DELIVERY, deliverBatch, partitionOf, sleep, type DeliveryPolicy } from './deliver'
import { DLQ_SUFFIX, type EventHandler, type MessageBus, type SubscribeOptions, type Subscription } from './types'

interface Partition {
  base: number // offset of log[0]
  log: unknown[]
}
interface Member {
  handler: EventHandler
  batchHandler?: (events: AnyEvent[]) => Promise<void>
  maxBatch: number
  lingerMs: number
  /** One delivery per partition loop may run at once: close() waits for all of them. */
  inflight: Set<Promise<void>>
}
interface Group {
  offsets: Map<string, number> // "topic/partition" -> next offset to deliver
  members: Member[]
  loops: Set<string>
}

/** Wakes every waiter once; a new promise is handed out after each wake. */
class Signal {
  private resolve!: () => void
  private promise = this.next()
  private next() {
    return new Promise<void>((r) => (this.resolve = r))
  }
  wait() {
    return this.promise
  }
  wake() {
    this.resolve()
    this.promise = this.next()
  }
}

/**
 * The embedded mode's event engine: a partitioned, retained log per topic with committed positions
 * per consumer group, the same model as Kafka, inside one process. It keeps the bus contract (order
 * per key, at-least-once per group, redelivery after a consumer restart, retries then dead letters).
 * What it cannot give is durability across a process crash: the outbox rows are the durable record.
 */
export class MemoryBus implements MessageBus {
  readonly kind = 'memory'
  private topics = new Map<string, Partition[]>()
  private groups = new Map<string, Group>()
  private signal = new Signal()
  private closed = false

  constructor(
    private readonly opts: {
      partitions?: number
      retention?: number
      delivery?: DeliveryPolicy
      log?: (m: string, e?: unknown) => void
    } = {},
  ) {}

  async start(): Promise<void> {}

  healthy(): Promise<boolean> {
    return Promise.resolve(!this.closed)
  }

  publish(events: AnyEvent[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('bus closed'))
    for (const e of events) this.append(topicOf(e.type), e.key, e)
    this.signal.wake()
    return Promise.resolve()
  }

  private append(topic: string, key: string, value: unknown) {
    const parts = this.partitions(topic)
    const part = parts[partitionOf(key, parts.length)]!
    part.log.push(value)
    const over = part.log.length - (this.opts.retention ?? 200_000)
    if (over > 0) {
      part.log.splice(0, over)
      part.base += over
    }
  }

  private partitions(topic: string): Partition[] {
    let parts = this.topics.get(topic)
    if (!parts) {
      parts = Array.from({ length: this.opts.partitions ?? 3 }, () => ({ base: 0, log: [] }))
      this.topics.set(topic, parts)
    }
    return parts
  }

  subscribe(opts: SubscribeOptions): Promise<Subscription> {
    let group = this.groups.get(opts.group)
    if (!group) {
      group = { offsets: new Map(), members: [], loops: new Set() }
      this.groups.set(opts.group, group)
    }
    const member: Member = {
      handler: opts.handler,
      batchHandler: opts.batchHandler,
      maxBatch: opts.batchHandler ? Math.max(1, opts.maxBatch ?? 100) : 1,
      lingerMs: opts.batchHandler ? (opts.lingerMs ?? 0) : 0,
      inflight: new Set(),
    }
    group.members.push(member)
    for (const topic of opts.topics) {
      this.partitions(topic).forEach((part, p) => {
        const k = `${topic}/${p}`
        if (!group.offsets.has(k)) group.offsets.set(k, opts.fromBeginning ? part.base : part.base + part.log.length)
        if (!group.loops.has(k)) {
          group.loops.add(k)
          void this.run(group, topic, p)
        }
      })
    }
    this.signal.wake()
    return Promise.resolve({
      close: async () => {
        group.members = group.members.filter((m) => m !== member)
        await Promise.all(member.inflight)
        this.signal.wake()
      },
    })
  }

  /**
   * One loop per group and partition: events of a partition are handled one after another (or, for a
   * member with a batch handler, the ones waiting, up to its maxBatch, together and in order).
   */
  private async run(group: Group, topic: string, p: number) {
    const k = `${topic}/${p}`
    const part = this.partitions(topic)[p]!
    while (!this.closed) {
      const wake = this.signal.wait()
      const offset = Math.max(group.offsets.get(k)!, part.base)
      const member = group.members.length ? group.members[p % group.members.length]! : undefined
      if (!member || offset >= part.base + part.log.length) {
        await wake
        continue
      }
      if (member.lingerMs > 0 && part.base + part.log.length - offset < member.maxBatch) {
        // A short run waits once for more (SubscribeOptions.lingerMs); the member may have left meanwhile.
        await sleep(member.lingerMs)
        if (this.closed) return
        if (!group.members.includes(member)) continue
      }
      const from = offset - part.base
      const events = part.log.slice(from, from + member.maxBatch)
      const work = deliverBatch(
        events,
        member.handler,
        member.batchHandler,
        (e, reason) => this.deadLetter(topic, e, reason),
        this.opts.delivery ?? DEFAULT_DELIVERY,
        this.opts.log,
      )
      member.inflight.add(work)
      try {
        await work
      } finally {
        member.inflight.delete(work)
      }
      group.offsets.set(k, offset + events.length)
    }
  }

  private deadLetter(topic: string, event: unknown, reason: string): Promise<void> {
    const key = (event as { key?: string })?.key ?? 'unknown'
    this.append(topic + DLQ_SUFFIX, key, { event, reason, at: new Date().toISOString() })
    this.signal.wake()
    return Promise.resolve()
  }

  /** Dead letters of a topic, for operators and tests. */
  deadLetters(topic: string): unknown[] {
    return (this.topics.get(topic + DLQ_SUFFIX) ?? []).flatMap((p) => p.log)
  }

  async close(): Promise<void> {
    this.closed = true
    this.signal.wake()
    await Promise.all([...this.groups.values()].flatMap((g) => g.members.flatMap((m) => [...m.inflight])))
  }
}

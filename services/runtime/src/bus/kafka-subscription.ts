import {
  Consumer,
  MessagesStreamFallbackModes,
  MessagesStreamModes,
  stringDeserializers,
  type BaseOptions,
  type Message,
  type MessagesStream,
} from '@platformatic/kafka'
import { deliver, deliverBatch, sleep, type DeliveryPolicy } from './deliver'
import type { SubscribeOptions } from './types'

type Msg = Message<string, string, string, string>
type Stream = MessagesStream<string, string, string, string>

export interface SubscriptionDeps {
  policy: DeliveryPolicy
  deadLetter: (topic: string, key: string, event: unknown, reason: string) => Promise<void>
  log?: (msg: string, err?: unknown) => void
}

/** Most messages taken from the stream's buffer at once (its default high-water mark). */
const READ_AT_ONCE = 1024

/**
 * One consumer group member and its message stream. Messages are read from the stream's buffer as
 * they arrive, so what waited there together is handled together: in batch mode each partition's
 * run of waiting messages goes to the batch handler in slices of `maxBatch`. A message's offset is
 * committed once it is handled (the client coalesces the commits and flushes the last on close). A
 * stream that fails (a broker away for longer than the client's retries, a group the broker made it
 * leave) is replaced by a fresh member until the subscription closes.
 */
export class KafkaSubscription {
  private closed = false
  private consumer: Consumer<string, string, string, string> | null = null
  private stream: Stream | null = null
  private running: Promise<void> = Promise.resolve()
  private wake: () => void = () => {}
  /** The member being opened (its join can take a while with the broker away); close() ends it. */
  private opening: Consumer<string, string, string, string> | null = null
  private readonly stopped: Promise<void>
  private stop: () => void = () => {}
  /** Per partition, the next offset this subscription has not handled: a redelivery after a
   *  rebalance (the stream goes back to the committed offset) is not handled twice. */
  private next = new Map<string, bigint>()

  constructor(
    private readonly base: BaseOptions,
    private readonly opts: SubscribeOptions,
    private readonly deps: SubscriptionDeps,
  ) {
    this.stopped = new Promise((resolve) => (this.stop = resolve))
  }

  /** Joins the group and starts consuming; rejects if that fails (the bus is unreachable). */
  async open(): Promise<void> {
    const consumer = new Consumer({
      ...this.base,
      groupId: this.opts.group,
      sessionTimeout: 10_000,
      heartbeatInterval: 1000,
      rebalanceTimeout: 10_000,
      maxWaitTime: 100,
      autocommit: false,
      deserializers: stringDeserializers,
    })
    let stream: Stream | null = null
    // A failed rejoin after a lost heartbeat leaves a member out of its group: end its stream, and
    // run() replaces the member.
    consumer.on('error', (err: unknown) => {
      this.deps.log?.(`consumer ${this.opts.group} lost its group`, err)
      stream?.destroy(err as Error)
    })
    this.consumer = this.opening = consumer
    try {
      this.stream = stream = await consumer.consume({
        topics: this.opts.topics,
        autocommit: false,
        mode: MessagesStreamModes.COMMITTED,
        fallbackMode: this.opts.fromBeginning
          ? MessagesStreamFallbackModes.EARLIEST
          : MessagesStreamFallbackModes.LATEST,
        maxWaitTime: 100,
      })
    } catch (err) {
      await consumer.close(true).catch(() => {})
      throw err
    } finally {
      this.opening = null
    }
    this.running = this.run(this.stream)
  }

  /** Waits for the handler under way (its offset is then committed), never for a broker that is away. */
  async close(): Promise<void> {
    this.closed = true
    this.wake()
    this.stop()
    // Closing a client ends its retries at once: a join that waits for the broker gives up.
    await this.opening?.close(true).catch(() => {})
    await this.running
    await this.shutdown()
  }

  /** Closes the stream (which flushes the pending commit) and leaves the group. */
  private async shutdown() {
    const { stream, consumer } = this
    this.stream = null
    this.consumer = null
    await stream?.close().catch((err: unknown) => this.deps.log?.(`closing the stream of ${this.opts.group}`, err))
    await consumer?.close(true).catch((err: unknown) => this.deps.log?.(`leaving group ${this.opts.group}`, err))
  }

  private async run(stream: Stream) {
    const failure = await this.pump(stream)
    if (this.closed) return
    this.deps.log?.(`consumer ${this.opts.group} stopped, reopening`, failure)
    await this.shutdown()
    for (let attempt = 0; !this.closed; attempt++) {
      await Promise.race([sleep(Math.min(1000 * 2 ** attempt, 5000)), this.stopped])
      if (this.closed) return
      try {
        await this.open() // starts a new run()
        return
      } catch (err) {
        if (attempt === 0) this.deps.log?.(`consumer ${this.opts.group} cannot rejoin yet; retrying`, err)
      }
    }
  }

  /** Handles what the stream delivers until the subscription closes or the stream fails. */
  private async pump(stream: Stream): Promise<unknown> {
    let failure: unknown = null
    const ended = () => failure !== null || stream.destroyed || stream.readableEnded
    const wakeUp = () => this.wake()
    const onError = (err: unknown) => {
      failure = err ?? new Error('stream failed')
      wakeUp()
    }
    // A 'readable' listener keeps the stream fetching (paused mode) while we read its buffer.
    stream.on('readable', wakeUp).on('error', onError).on('end', wakeUp).on('close', wakeUp)
    try {
      while (!this.closed) {
        const messages: Msg[] = []
        for (let m: Msg | null; messages.length < READ_AT_ONCE && (m = stream.read() as Msg | null) !== null;)
          messages.push(m)
        if (messages.length && this.opts.batchHandler && this.opts.lingerMs && messages.length < READ_AT_ONCE) {
          // A short run waits once for more (SubscribeOptions.lingerMs), then takes what came meanwhile.
          await Promise.race([sleep(this.opts.lingerMs), this.stopped])
          for (let m: Msg | null; messages.length < READ_AT_ONCE && (m = stream.read() as Msg | null) !== null;)
            messages.push(m)
        }
        if (messages.length) {
          try {
            await this.handle(messages)
          } catch (err) {
            // A dead letter that could not be written (the broker away): nothing after it is
            // committed, and the fresh member that replaces this one starts from the last commit.
            return err
          }
          continue
        }
        if (ended()) return failure ?? new Error('stream ended')
        await new Promise<void>((resolve) => (this.wake = resolve))
      }
      return null
    } finally {
      stream.off('readable', wakeUp).off('error', onError).off('end', wakeUp).off('close', wakeUp)
    }
  }

  /** Hands each partition's messages, in order, to the handler (or the batch handler), then commits. */
  private async handle(messages: Msg[]) {
    const byPartition = new Map<string, Msg[]>()
    for (const m of messages) {
      const p = `${m.topic}:${m.partition}`
      if (m.offset < (this.next.get(p) ?? -1n)) continue // handled before a rebalance sent it again
      const list = byPartition.get(p)
      if (list) list.push(m)
      else byPartition.set(p, [m])
    }
    const { policy, log } = this.deps
    const deadLetter = (m: Msg) => (event: unknown, reason: string) =>
      this.deps.deadLetter(m.topic, m.key ?? 'unknown', event, reason)
    const size = this.opts.batchHandler ? Math.max(1, this.opts.maxBatch ?? 100) : 1
    for (const [p, list] of byPartition) {
      for (let i = 0; i < list.length; i += size) {
        if (this.closed) return
        const slice = list.slice(i, i + size)
        if (slice.length === 1)
          await deliver(parse(slice[0]!.value), this.opts.handler, deadLetter(slice[0]!), policy, log)
        else {
          const raws = slice.map((m) => parse(m.value))
          const of = new Map(raws.map((raw, j) => [raw, slice[j]!]))
          await deliverBatch(
            raws,
            this.opts.handler,
            this.opts.batchHandler,
            (event, reason) => deadLetter(of.get(event) ?? slice[0]!)(event, reason),
            policy,
            log,
          )
        }
        const last = slice[slice.length - 1]!
        this.next.set(p, last.offset + 1n)
        this.commit(last)
      }
    }
  }

  /** Commits up to `m` without waiting: the client sends one commit at a time, always the latest. */
  private commit(m: Msg) {
    Promise.resolve(m.commit()).catch((err: unknown) => {
      // Not committed: the group redelivers from the last commit (at least once), nothing is lost.
      if (!this.closed) this.deps.log?.(`commit of ${m.topic}:${m.partition}@${m.offset} failed`, err)
    })
  }
}

function parse(value: string | undefined): unknown {
  try {
    return JSON.parse(value ?? 'null')
  } catch {
    return value
  }
}

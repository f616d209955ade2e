import type { AnyEvent } from '@diamond/contracts/events/envelope'
import type { DomainEvent, EventType } from '@diamond/contracts/events/index'
import type { Database, Tx } from './db'
import type { MessageBus, Subscription } from './bus/types'
import { sleep } from './bus/deliver'
import { EventHandlers, type TypedHandler } from './bus/handlers'
import { isUnavailable } from './errors'

/** What a consumer's handler is given beside its event. */
export interface ConsumerContext {
  /** The consumer's transaction: the effect and the record of the consumed event commit together. */
  tx: Tx
  /**
   * Work that must wait for the commit (telling an in-memory writer what changed): runs once the
   * transaction committed, never if it rolled back (the event is then tried again).
   */
  afterCommit(work: () => void): void
}

/** The low-level definition subscribeIdempotent runs; services declare theirs with `consumer(name).on(...)`. */
export interface IdempotentConsumer {
  /** Unique per service: `<service>.<purpose>`; it is also the bus consumer group. */
  name: string
  topics: string[]
  fromBeginning?: boolean
  /**
   * The event types this consumer acts on. Any other event of its topics is acknowledged without
   * touching the database (no transaction, no consumed-event row): it would change nothing anyway.
   * Omitted: every event of the topics is handled.
   */
  types?: readonly string[]
  /**
   * A finer filter on the event itself (after `types`): false means the consumer would do nothing
   * with it, so it is acknowledged without a database write. Must be a pure function of the event,
   * so that a redelivery is decided the same way.
   */
  wants?: (event: AnyEvent) => boolean
  /** Applies one event in `tx` (also `ctx.tx`, beside the work to run after the commit). */
  handle: (event: AnyEvent, tx: Tx, ctx: ConsumerContext) => Promise<void>
  /**
   * Opt-in: up to this many waiting events of a partition are applied in ONE transaction (one commit
   * instead of one per event) — for consumers whose effect is only database writes in `tx`. If any of
   * them fails, the transaction rolls back and each event is applied alone, as without it. With
   * `weight`, the bus hands over at most `WEIGHED_EVENTS` at once, in transactions of about `batch`
   * by weight: if a later one fails, the earlier ones stay committed, and applying the events alone
   * then passes over those already recorded as consumed.
   */
  batch?: number
  /** With `batch`: applies the fresh events of a batch, in order (default: `handle` for each). */
  handleBatch?: (events: AnyEvent[], tx: Tx, ctx: ConsumerContext) => Promise<void>
  /** With `batch`: a short run waits this long (ms) once for more (see SubscribeOptions.lingerMs). */
  linger?: number
  /**
   * With `batch`: what one event counts for against `batch` (default 1): a bulk event of 500 stones
   * counts 500, so a transaction takes about `batch` stones, not `batch` events of 500. The events
   * the bus hands over together go in as many transactions, in order, as their weights need.
   */
  weight?: (event: AnyEvent) => number
}

/**
 * A service's idempotent consumer, declared by the event types it acts on, each with a handler that
 * gets its event's data already typed; the topics follow from the types:
 *
 *   consumer('stock.bid-results')
 *     .on(BiddingEventTypes.opened, ({ data }, { tx }) => stones.enterLot(tx, data))
 *     .on(BiddingEventTypes.closed, ({ data }, { tx }) => stones.settleLot(tx, data))
 *
 * Events of other types on those topics are acknowledged without a transaction. `wants` and `batch`
 * refer to the types registered before them.
 */
export class Consumer<K extends EventType = never> {
  private readonly handlers = new EventHandlers<never, ConsumerContext>()
  private filter: ((event: AnyEvent) => boolean) | undefined
  private size = 0
  private lingerMs = 0
  private weight: ((event: AnyEvent) => number) | undefined
  private batchHandler: ((events: AnyEvent[], ctx: ConsumerContext) => void | Promise<void>) | undefined
  private startsAtNew = false

  constructor(readonly name: string) {}

  /**
   * A consumer added to a running system for news only: at its first start it takes the events that
   * come from then on, not those its topics still keep (which would be told again as new).
   */
  fromNewEvents(): this {
    this.startsAtNew = true
    return this
  }

  on<T extends EventType>(types: T | readonly T[], handler: TypedHandler<T, ConsumerContext>): Consumer<K | T> {
    this.handlers.on(types, handler)
    return this as Consumer<K | T>
  }

  /** See IdempotentConsumer.wants: a pure function of the event, false for one it would do nothing with. */
  wants(filter: (event: DomainEvent<K>) => boolean): this {
    this.filter = (event) => filter(this.typed(event))
    return this
  }

  /**
   * See IdempotentConsumer.batch: up to `size` waiting events (or `weight`s) in one transaction,
   * applied by `handler` all at once, or else each by its type's handler, in order.
   */
  batch(
    size: number,
    handler?: (events: DomainEvent<K>[], ctx: ConsumerContext) => void | Promise<void>,
    opts: { lingerMs?: number; weight?: (event: DomainEvent<K>) => number } = {},
  ): this {
    this.size = size
    this.lingerMs = opts.lingerMs ?? 0
    const weight = opts.weight
    this.weight = weight && ((event) => weight(this.typed(event)))
    this.batchHandler =
      handler &&
      ((events, ctx) =>
        handler(
          events.map((e) => this.typed(e)),
          ctx,
        ))
    return this
  }

  /** What subscribeIdempotent runs. */
  definition(): IdempotentConsumer {
    const { handlers, batchHandler } = this
    if (!handlers.types.length) throw new Error(`consumer ${this.name} handles no event type`)
    return {
      name: this.name,
      topics: handlers.topics,
      types: handlers.types,
      ...(this.filter ? { wants: this.filter } : {}),
      handle: (event, _tx, ctx) => handlers.handle(event, ctx),
      ...(this.startsAtNew ? { fromBeginning: false } : {}),
      ...(this.size ? { batch: this.size } : {}),
      ...(this.size && this.lingerMs ? { linger: this.lingerMs } : {}),
      ...(this.size && this.weight ? { weight: this.weight } : {}),
      ...(batchHandler
        ? { handleBatch: async (events: AnyEvent[], _tx: Tx, ctx: ConsumerContext) => await batchHandler(events, ctx) }
        : {}),
    }
  }

  /**
   * Events reach a filter or a batch handler only when their type is one of this consumer's (see
   * `types` in subscribeIdempotent), and the bus validated their data against that type's schema.
   */
  private typed(event: AnyEvent): DomainEvent<K> {
    return event as DomainEvent<K>
  }
}

/**
 * Events the bus hands a weighed consumer at once: a bulk event of 500 stones weighs 500, and 500 of
 * them (the bus's batch otherwise) were 250,000 stones, some 50 MB of JSON, parsed in one go and
 * committed as one position after as many transactions.
 */
const WEIGHED_EVENTS = 40

/** A new idempotent consumer, named `<service>.<purpose>` (also its consumer group). */
export const consumer = (name: string): Consumer => new Consumer(name)

/** What a host wants to know of the events a consumer applied: its log and the lag metric. */
export interface ConsumerObserver {
  log?: { info(o: object, m: string): void; debug(o: object, m: string): void; warn?(o: object, m: string): void }
  /** Seconds between the event's time and its handling. */
  lag?: (group: string, seconds: number) => void
  /** A batch failed as a whole (its events are then applied one at a time, by the bus). */
  batchFailed?: (group: string) => void
}

/**
 * One line per applied event, with the request id the event carries: a request can be followed from
 * the gateway's log to every consumer it set going. Events no request caused (timers, replays) are
 * logged at debug level only.
 */
function applied(c: IdempotentConsumer, o: ConsumerObserver | undefined, events: AnyEvent[]) {
  if (!o) return
  const now = Date.now()
  for (const e of events) {
    o.lag?.(c.name, Math.max(0, now - Date.parse(e.time)) / 1000)
    const line = { consumer: c.name, eventId: e.id, type: e.type, key: e.key, requestId: e.requestId }
    if (e.requestId) o.log?.info(line, 'event handled')
    else o.log?.debug(line, 'event handled')
  }
}

/**
 * Applies each event at most once per consumer, although the bus delivers at least once: the event
 * id is recorded in the same transaction as the effect, so a redelivered event changes nothing.
 * Events the consumer does not act on (`types`, `wants`) are passed over without a transaction.
 */
export function subscribeIdempotent(
  bus: MessageBus,
  database: Database,
  c: IdempotentConsumer,
  observer?: ConsumerObserver,
): Promise<Subscription> {
  const s = `"${database.schema}"`
  const types = c.types ? new Set(c.types) : null
  const acts = (event: AnyEvent) => (!types || types.has(event.type)) && (!c.wants || c.wants(event))
  const batch = c.batch && c.batch > 1 ? c.batch : 0
  // One transaction per attempt; the work a handler put off until the commit runs once it committed,
  // and the work of an attempt that failed is dropped with it.
  const transaction = async <T>(work: (ctx: ConsumerContext) => Promise<T>): Promise<T> => {
    let later: (() => void)[] = []
    const result = await whileUnavailable(() => {
      later = []
      return database.sql.begin((tx) => work({ tx, afterCommit: (fn) => void later.push(fn) })) as Promise<T>
    })
    for (const fn of later) {
      try {
        fn()
      } catch (err) {
        observer?.log?.warn?.({ err, consumer: c.name }, 'work after a consumer commit failed')
      }
    }
    return result
  }
  return bus.subscribe({
    group: c.name,
    topics: c.topics,
    fromBeginning: c.fromBeginning ?? true,
    ...(batch
      ? {
          maxBatch: c.weight ? Math.min(batch, WEIGHED_EVENTS) : batch,
          ...(c.linger ? { lingerMs: c.linger } : {}),
          batchHandler: async (events: AnyEvent[]) => {
            for (const todo of weighed(events.filter(acts), batch, c.weight)) await applyBatch(todo)
          },
        }
      : {}),
    handler: async (event) => {
      if (!acts(event)) return
      const done = await transaction(async (ctx) => {
        const { tx } = ctx
        const fresh = await tx.unsafe(
          `insert into ${s}.consumed_events (consumer, event_id) values ($1, $2) on conflict do nothing returning event_id`,
          [c.name, event.id],
          { prepare: true },
        )
        if (!fresh.length) return false
        await c.handle(event, tx, ctx)
        return true
      })
      if (done) applied(c, observer, [event])
    },
  })

  /** Events of one transaction: recorded as consumed, the fresh ones applied together. */
  async function applyBatch(todo: AnyEvent[]): Promise<void> {
    const done = await transaction(async (ctx) => {
      const { tx } = ctx
      const fresh = new Set(
        (
          await tx.unsafe<{ event_id: string }[]>(
            `insert into ${s}.consumed_events (consumer, event_id)
                     select $1, id from unnest($2::uuid[]) as t(id) on conflict do nothing returning event_id`,
            [c.name, todo.map((e) => e.id)] as never,
            { prepare: true },
          )
        ).map((r) => r.event_id),
      )
      // An id twice in one batch (a redelivery right behind the first) counts once.
      const list = todo.filter((e) => fresh.delete(e.id.toLowerCase()))
      if (!list.length) return []
      if (c.handleBatch) await c.handleBatch(list, tx, ctx)
      else for (const e of list) await c.handle(e, tx, ctx)
      return list
    }).catch((err: unknown) => {
      observer?.batchFailed?.(c.name)
      throw err
    })
    applied(c, observer, done)
  }
}

/** Events in runs of at most `size` by weight (each event at least its own run), in order. */
export function weighed(events: AnyEvent[], size: number, weight?: (event: AnyEvent) => number): AnyEvent[][] {
  if (!events.length) return []
  if (!weight) return [events]
  const runs: AnyEvent[][] = []
  let run: AnyEvent[] = []
  let total = 0
  for (const e of events) {
    const w = Math.max(1, weight(e))
    if (run.length && total + w > size) {
      runs.push(run)
      run = []
      total = 0
    }
    run.push(e)
    total += w
  }
  runs.push(run)
  return runs
}

/**
 * A transaction that failed because the database cannot be reached (down, restarting) says nothing
 * about the event: counted as a delivery attempt, it would send good events to the dead-letter
 * topic after a second of outage. It is tried again, with back-off up to 5 s, until the database
 * answers; the event's position is not committed meanwhile, so the bus redelivers it if the process
 * ends first (the shutdown deadline bounds the wait).
 */
async function whileUnavailable<T>(run: () => Promise<T>): Promise<T> {
  for (let wait = 100; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await run()
    } catch (err) {
      if (!isUnavailable(err)) throw err
      await sleep(wait)
    }
  }
}

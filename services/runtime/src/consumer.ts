import type { AnyEvent } from '@diamond/contracts/events/envelope'
import type { Database, Tx } from './db'
import type { MessageBus, Subscription } from './bus/types'
import { sleep } from './bus/deliver'
import { isUnavailable } from './errors'

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
  handle: (event: AnyEvent, tx: Tx) => Promise<void>
  /**
   * Opt-in: up to this many waiting events of a partition are applied in ONE transaction (one commit
   * instead of one per event) — for consumers whose effect is only database writes in `tx`. If any of
   * them fails, the transaction rolls back and each event is applied alone, as without it.
   */
  batch?: number
  /** With `batch`: applies the fresh events of a batch, in order (default: `handle` for each). */
  handleBatch?: (events: AnyEvent[], tx: Tx) => Promise<void>
}

/** What a host wants to know of the events a consumer applied: its log and the lag metric. */
export interface ConsumerObserver {
  log?: { info(o: object, m: string): void; debug(o: object, m: string): void }
  /** Seconds between the event's time and its handling. */
  lag?: (group: string, seconds: number) => void
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
export function subscribeIdempotent(bus: MessageBus, database: Database, c: IdempotentConsumer, observer?: ConsumerObserver): Promise<Subscription> {
  const s = `"${database.schema}"`
  const types = c.types ? new Set(c.types) : null
  const acts = (event: AnyEvent) => (!types || types.has(event.type)) && (!c.wants || c.wants(event))
  const batch = c.batch && c.batch > 1 ? c.batch : 0
  const transaction = <T>(work: (tx: Tx) => Promise<T>) => whileUnavailable(() => database.sql.begin(work) as Promise<T>)
  return bus.subscribe({
    group: c.name,
    topics: c.topics,
    fromBeginning: c.fromBeginning ?? true,
    ...(batch
      ? {
          maxBatch: batch,
          batchHandler: async (events: AnyEvent[]) => {
            const todo = events.filter(acts)
            if (!todo.length) return
            const done = await transaction(async (tx) => {
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
              if (c.handleBatch) await c.handleBatch(list, tx)
              else for (const e of list) await c.handle(e, tx)
              return list
            })
            applied(c, observer, done)
          },
        }
      : {}),
    handler: async (event) => {
      if (!acts(event)) return
      const done = await transaction(async (tx) => {
        const fresh = await tx.unsafe(
          `insert into ${s}.consumed_events (consumer, event_id) values ($1, $2) on conflict do nothing returning event_id`,
          [c.name, event.id],
          { prepare: true },
        )
        if (!fresh.length) return false
        await c.handle(event, tx)
        return true
      })
      if (done) applied(c, observer, [event])
    },
  })
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

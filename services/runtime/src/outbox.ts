import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { topicOf, type AnyEvent, type Event } from '@diamond/contracts/events/envelope'
import type { EventData, EventOf, EventType } from '@diamond/contracts/events/index'
import type { Sql, Tx } from './db'
import type { MessageBus } from './bus/types'
import { sleep } from './bus/deliver'
import { currentRequestId } from './request-id'

/**
 * A new event; made while a request is handled, it carries that request's id. Of a type from the
 * contracts' catalogue, its data is checked against that type's and it comes out as that domain event.
 */
export function newEvent<K extends EventType>(
  producer: string,
  type: K,
  key: string,
  data: EventData<K>,
  version?: number,
): EventOf<K>
export function newEvent<T>(producer: string, type: string, key: string, data: T, version?: number): Event<T>
export function newEvent<T>(producer: string, type: string, key: string, data: T, version = 1): Event<T> {
  const requestId = currentRequestId()
  return {
    id: randomUUID(),
    type,
    key,
    time: new Date().toISOString(),
    producer,
    version,
    ...(requestId ? { requestId } : {}),
    data,
  }
}

/** What the events of one bulk change share (`newEvent`'s envelope but the id): producer, time, request. */
export interface EventStamp {
  producer: string
  time: string
  requestId?: string
}

/** The envelope `newEvent` gives an event now, for events a statement builds in the database. */
export function eventStamp(producer: string): EventStamp {
  const requestId = currentRequestId()
  return { producer, time: new Date().toISOString(), ...(requestId ? { requestId } : {}) }
}

/**
 * Writes events in the caller's transaction, so the change and its announcement commit or roll back
 * together. NOTIFY is transactional too: relays wake only once the rows are visible.
 */
export async function enqueue(tx: Tx, schema: string, events: AnyEvent[]): Promise<void> {
  if (!events.length) return
  const rows = events.map(outboxRow)
  // One round trip: the rows and the (transactional) wake-up of the relays in one statement.
  // Prepared, like the relay's claim and the consumers' records: postgres.js sends an unnamed
  // statement with parameters in two round trips (describe, then execute), a prepared one is
  // described once per connection (a transaction around one event: 0.9 ms against 1.2-1.4 ms).
  await tx.unsafe(
    `with written as (
       insert into "${schema}".outbox (id, topic, key, type, event)
       select x.id, x.topic, x.key, x.type, x.event
         from rows from (jsonb_to_recordset($1::jsonb) as (id uuid, topic text, key text, type text, event jsonb))
           with ordinality as x(id, topic, key, type, event, n)
        order by x.n
       returning 1
     )
     select count(pg_notify($2, '')) from (select 1 from written limit 1) w`,
    [rows as never, channel(schema)],
    { prepare: true },
  )
}

/** Events per chunk written to a COPY (one string each). */
const COPY_CHUNK = 1000

/** A value in COPY's text format: JSON and our ids carry no tab or line end, only backslashes to double. */
const copyText = (s: string) =>
  /[\\\t\n\r]/.test(s) ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : s

/**
 * `enqueue` for many events at once (thousands: an upload's commit): the rows go in with one COPY,
 * which PostgreSQL loads several times faster than the same rows as one jsonb parameter, then the
 * relays are woken. Same transaction, same order (the outbox's sequence follows the COPY's rows).
 */
export async function enqueueMany(tx: Tx, schema: string, events: Iterable<AnyEvent>): Promise<void> {
  let any = false
  const chunks = function* () {
    let text = ''
    let n = 0
    for (const e of events) {
      any = true
      const r = outboxRow(e)
      text += `${r.id}\t${copyText(r.topic)}\t${copyText(r.key)}\t${copyText(r.type)}\t${copyText(JSON.stringify(r.event))}\n`
      if (++n === COPY_CHUNK) {
        yield text
        text = ''
        n = 0
      }
    }
    if (text) yield text
  }
  const target = await tx.unsafe(`copy "${schema}".outbox (id, topic, key, type, event) from stdin`).writable()
  await pipeline(Readable.from(chunks(), { objectMode: false }), target)
  if (any) await wakeRelays(tx, schema)
}

const channel = (schema: string) => `outbox_${schema}`

/**
 * Wakes the relays of a schema once the transaction commits (NOTIFY is transactional), for outbox
 * rows a statement wrote itself (a bulk change whose events PostgreSQL builds).
 */
export async function wakeRelays(tx: Tx, schema: string): Promise<void> {
  await tx.unsafe(`select pg_notify($1, '')`, [channel(schema)])
}

/** An event as an outbox row (the jsonb record enqueue inserts). */
export interface OutboxRow {
  id: string
  topic: string
  key: string
  type: string
  event: AnyEvent
}

export const outboxRow = (e: AnyEvent): OutboxRow => ({
  id: e.id,
  topic: topicOf(e.type),
  key: e.key,
  type: e.type,
  event: e,
})

export interface RelayOptions {
  batch?: number
  pollMs?: number
  /** Published rows between two vacuums of the outbox. */
  vacuumEvery?: number
  log?: { warn(o: object, m: string): void; error(o: object, m: string): void }
  /** Told after each batch the bus accepted: how long the publish took, and the events in it. */
  onPublished?: (seconds: number, events: AnyEvent[]) => void
}

/** Published rows between two vacuums of an outbox by its relay. */
const VACUUM_EVERY = 5000

/**
 * Bytes of events (as JSON text) one claim aims at: a claim of 500 bulk events of 500 stones each was
 * some 60 MB of JSON parsed in one go on the service's thread, and one Kafka publish of it. Rows of
 * ordinary events (a few hundred bytes) are still claimed by the batch.
 */
const CLAIM_BYTES = 4 << 20

/** The rows the next claim takes: the batch, fewer while the last claim's events (`published`, of `bytes`) ran large. */
export function nextClaimLimit(batch: number, published: number, bytes: number): number {
  if (published <= 0 || bytes <= 0) return batch
  return Math.max(1, Math.min(batch, Math.floor((CLAIM_BYTES * published) / bytes)))
}

/**
 * Publishes committed outbox rows. Several relays may run against one schema: each claims rows with
 * FOR UPDATE SKIP LOCKED, so a row is published by one relay only, and rows of a key whose earlier
 * rows another relay holds are left for later so order per key survives. It never relies on ids
 * being committed in order (a relay that reads "id > last seen" loses late commits).
 */
export class OutboxRelay {
  private running = false
  private again = false
  private stopped = true
  private timer: NodeJS.Timeout | null = null
  private unlisten: (() => Promise<void>) | null = null
  private relistening: Promise<void> | null = null
  private idle: Promise<void> = Promise.resolve()
  private failures = 0
  /** What the last claim took, and how many of those it left for later (a key held by another relay). */
  private claimed = 0
  private heldBack = 0
  /** Rows the last claim asked for, and the next one will (`nextClaimLimit`). */
  private lastLimit = 0
  private limit: number | null = null
  private sinceVacuum = 0
  private vacuuming: Promise<void> | null = null

  constructor(
    private readonly sql: Sql,
    private readonly schema: string,
    private readonly bus: MessageBus,
    private readonly opts: RelayOptions = {},
  ) {}

  async start(): Promise<void> {
    this.stopped = false
    await this.listen()
    const poll = () => {
      this.kick()
      if (!this.stopped) this.timer = setTimeout(poll, this.opts.pollMs ?? 1000)
    }
    poll()
  }

  private async listen(): Promise<void> {
    await this.unlisten?.().catch(() => {})
    const l = await this.sql.listen(channel(this.schema), () => this.kick())
    this.unlisten = () => l.unlisten()
  }

  /**
   * After an outage: LISTEN anew. postgres.js listens again by itself when its connection drops,
   * but once only, and that attempt is lost if it fails (the server answers "starting up" for a
   * while after a restart); the relay would then publish at its poll only. In the background, as
   * the listening connection may still be waiting out its reconnection back-off.
   */
  private relisten(): void {
    if (this.relistening) return
    this.relistening = this.listen()
      .catch((err: unknown) =>
        this.opts.log?.warn(
          { err, schema: this.schema },
          'outbox relay could not listen again; it publishes at its poll',
        ),
      )
      .finally(() => (this.relistening = null))
  }

  kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = true
    this.idle = this.loop().finally(() => (this.running = false))
  }

  private async loop(): Promise<void> {
    do {
      this.again = false
      try {
        // A claim short of what it asked for took everything committed when it looked: a row committed
        // since then has its NOTIFY on the way, which sets `again` (this loop is running).
        while (!this.stopped) {
          await this.claimOnce()
          if (this.claimed < this.lastLimit) break
        }
        // Rows left for a key another relay holds: look again soon rather than at the next poll.
        if (this.heldBack && !this.stopped) setTimeout(() => this.kick(), 20).unref()
        if (this.failures && !this.stopped) this.relisten()
        this.failures = 0
      } catch (err) {
        this.failures++
        this.opts.log?.warn({ err, schema: this.schema }, 'outbox relay could not publish; will retry')
        await sleep(Math.min(200 * 2 ** this.failures, 5000))
        this.again = true
      }
    } while (this.again && !this.stopped)
  }

  /**
   * Claims one batch, publishes it and marks it published; returns how many rows it published. One
   * statement claims the rows, finds which are ready and marks those published; the transaction
   * commits only once the bus took them (a failed publish rolls the marks back). Three round trips
   * (begin, the statement, commit) for a batch, whatever its size. The commit does not wait for its
   * WAL flush (synchronous_commit off for this transaction only, set by the statement itself): a mark
   * lost to a database crash only publishes its rows again, which every consumer takes once, and
   * the relays' commits no longer queue for the disk beside the bids' (issue 27).
   */
  async claimOnce(): Promise<number> {
    const s = `"${this.schema}"`
    return this.sql
      .begin(async (tx) => {
        // A key's claimed row is ready only if no unpublished row of that key before it is missing
        // from the claim: such a row is held by another relay (or committed late) and must go out
        // first. Looking only before a key's first claimed row is not enough: skip locked can hand
        // this relay seqs 1 and 3 of a key while another relay holds 2.
        // The plan must not depend on the table's statistics, which may say nearly nothing is
        // waiting (a fresh or just vacuumed table): with such statistics (seen in an experiment that
        // kept the table nearly empty) the planner chose nested loops that re-ran the gap search for
        // every claimed row and took seconds a claim, stalling the relay. Here each key's
        // first gap is one walk of the (key, seq) index, membership in the claim a hashed lookup, the
        // rows are marked by their seq, and the intermediate sets are computed once.
        const batch = this.opts.batch ?? 500
        const limit = this.limit ?? batch
        const [row] = await tx.unsafe<{ claimed: number; bytes: string; events: AnyEvent[] }[]>(
          `with claimed as materialized (
           select seq, key from ${s}.outbox where published_at is null order by seq limit $1 for update skip locked
         ), gaps as materialized (
           select k.key,
                  (select min(o.seq) from ${s}.outbox o
                    where o.key = k.key and o.published_at is null and o.seq < k.last_seq
                      and o.seq not in (select seq from claimed)) as gap
             from (select key, max(seq) as last_seq from claimed group by key) k
         ), held as materialized (
           select key, gap from gaps where gap is not null
         ), marked as (
           update ${s}.outbox o set published_at = now()
            where o.seq = any (array(select c.seq from claimed c where not exists (select 1 from held h where h.key = c.key and h.gap < c.seq)))
           returning o.seq, o.event
         )
         select (select count(*) from claimed)::int as claimed,
                coalesce((select jsonb_agg(m.event order by m.seq) from marked m), '[]'::jsonb) as events,
                (select coalesce(sum(octet_length(m.event::text)), 0) from marked m)::bigint as bytes,
                set_config('synchronous_commit', 'off', true) as async`,
          [limit],
          { prepare: true },
        )
        this.claimed = row!.claimed
        const ready = row!.events
        this.lastLimit = limit
        // A claim that found nothing says nothing of the sizes: the limit stays as it was.
        if (ready.length) this.limit = nextClaimLimit(batch, ready.length, Number(row!.bytes))
        this.heldBack = this.claimed - ready.length
        if (ready.length) {
          const started = performance.now()
          await this.bus.publish(ready)
          this.opts.onPublished?.((performance.now() - started) / 1000, ready)
        }
        return ready.length
      })
      .then((n) => {
        this.sinceVacuum += n
        if (this.sinceVacuum >= (this.opts.vacuumEvery ?? VACUUM_EVERY)) this.vacuum()
        return n
      })
  }

  /**
   * A claim's marks leave the rows' old versions in the index of waiting rows until a vacuum, at the
   * head of the very range the next claim reads. Autovacuum comes by about once a minute; at a
   * thousand events a second each claim then stepped over tens of thousands of them (9 ms a claim
   * at 600 bids/s, against 1 ms with these vacuums at 1,000 bids/s, measured). So the relay vacuums
   * its outbox in the background every so many published rows; a vacuum already running elsewhere
   * is skipped, emptied pages are kept (no truncation lock on the writers), and a failure waits for
   * the next turn.
   */
  private vacuum(): void {
    if (this.vacuuming || this.stopped) return
    this.sinceVacuum = 0
    this.vacuuming = this.sql
      .unsafe(`vacuum (skip_locked, truncate false) "${this.schema}".outbox`)
      .then(
        () => {},
        (err: unknown) =>
          this.opts.log?.warn({ err, schema: this.schema }, 'outbox vacuum failed; the next one will try again'),
      )
      .finally(() => (this.vacuuming = null))
  }

  /** Publishes everything committed so far; used by tests and at shutdown. */
  async drain(): Promise<void> {
    while ((await this.claimOnce()) > 0) continue
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.unlisten?.().catch(() => {})
    await this.idle
    await this.vacuuming
  }
}

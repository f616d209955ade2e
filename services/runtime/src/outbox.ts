import { randomUUID } from 'node:crypto'
import { topicOf, type AnyEvent, type Event } from '@diamond/contracts/events/envelope'
import type { Sql, Tx } from './db'
import type { MessageBus } from './bus/types'
import { sleep } from './bus/deliver'

export function newEvent<T>(producer: string, type: string, key: string, data: T, version = 1): Event<T> {
  return { id: randomUUID(), type, key, time: new Date().toISOString(), producer, version, data }
}

/**
 * Writes events in the caller's transaction, so the change and its announcement commit or roll back
 * together. NOTIFY is transactional too: relays wake only once the rows are visible.
 */
export async function enqueue(tx: Tx, schema: string, events: AnyEvent[]): Promise<void> {
  if (!events.length) return
  const rows = events.map(outboxRow)
  // One round trip: the rows and the (transactional) wake-up of the relays in one statement.
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
  )
}

const channel = (schema: string) => `outbox_${schema}`

/** An event as an outbox row (the jsonb record enqueue inserts). */
export interface OutboxRow {
  id: string
  topic: string
  key: string
  type: string
  event: AnyEvent
}

export const outboxRow = (e: AnyEvent): OutboxRow => ({ id: e.id, topic: topicOf(e.type), key: e.key, type: e.type, event: e })

/**
 * The channel a schema's relays listen on. For a service that writes its outbox rows inside a
 * statement of its own (one round trip: the change, its events and the wake-up together) instead of
 * calling enqueue: it must `pg_notify` this channel in the same transaction once rows were written.
 */
export const outboxChannel = channel

export interface RelayOptions {
  batch?: number
  pollMs?: number
  log?: { warn(o: object, m: string): void; error(o: object, m: string): void }
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
  private idle: Promise<void> = Promise.resolve()
  private failures = 0
  /** What the last claim took, and how many of those it left for later (a key held by another relay). */
  private claimed = 0
  private heldBack = 0

  constructor(
    private readonly sql: Sql,
    private readonly schema: string,
    private readonly bus: MessageBus,
    private readonly opts: RelayOptions = {},
  ) {}

  async start(): Promise<void> {
    this.stopped = false
    const l = await this.sql.listen(channel(this.schema), () => this.kick())
    this.unlisten = () => l.unlisten()
    const poll = () => {
      this.kick()
      if (!this.stopped) this.timer = setTimeout(poll, this.opts.pollMs ?? 1000)
    }
    poll()
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
        // A claim short of a full batch took everything committed when it looked: a row committed
        // since then has its NOTIFY on the way, which sets `again` (this loop is running).
        const batch = this.opts.batch ?? 500
        while (!this.stopped) {
          await this.claimOnce()
          if (this.claimed < batch) break
        }
        // Rows left for a key another relay holds: look again soon rather than at the next poll.
        if (this.heldBack && !this.stopped) setTimeout(() => this.kick(), 20).unref()
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
   * (begin, the statement, commit) for a batch, whatever its size.
   */
  async claimOnce(): Promise<number> {
    const s = `"${this.schema}"`
    return this.sql.begin(async (tx) => {
      // A key's claimed row is ready only if no unpublished row of that key before it is missing
      // from the claim: such a row is held by another relay (or committed late) and must go out
      // first. Looking only before a key's first claimed row is not enough: skip locked can hand
      // this relay seqs 1 and 3 of a key while another relay holds 2.
      const rows = await tx.unsafe<{ seq: string; event: AnyEvent | null }[]>(
        `with claimed as (
           select seq, key, event from ${s}.outbox where published_at is null order by seq limit $1 for update skip locked
         ), gaps as (
           select o.key, min(o.seq) as gap
             from ${s}.outbox o
             join (select key, max(seq) as last_seq from claimed group by key) c on c.key = o.key
            where o.published_at is null and o.seq < c.last_seq
              and not exists (select 1 from claimed x where x.seq = o.seq)
            group by o.key
         ), ready as (
           select c.seq from claimed c left join gaps g on g.key = c.key where g.gap is null or c.seq < g.gap
         ), marked as (
           update ${s}.outbox o set published_at = now() from ready r where o.seq = r.seq returning o.seq
         )
         select c.seq, case when m.seq is null then null else c.event end as event
           from claimed c left join marked m on m.seq = c.seq
          order by c.seq`,
        [this.opts.batch ?? 500],
      )
      this.claimed = rows.length
      const ready = rows.flatMap((r) => (r.event ? [r.event] : []))
      this.heldBack = rows.length - ready.length
      if (ready.length) await this.bus.publish(ready)
      return ready.length
    })
  }

  /** Publishes everything committed so far; used by tests and at shutdown. */
  async drain(): Promise<void> {
    while ((await this.claimOnce()) > 0) {}
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.unlisten?.().catch(() => {})
    await this.idle
  }
}

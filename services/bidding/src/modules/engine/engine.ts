import { randomUUID } from 'node:crypto'
import { BiddingEventTypes, type LotExtended, type LotHighChanged } from '@diamond/contracts/events/bidding'
import { BID_KIND_RULES } from '@diamond/contracts/http/bidding'
import { AppError, newEvent, outboxRow, outsideRequest, type Database, type Principal } from '@diamond/runtime'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { decideBid, isRefusal } from './bid.rules'
import type { DbClock } from './clock'
import { stateOf } from './lot.view'
import {
  logsOf,
  lotsById,
  storeBatch,
  storeEvents,
  type BidRow,
  type Lot,
  type LotEventRow,
  type LotMove,
} from './lots.repository'

export const PRODUCER = 'bidding'
const iso = (ms: number) => new Date(ms).toISOString()

export interface BidRequest {
  who: Principal
  lotId: string
  kind: 'bid' | 'withdraw'
  /** The price asked (cents); null for a withdrawal. */
  priceCents: number | null
  requestId: string
  /** create: a bid; update: a bid that supersedes my standing bid (I must have one). */
  mode: 'create' | 'update' | 'withdraw'
  /** Arrival by the database clock: kept across internal retries, it decides open or closed. */
  at: number
}

export interface Entry {
  id: string
  bidderId: string
  seq: number
  kind: 'bid' | 'withdraw'
  priceCents: number | null
  requestId: string
  at: number
}

interface Snapshot {
  closesAt: number
  extensions: number
  highCents: number | null
  highBidder: string | null
  highBidId: string | null
  bidCount: number
}

type Outcome = 'stored' | 'retry'

interface Pending {
  writer: LotWriter
  entry: Entry
  after: Snapshot
  highChanged: boolean
  /** The leader this bid displaced (open kinds). */
  displaced: string | null
  extended: boolean
  buyNow: boolean
  settle: (o: Outcome) => void
  fail: (e: unknown) => void
}

/** The one writer of a lot in this process: its state in memory, ahead of the database by the bids waiting for their commit. */
class LotWriter {
  /** The bidder's standing bid (the latest not withdrawn). */
  readonly own = new Map<string, { bidId: string; priceCents: number }>()
  /** Every request of the lot by bidder and request id: a retry answers what the first one got. */
  readonly requests = new Map<string, { entry: Entry; done: Promise<Outcome> }>()
  ended: boolean
  evicted = false
  /** The lot as its last stored batch left it (what a repeat of its high announces). */
  stored: Snapshot | null = null
  /** Displaced bidders not yet told (issue 27: one outbid notice per bidder, lot and window). */
  readonly unnoticed = new Set<string>()
  /** When this lot's last event that told outbid bidders was stored (process clock, ms). */
  noticedAt = -Infinity
  /** When its last batch was stored (process clock, ms): a lot still bidding on tells with its next high. */
  storedAt = -Infinity

  constructor(readonly lot: Lot) {
    this.ended = lot.closedAt !== null
  }

  snapshot(): Snapshot {
    const l = this.lot
    return {
      closesAt: l.closesAt,
      extensions: l.extensions,
      highCents: l.highCents,
      highBidder: l.highBidder,
      highBidId: l.highBidId,
      bidCount: l.bidCount,
    }
  }
}

export interface EngineOptions {
  /** Most bids stored in one transaction. */
  maxBatch?: number
  /** Most batches being stored at once; batches in flight together never share a lot. */
  maxFlushes?: number
  log?: { warn(o: object, m: string): void; error(o: object, m: string): void }
  /** Told after a buy-now bid is stored: the lot ends now. */
  onBuyNow?: (lotId: string) => void
  /** Told after a batch that wrote events is stored: the outbox relay has rows to publish. */
  onEvents?: () => void
  /**
   * Each displaced bidder of a lot is named for an outbid notice at most once per this window (ms;
   * default 1000): a high event carries the notices only if the lot's window is open, and the bidders
   * displaced meanwhile are named by a later event of the lot — its next high, or at the window's end
   * a repeat of the stored high. 0: every high names everyone it displaced.
   */
  noticeWindowMs?: number
}

const MAX_ATTEMPTS = 5
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Every bid of this process goes through here. Per lot, one writer decides each bid against the
 * lot's state in memory, synchronously, so a lot's bids are strictly ordered without locks. Bids
 * it accepts wait in one queue; flushes store them in batches (group commit: one statement that
 * writes the bids, the lots and their outbox events, one round trip, one transaction) and
 * acknowledge each bid only after its commit. Up to `maxFlushes` batches are in flight at once, over
 * disjoint sets of lots: a lot with a batch in flight has its next bids wait for that commit, so a
 * lot's batches are stored one after another, in order.
 *
 * Several processes: each lot's batch is stored only if the lot's last seq in the database is the
 * one this writer started from; otherwise another writer got in first, so this writer is dropped,
 * the lot reloaded, and the bids decided again. The database stays the judge (see storeBatch).
 */
export class BidEngine {
  private readonly writers = new Map<string, Promise<LotWriter>>()
  private queue: Pending[] = []
  /** Flushes running (each storing one batch at a time). */
  private flushing = 0
  /** A flush is due on the next turn of the event loop. */
  private scheduled = false
  private inFlight = new Set<string>()
  /** Lots to load on the next turn of the event loop, with who waits for each. */
  private loads: Map<string, { resolve: (w: LotWriter) => void; reject: (e: unknown) => void }[]> | null = null
  private waiters: (() => void)[] = []
  readonly stats = { batches: 0, stored: 0, retried: 0, maxBatch: 0 }

  constructor(
    private readonly database: Database,
    private readonly clock: DbClock,
    private readonly opts: EngineOptions = {},
  ) {}

  /** Places a bid or a withdrawal; resolves once it is stored (or was stored before: a retry). */
  async place(
    asked: BidRequest,
  ): Promise<{ lot: Lot; entry: Entry; standing: { bidId: string; priceCents: number } | null }> {
    // Ids are UUIDs, whose letters may come in either case: one spelling, the database's, keys everything.
    const req = { ...asked, lotId: asked.lotId.toLowerCase(), requestId: asked.requestId.toLowerCase() }
    for (let attempt = 1; ; attempt++) {
      const writer = await this.writerFor(req.lotId)
      const { entry, done } = this.decide(writer, req)
      if ((await done) === 'stored') return { lot: writer.lot, entry, standing: writer.own.get(req.who.id) ?? null }
      this.stats.retried++
      if (attempt >= MAX_ATTEMPTS) throw new AppError('E_UNAVAILABLE')
    }
  }

  /** The lot as this process's writer has it (loaded on first use); null for no such lot. */
  async lot(
    lotId: string,
  ): Promise<{ lot: Lot; standing: (bidderId: string) => { bidId: string; priceCents: number } | null } | null> {
    try {
      const w = await this.writerFor(lotId.toLowerCase())
      return { lot: w.lot, standing: (id) => w.own.get(id) ?? null }
    } catch (err) {
      if (err instanceof AppError && err.code === 'E_NOT_FOUND') return null
      throw err
    }
  }

  /** Waits until no bid of the lot waits for its commit (the closer calls this before deciding). */
  async settle(lotId: string): Promise<void> {
    while (this.inFlight.has(lotId) || this.queue.some((p) => p.entry && p.writer.lot.id === lotId)) {
      await new Promise<void>((r) => this.waiters.push(r))
    }
  }

  /** The lot was closed: its writer goes; the next look reloads it from the database. */
  forget(lotId: string): void {
    const w = this.writers.get(lotId)
    this.writers.delete(lotId)
    void w?.then(
      (x) => (x.evicted = true),
      () => {},
    )
  }

  /** Everything accepted is stored (or refused) before this resolves; used at shutdown. */
  async drain(): Promise<void> {
    while (this.flushing || this.scheduled || this.queue.length) await new Promise<void>((r) => this.waiters.push(r))
    // Displaced bidders not yet told are told now rather than lost with the process.
    if (this.sweepTimer) clearTimeout(this.sweepTimer)
    this.sweepTimer = null
    if (!this.sweeping) await this.sweepNotices(true)
  }

  private writerFor(lotId: string): Promise<LotWriter> {
    let w = this.writers.get(lotId)
    if (!w) {
      w = this.load(lotId)
      this.writers.set(lotId, w)
      w.catch(() => {
        if (this.writers.get(lotId) === w) this.writers.delete(lotId)
      })
    }
    return w
  }

  /**
   * A lot's writer from the database. Lots asked for together (the first bids on many lots after a
   * start) are loaded together: one query for the lots, then one for their logs, so a burst of cold
   * lots costs two round trips rather than two per lot. The lots are read before their logs, so a
   * log holds at least every bid up to the lot's last seq.
   */
  private load(lotId: string): Promise<LotWriter> {
    return new Promise((resolve, reject) => {
      if (!this.loads) {
        this.loads = new Map()
        setImmediate(() => void this.loadBatch())
      }
      const waiting = this.loads.get(lotId)
      if (waiting) waiting.push({ resolve, reject })
      else this.loads.set(lotId, [{ resolve, reject }])
    })
  }

  private async loadBatch(): Promise<void> {
    const batch = this.loads!
    this.loads = null
    // Not a lot id at all: not found, without failing the others' query.
    for (const [id, waiting] of batch) {
      if (UUID.test(id)) continue
      for (const w of waiting) w.reject(new AppError('E_NOT_FOUND'))
      batch.delete(id)
    }
    const ids = [...batch.keys()]
    if (!ids.length) return
    try {
      const lots = new Map((await lotsById(this.database.sql, ids)).map((l) => [l.id, l]))
      const logs = await logsOf(this.database.sql, [...lots.keys()])
      for (const [id, waiting] of batch) {
        const lot = lots.get(id)
        if (!lot) {
          for (const w of waiting) w.reject(new AppError('E_NOT_FOUND'))
          continue
        }
        const writer = new LotWriter(lot)
        const stored = Promise.resolve<Outcome>('stored')
        for (const e of logs.get(id) ?? []) {
          writer.requests.set(`${e.bidderId}:${e.requestId}`, { entry: e, done: stored })
          if (e.kind === 'bid') writer.own.set(e.bidderId, { bidId: e.id, priceCents: e.priceCents! })
          else writer.own.delete(e.bidderId)
        }
        for (const w of waiting) w.resolve(writer)
      }
    } catch (err) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(err)
    }
  }

  /** The synchronous part: a lot's bids are decided one after another, never interleaved. */
  private decide(writer: LotWriter, req: BidRequest): { entry: Entry; done: Promise<Outcome> } {
    const lot = writer.lot
    const seen = writer.requests.get(`${req.who.id}:${req.requestId}`)
    if (seen) {
      const e = seen.entry
      const same =
        e.kind === req.kind &&
        (e.priceCents === req.priceCents ||
          (lot.buyNowCents !== null && e.priceCents === lot.buyNowCents && req.priceCents! >= lot.buyNowCents))
      if (!same) throw new AppError('E_IDEMPOTENCY_MISMATCH', { requestId: req.requestId })
      return { entry: e, done: seen.done }
    }
    const sealed = BID_KIND_RULES[lot.kind].sealed
    const own = writer.own.get(req.who.id) ?? null
    const state = stateOf(lot, writer.ended)
    let priceCents: number | null = null
    let closesAt = lot.closesAt
    let buyNow = false
    if (req.kind === 'withdraw') {
      if (!sealed) throw new AppError('E_BID_CANNOT_WITHDRAW')
      if (req.at < lot.opensAt || !own) throw new AppError('E_NOT_FOUND')
      if (writer.ended || req.at >= lot.closesAt)
        throw new AppError('E_BID_CLOSED', { closesAt: iso(lot.closesAt), at: iso(req.at) })
    } else {
      if (req.mode === 'update' && !own) throw new AppError('E_NOT_FOUND')
      const d = decideBid(state, {
        bidderId: req.who.id,
        priceCents: req.priceCents!,
        at: req.at,
        company: req.who.company,
        registeredCompany: req.who.registeredCompany,
        ownCents: own?.priceCents ?? null,
      })
      if (isRefusal(d)) throw new AppError(d.code, d.data ?? null, d.message)
      priceCents = d.priceCents
      closesAt = d.closesAt
      buyNow = d.buyNow
    }

    const entry: Entry = {
      id: randomUUID(),
      bidderId: req.who.id,
      seq: lot.lastSeq + 1,
      kind: req.kind,
      priceCents,
      requestId: req.requestId,
      at: req.at,
    }
    lot.lastSeq = entry.seq
    const extended = closesAt !== lot.closesAt
    if (extended) {
      lot.closesAt = closesAt
      lot.extensions++
    }
    let displaced: string | null = null
    let highChanged = false
    if (entry.kind === 'bid') {
      writer.own.set(entry.bidderId, { bidId: entry.id, priceCents: priceCents! })
      // A sealed lot keeps no high anywhere, not even in its own row, before the close.
      if (!sealed) {
        displaced = lot.highBidder
        highChanged = true
        lot.highCents = priceCents
        lot.highBidder = entry.bidderId
        lot.highBidId = entry.id
        lot.bidCount++
      }
    } else writer.own.delete(entry.bidderId)
    if (buyNow) writer.ended = true

    let settle!: (o: Outcome) => void
    let fail!: (e: unknown) => void
    const done = new Promise<Outcome>((res, rej) => ((settle = res), (fail = rej)))
    done.catch(() => {})
    writer.requests.set(`${entry.bidderId}:${entry.requestId}`, { entry, done })
    this.queue.push({ writer, entry, after: writer.snapshot(), highChanged, displaced, extended, buyNow, settle, fail })
    this.schedule()
    return { entry, done }
  }

  /** Bids decided and waiting to be taken into a commit (the /metrics queue depth). */
  get queueDepth(): number {
    return this.queue.length
  }

  private schedule(): void {
    if (this.scheduled || this.flushing >= (this.opts.maxFlushes ?? 3)) return
    this.scheduled = true
    // One turn of the event loop lets the bids that arrived together share a commit. The flush
    // serves every request in the batch, so it runs outside the request that happened to start it
    // (its events must not carry that one request's id).
    outsideRequest(() =>
      setImmediate(() => {
        this.scheduled = false
        this.startFlushes()
      }),
    )
  }

  /** Starts flushes while there are bids of lots with no batch in flight, up to the limit. */
  private startFlushes(): void {
    while (this.flushing < (this.opts.maxFlushes ?? 3)) {
      const batch = this.take()
      if (!batch.length) return
      this.flushing++
      void this.flushLoop(batch)
    }
  }

  /**
   * Takes the next batch off the queue: in queue order, bids of lots that have no batch in flight,
   * up to maxBatch. A lot's bids stay in order: what is left of a lot stays queued, and its lot is
   * in flight, so no other flush takes it before this batch commits.
   */
  private take(): Pending[] {
    const max = this.opts.maxBatch ?? 2000
    if (!this.queue.length) return []
    const batch: Pending[] = []
    const keep: Pending[] = []
    const taken = new Set<string>()
    for (const p of this.queue) {
      const id = p.writer.lot.id
      // Once the batch is full everything else stays, so a lot's bids are only ever split into a
      // taken prefix and a queued rest (and the lot is in flight until the prefix commits).
      if (batch.length < max && !this.inFlight.has(id)) {
        batch.push(p)
        taken.add(id)
      } else keep.push(p)
    }
    this.queue = keep
    for (const id of taken) this.inFlight.add(id)
    return batch
  }

  private async flushLoop(first: Pending[]): Promise<void> {
    let batch = first
    try {
      while (batch.length) {
        try {
          await this.commit(batch)
        } catch (err) {
          // commit answers every bid itself; this is only a guard so that no lot stays in flight.
          for (const p of batch) p.fail(err)
        } finally {
          for (const p of batch) this.inFlight.delete(p.writer.lot.id)
        }
        this.wake()
        batch = this.take()
      }
    } finally {
      this.flushing--
      this.wake()
      // Bids that waited for a lot of this batch may be waiting for a flush to run.
      if (this.queue.length) this.schedule()
    }
  }

  private wake(): void {
    const w = this.waiters
    this.waiters = []
    for (const r of w) r()
  }

  private async commit(batch: Pending[]): Promise<void> {
    const byLot = new Map<string, Pending[]>()
    for (const p of batch) {
      const list = byLot.get(p.writer.lot.id)
      if (list) list.push(p)
      else byLot.set(p.writer.lot.id, [p])
    }
    const moves: LotMove[] = []
    const rows: BidRow[] = []
    const events: LotEventRow[] = []
    const now = Date.now()
    const window = this.opts.noticeWindowMs ?? 1000
    /** Per lot: the bidders its high event names for a notice (the lot's window was open), or null. */
    const noticed = new Map<string, string[] | null>()
    for (const [lotId, ps] of byLot) {
      const w = ps[0]!.writer
      const open = now - w.noticedAt >= window
      const names = open ? this.toNotice(ps) : null
      noticed.set(lotId, names)
      for (const e of eventsOf(ps, names)) events.push({ ...outboxRow(e), lotId, n: events.length })
      const last = ps[ps.length - 1]!
      let minAt = Infinity
      let maxAt = -Infinity
      for (const p of ps) {
        const e = p.entry
        minAt = Math.min(minAt, e.at)
        maxAt = Math.max(maxAt, e.at)
        rows.push({
          id: e.id,
          lotId,
          bidderId: e.bidderId,
          seq: e.seq,
          kind: e.kind,
          priceCents: e.priceCents,
          requestId: e.requestId,
          createdAt: iso(e.at),
        })
      }
      const a = last.after
      moves.push({
        lotId,
        prevSeq: ps[0]!.entry.seq - 1,
        lastSeq: last.entry.seq,
        minAt: iso(minAt),
        maxAt: iso(maxAt),
        closesAt: iso(a.closesAt),
        extensions: a.extensions,
        highCents: a.highCents,
        highBidder: a.highBidder,
        highBidId: a.highBidId,
        bidCount: a.bidCount,
      })
    }
    for (const id of byLot.keys()) this.inFlight.add(id)
    let moved: Set<string>
    try {
      // One statement: bids, lots and the lots' events (only of lots that moved) commit together.
      moved = await storeBatch(this.database.sql, moves, rows, events)
    } catch (err) {
      // Only the message and code: a driver error may carry the statement's parameters, and a
      // batch can hold sealed bids (no amount of a sealed bid is ever logged).
      const e = err as { message?: string; code?: string }
      this.opts.log?.error(
        { error: e.message, code: e.code, bids: batch.length },
        'a batch of bids could not be stored',
      )
      for (const lotId of byLot.keys()) this.drop(lotId)
      for (const p of batch) p.fail(new AppError('E_UNAVAILABLE'))
      return
    } finally {
      for (const id of byLot.keys()) this.inFlight.delete(id)
    }
    this.stats.batches++
    this.stats.maxBatch = Math.max(this.stats.maxBatch, batch.length)
    if (events.some((e) => moved.has(e.lotId))) this.opts.onEvents?.()
    for (const [lotId, ps] of byLot) {
      if (moved.has(lotId)) {
        this.stats.stored += ps.length
        this.noticesStored(ps, noticed.get(lotId) ?? null, now)
        for (const p of ps) p.settle('stored')
        if (ps.some((p) => p.buyNow)) this.opts.onBuyNow?.(lotId)
      } else {
        // Another writer moved the lot (or it closed): decide these bids again on a fresh load.
        this.opts.log?.warn({ lotId }, 'lot moved under this writer; reloading')
        this.drop(lotId)
        for (const p of ps) p.settle('retry')
      }
    }
  }

  /** Who a batch's high would tell now: the lot's untold displaced bidders and this batch's, never the new leader. */
  private toNotice(ps: Pending[]): string[] | null {
    const w = ps[0]!.writer
    const leader = ps[ps.length - 1]!.after.highBidder
    const ids = new Set(w.unnoticed)
    for (const p of ps) if (p.highChanged && p.displaced) ids.add(p.displaced)
    if (leader) ids.delete(leader)
    return ids.size ? [...ids] : null
  }

  /** After a lot's batch is stored: who is told now, who waits for the window's end. */
  private noticesStored(ps: Pending[], told: string[] | null, at: number): void {
    const w = ps[0]!.writer
    const last = ps[ps.length - 1]!.after
    w.stored = last
    w.storedAt = at
    if (told) {
      for (const id of told) w.unnoticed.delete(id)
      w.noticedAt = at
    } else for (const p of ps) if (p.highChanged && p.displaced) w.unnoticed.add(p.displaced)
    if (last.highBidder) w.unnoticed.delete(last.highBidder)
    this.armNotices(w)
  }

  /** Lots with displaced bidders not yet told: the sweep looks at them. */
  private readonly untold = new Set<LotWriter>()
  private sweepTimer: NodeJS.Timeout | null = null
  private sweeping = false

  private armNotices(w: LotWriter): void {
    if (w.unnoticed.size && !w.ended && !w.evicted) this.untold.add(w)
    else this.untold.delete(w)
    if (this.sweepTimer || this.sweeping || !this.untold.size) return
    // A quarter of the window: a lot's notices wait at most a window and a quarter.
    this.sweepTimer = setTimeout(
      () => {
        this.sweepTimer = null
        void this.sweepNotices()
      },
      Math.max(1, (this.opts.noticeWindowMs ?? 1000) / 4),
    )
    this.sweepTimer.unref()
  }

  /**
   * The lots whose window is over with bidders still untold, and that stored no batch for a quarter
   * of a window (a lot still being bid on tells them with its next high): one repeat of each lot's
   * stored high (same bid count, nothing moves for the room or the dashboards) names them, all in one
   * statement without NOTIFY, which then wakes this process's relay as a batch of bids does. A lot
   * being repeated is held like a batch, so no high of it is stored between its repeat and the
   * state the repeat states. Not in the bids' transaction: a crash here loses at most these
   * notices, and each lot's close tells every bidder the result anyway.
   */
  private async sweepNotices(atOnce = false): Promise<void> {
    const window = this.opts.noticeWindowMs ?? 1000
    const now = Date.now()
    const due: { w: LotWriter; names: string[] }[] = []
    for (const w of [...this.untold]) {
      const s = w.stored
      if (w.ended || w.evicted || !w.unnoticed.size || !s?.highBidder) {
        this.untold.delete(w)
        continue
      }
      if (!atOnce && (now - w.noticedAt < window || now - w.storedAt < window / 4)) continue
      if (this.inFlight.has(w.lot.id) || this.queue.some((p) => p.writer === w)) continue
      const names = [...w.unnoticed].filter((id) => id !== s.highBidder)
      w.unnoticed.clear()
      this.untold.delete(w)
      if (names.length) due.push({ w, names })
    }
    if (!due.length) return atOnce ? undefined : this.armAll()
    this.sweeping = true
    for (const { w } of due) this.inFlight.add(w.lot.id)
    try {
      const events = due.map(({ w, names }) =>
        outboxRow(
          newEvent(PRODUCER, BiddingEventTypes.high, w.lot.id, {
            ...highOf(w.lot, w.stored!),
            previousLeaderId: null,
            outbidIds: [],
            noticeIds: names,
          } satisfies LotHighChanged),
        ),
      )
      await storeEvents(this.database.sql, events)
      for (const { w } of due) w.noticedAt = now
      this.opts.onEvents?.()
    } catch (err) {
      const e = err as { message?: string; code?: string }
      this.opts.log?.warn(
        { error: e.message, code: e.code, lots: due.length },
        'outbid notices could not be stored; trying again',
      )
      for (const { w, names } of due) {
        for (const id of names) w.unnoticed.add(id)
        w.noticedAt = now // a window before trying again
      }
    } finally {
      for (const { w } of due) this.inFlight.delete(w.lot.id)
      this.sweeping = false
      this.wake()
      if (this.queue.length) this.schedule()
      if (!atOnce) this.armAll()
    }
  }

  private armAll(): void {
    for (const w of [...this.untold]) this.armNotices(w)
  }

  /** Forgets a lot's writer whose state is no longer the database's; bids decided on it are decided again. */
  private drop(lotId: string): void {
    this.forget(lotId)
    const keep: Pending[] = []
    for (const p of this.queue) {
      if (p.writer.lot.id === lotId) p.settle('retry')
      else keep.push(p)
    }
    this.queue = keep
  }
}

/** One batch's events of one lot: its new high and its extension (open kinds only; a sealed lot says nothing before its close). */
function eventsOf(ps: Pending[], noticeIds: string[] | null): AnyEvent[] {
  const lot = ps[0]!.writer.lot
  if (BID_KIND_RULES[lot.kind].sealed) return []
  const out: AnyEvent[] = []
  const highs = ps.filter((p) => p.highChanged)
  const lastHigh = highs[highs.length - 1]
  if (lastHigh) {
    const a = lastHigh.after
    const outbid = [...new Set(highs.map((p) => p.displaced).filter((id): id is string => !!id && id !== a.highBidder))]
    const data: LotHighChanged = {
      ...highOf(lot, a),
      previousLeaderId: lastHigh.displaced === a.highBidder ? null : lastHigh.displaced,
      outbidIds: outbid,
      noticeIds: noticeIds ?? [],
    }
    out.push(newEvent(PRODUCER, BiddingEventTypes.high, lot.id, data))
  }
  const ext = ps.filter((p) => p.extended)
  const lastExt = ext[ext.length - 1]
  if (lastExt) {
    const data: LotExtended = {
      lotId: lot.id,
      auctionId: lot.auctionId,
      stoneId: lot.stoneId,
      vStnId: lot.vStnId,
      closesAt: iso(lastExt.after.closesAt),
      extensions: lastExt.after.extensions,
    }
    out.push(newEvent(PRODUCER, BiddingEventTypes.extended, lot.id, data))
  }
  return out
}

/** A lot's high as a high event states it (the ids of who was displaced apart). */
function highOf(lot: Lot, a: Snapshot): Omit<LotHighChanged, 'previousLeaderId' | 'outbidIds' | 'noticeIds'> {
  return {
    lotId: lot.id,
    auctionId: lot.auctionId,
    stoneId: lot.stoneId,
    vStnId: lot.vStnId,
    pricePerCaratCents: a.highCents!,
    bidCount: a.bidCount,
    closesAt: iso(a.closesAt),
    reserveMet: lot.reserveCents === null ? null : a.highCents! >= lot.reserveCents,
    leaderId: a.highBidder!,
  }
}

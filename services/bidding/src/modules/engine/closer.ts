import { BiddingEventTypes, type LotClosed } from '@diamond/contracts/events/bidding'
import { enqueue, newEvent, type Database } from '@diamond/runtime'
import type { BidEngine } from './engine'
import { PRODUCER } from './engine'
import { termsOf } from './lot.view'
import { dbNow, findLot, logOf, nextCloses, storeResult } from './lots.repository'
import { decide } from './winner.rules'

export interface CloserOptions {
  /** A lot closes this long after its close by the database clock: bids in flight at the close commit first. */
  graceMs: number
  /** Lots closed at once. */
  concurrency?: number
  log?: { warn(o: object, m: string): void; error(o: object, m: string): void }
}

/**
 * Closes lots when the database clock says they are due. The times live in the database, not in
 * timers: the closer asks for the next closes, sleeps until the soonest (at most a second, so
 * extensions and new lots made elsewhere are seen), and on start-up closes everything already due.
 * Several instances may run: the lot's row lock and `closed_at is null` let one close it.
 */
export class Closer {
  private stopped = true
  private timer: NodeJS.Timeout | undefined
  private wakeUp: (() => void) | null = null
  private loopDone: Promise<void> = Promise.resolve()
  readonly stats = { closed: 0 }

  constructor(
    private readonly database: Database,
    private readonly engine: BidEngine,
    private readonly opts: CloserOptions,
  ) {}

  start(): void {
    this.stopped = false
    this.loopDone = this.loop()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.kick()
    await this.loopDone
  }

  /** Look again now (a new auction, a buy-now). */
  kick(): void {
    clearTimeout(this.timer)
    this.wakeUp?.()
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let wait = 1000
      try {
        const next = await nextCloses(this.database.sql, 200, this.opts.graceMs)
        const due = next.filter((n) => n.dueInMs <= 0)
        const later = next.find((n) => n.dueInMs > 0)
        if (later) wait = Math.min(wait, later.dueInMs)
        await this.closeAll(due.map((d) => d.id))
        if (due.length === next.length && next.length === 200) wait = 0
      } catch (err) {
        this.opts.log?.warn({ err }, 'closing due lots failed; will retry')
      }
      if (this.stopped) break
      await new Promise<void>((r) => {
        this.wakeUp = r
        this.timer = setTimeout(r, Math.max(5, Math.ceil(wait)))
      })
      this.wakeUp = null
    }
  }

  private async closeAll(ids: string[]): Promise<void> {
    const todo = [...ids]
    const worker = async () => {
      for (let id = todo.shift(); id; id = todo.shift()) {
        await this.close(id).catch((err: unknown) => this.opts.log?.error({ err, lotId: id }, 'could not close lot'))
      }
    }
    await Promise.all(Array.from({ length: Math.min(this.opts.concurrency ?? 4, todo.length) }, worker))
  }

  /**
   * Closes one lot if it is due (or ended by a buy-now bid): the result is decided by the pure
   * function over the lot's whole bid log, stored once, and announced in the same transaction.
   */
  async close(lotId: string): Promise<boolean> {
    await this.engine.settle(lotId)
    const closed = await this.database.sql.begin(async (tx) => {
      const lot = await findLot(tx, lotId, { lock: true })
      if (!lot || lot.closedAt !== null) return false
      const log = await logOf(tx, lotId)
      const d = decide(termsOf(lot), log)
      if (!d.buyNowBidId && (await dbNow(tx)) < lot.closesAt + this.opts.graceMs) return false
      if (d.closesAt !== lot.closesAt)
        this.opts.log?.warn({ lotId, stored: lot.closesAt, fromLog: d.closesAt }, 'close time differs from the log')
      const closedAt = await storeResult(tx, lotId, {
        state: d.winner ? 'won' : 'closed',
        winnerId: d.winner?.bidderId ?? null,
        winningBidId: d.winner?.bidId ?? null,
        resultCents: d.winner?.priceCents ?? null,
      })
      const data: LotClosed = {
        lotId,
        auctionId: lot.auctionId,
        stoneId: lot.stoneId,
        vStnId: lot.vStnId,
        kind: lot.kind,
        winnerId: d.winner?.bidderId ?? null,
        pricePerCaratCents: d.winner?.priceCents ?? null,
        bidderIds: d.bidderIds,
        closedAt: closedAt.toISOString(),
      }
      await enqueue(tx, PRODUCER, [newEvent(PRODUCER, BiddingEventTypes.closed, lotId, data)])
      return true
    })
    if (closed) {
      this.stats.closed++
      this.engine.forget(lotId)
    }
    return closed
  }
}

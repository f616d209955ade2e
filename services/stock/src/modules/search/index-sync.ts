import { hostname } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import { STONE_CHANGE_TYPES, stoneEventsOf, type DomainEvent } from '@diamond/contracts/events/index'
import { StockEventTypes, type StoneEventType } from '@diamond/contracts/events/stock'
import { EventHandlers, type MessageBus, type Subscription } from '@diamond/runtime'
import type { StatusRecord } from '../stones/stones.repository'
import type { HoldLookout } from '../stones/stones.service'
import type { SearchService } from './search.service'
import type { IndexSource } from './stone-index'

/** Stones read again from the database at once, when changes made elsewhere pile up. */
const REFRESH_BATCH = 500
/**
 * Stones read again at once after a large change of this instance's own (an upload's commit): two
 * batches are in memory at a time (one read ahead), and searches wait at most one batch's writing.
 * Small, so a batch's rows die young (read, put, dropped) rather than last into the old generation.
 */
const REREAD_BATCH = 500
/** Events after which a stone is read again rather than given its new status: it changed more than that. */
const REREAD_EVENTS: ReadonlySet<string> = new Set([
  StockEventTypes.priced,
  StockEventTypes.arrived,
  StockEventTypes.updated,
])

/**
 * Keeps this instance's search index in step with the stones table. Its own changes reach the index
 * before the caller hears back, so the next search sees them; changes made by another instance
 * arrive as events: a newer status is applied, anything else (a price, a new stone) is read again
 * from the database, a few at a time.
 */
export class IndexSync {
  private subscription: Subscription | null = null
  private readonly stale = new Set<string>()
  private refreshing: Promise<void> | null = null
  private closing = false

  constructor(
    private readonly search: SearchService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** StoneService's `onChanged`: a status this instance committed. */
  readonly onChanged = async (c: StatusRecord): Promise<void> => {
    const index = this.search.index
    if (c.back !== undefined || index.versionOf(c.id) === undefined) await this.search.refresh([c.id])
    else index.setStatus(c.id, c.wSts, c.statusVersion)
  }

  /**
   * StoneService's `onChangedMany`: many stones committed at once (an upload). Status changes are
   * applied in place; new and repriced stones are read again a few thousand at a time, not one by one.
   */
  readonly onChangedMany = async (list: readonly StatusRecord[]): Promise<void> => {
    const index = this.search.index
    const reread: string[] = []
    for (const c of list) {
      // A new stone staged from its upload line gets the number its insert handed out.
      index.number(c.id, c.vStnId)
      if (c.back !== undefined || c.reread || index.versionOf(c.id) === undefined) reread.push(c.id)
      else index.setStatus(c.id, c.wSts, c.statusVersion)
    }
    await this.search.refreshMany(reread, REREAD_BATCH)
  }

  /** StoneService's `onStaged`: new stones of a transaction still open, hidden until `onChangedMany`. */
  readonly onStaged = (batches: AsyncIterable<readonly IndexSource[]>, hurried: Promise<void>): Promise<void> =>
    this.search.stage(batches, hurried)

  /** The hold fast path: a stone the index knows is taken is refused without a database round trip. */
  readonly lookout: HoldLookout = {
    availability: (id) => this.search.index.availabilityAt(id),
    seen: (id, wSts, version) => void this.search.index.setStatus(id, wSts, version),
  }

  /** Follows the stone events of every instance (from new ones on), then loads the whole index. */
  async start(bus: MessageBus): Promise<void> {
    // onEvent is synchronous: a refresh it starts runs on its own, so the bus is never held up.
    const changes = new EventHandlers().on(STONE_CHANGE_TYPES, (e) => stoneEventsOf(e).forEach((x) => this.onEvent(x)))
    this.subscription = await bus.subscribe({
      group: `stock.index.${hostname()}.${process.pid}.${Date.now()}`,
      topics: changes.topics,
      fromBeginning: false,
      handler: (e) => changes.handle(e),
    })
    const started = Date.now()
    this.log.info('loading the search index')
    const loaded = await this.search.load((stones) =>
      this.log.info({ stones, seconds: Math.round((Date.now() - started) / 1000) }, 'loading the search index'),
    )
    this.log.info({ stones: loaded, ms: Date.now() - started }, 'search index loaded')
  }

  /** Stops following, and lets a refresh under way finish. */
  async stop(): Promise<void> {
    this.closing = true
    await this.subscription?.close()
    await this.refreshing
  }

  /** A stone event, this instance's own or another's: applied if it is news to the index. */
  onEvent(e: DomainEvent<StoneEventType>): void {
    const d = e.data
    const index = this.search.index
    const known = index.versionOf(d.stoneId)
    if (known !== undefined && known >= d.statusVersion) return
    if (known !== undefined && !REREAD_EVENTS.has(e.type)) {
      index.setStatus(d.stoneId, d.wSts, d.statusVersion)
      return
    }
    this.stale.add(d.stoneId)
    this.refreshing ??= this.refreshStale()
  }

  /**
   * A refresh that fails (the database is down or restarting) keeps its stones for the next try,
   * with back-off: dropping them left those stones stale in the index until their next change.
   */
  private async refreshStale(): Promise<void> {
    for (let failures = 0; this.stale.size && !this.closing;) {
      const ids = [...this.stale].slice(0, REFRESH_BATCH)
      ids.forEach((id) => this.stale.delete(id))
      try {
        await this.search.refresh(ids)
        failures = 0
      } catch (err) {
        ids.forEach((id) => this.stale.add(id))
        this.log.warn({ err }, 'index refresh failed; will retry')
        await sleep(Math.min(200 * 2 ** failures++, 5000))
      }
    }
    this.refreshing = null
  }
}

import type { LotClosed, LotOpened } from '@diamond/contracts/events/bidding'
import { StockEventTypes, type StoneStatusChanged } from '@diamond/contracts/events/stock'
import { BID_KIND_RULES } from '@diamond/contracts/http/bidding.values'
import { randomUUID } from 'node:crypto'
import type { HoldResult, StatusResult, StatusUpdate, StoneCreate } from '@diamond/contracts/http/stock'
import {
  AppError,
  enqueue,
  enqueueMany,
  eventStamp,
  newEvent,
  wakeRelays,
  type Database,
  type Principal,
  type Tx,
} from '@diamond/runtime'
import * as repo from './stones.repository'
import * as bids from '../bids/bids.repository'
import { SingleFlight } from './single-flight'
import { listedEvent } from './listed.event'
import { rapCents } from '../rap/rap.rules'
import { amountCents, availabilityOf, pricePerCaratCents, SHAPE_FULL } from './stones.rules'
import type { IndexSource } from '../search/stone-index'

const PRODUCER = 'stock'

/** Told of every change this service commits, right after the commit (the search index listens). */
export type OnChanged = (s: repo.StatusRecord) => Promise<void>
/** Told of a change of many stones at once (an upload's commit), right after the commit. */
export type OnChangedMany = (list: readonly repo.StatusRecord[]) => Promise<void>
/**
 * Told of new stones while their transaction is still open, as batches of their index rows (an
 * upload's, read from its committed lines on a connection of their own): the search index takes
 * them hidden, and the commit's `OnChangedMany` numbers and shows them. `hurried` resolves when the
 * transaction has nothing left but to wait for them (until then the index may put searches first).
 */
export type OnStaged = (batches: AsyncIterable<readonly IndexSource[]>, hurried: Promise<void>) => Promise<void>

/** The status events of many changed stones, made one at a time as the outbox's COPY takes them. */
function* eventsOf<S extends repo.StatusRecord>(changed: readonly S[], typeOf: (s: S) => string) {
  for (const s of changed) yield statusEvent(typeOf(s), s)
}

export const toStatus = (s: repo.StatusRecord): StatusResult => ({
  id: s.id,
  vStnId: s.vStnId,
  wSts: s.wSts,
  availability: availabilityOf(s.wSts),
  statusVersion: s.statusVersion,
})

/** Statuses in which a stone may be offered in some bid kind: their events carry the stone's facts for bidding. */
const BID_STATUSES = new Set(Object.values(BID_KIND_RULES).flatMap((k) => k.allowDiamondFilterWSts))

export function statusEvent(type: string, s: repo.StatusRecord) {
  const data: StoneStatusChanged = {
    stoneId: s.id,
    vStnId: s.vStnId,
    wSts: s.wSts,
    sSts: s.sSts,
    availability: availabilityOf(s.wSts),
    statusVersion: s.statusVersion,
    holderId: s.holderId,
    expiresAt: s.expiresAt ? s.expiresAt.toISOString() : null,
  }
  if (s.back !== undefined) data.back = Number(s.back)
  if (s.carat !== undefined && BID_STATUSES.has(s.wSts)) {
    data.facts = {
      crt: Number(s.carat),
      rapCents: s.rapCents ?? 0,
      amtCents: s.amtCents ?? 0,
      seller: s.seller ?? '',
      ...(s.shape !== undefined ? { shape: s.shape, color: s.color ?? '', clarity: s.clarity ?? '' } : {}),
    }
  }
  return newEvent(PRODUCER, type, s.id, data)
}

/** What this instance knows of stones without asking the database (the search index does). */
export interface HoldLookout {
  /** The stone's availability code as this instance last heard; undefined for a stone it does not know. */
  availability?: (stoneId: string) => string | undefined
  /** The database's status of a stone an attempt lost, so that later attempts are refused without asking. */
  seen?: (stoneId: string, wSts: string, statusVersion: number) => void
}

type HoldAttempt = { kind: 'won'; held: repo.StatusRecord } | { kind: 'taken' } | { kind: 'missing' }

export class StoneService {
  /** How holds were answered, for tests and the rush benchmark (never sent over HTTP). */
  readonly holdStats = { fastRefusals: 0, coalescedRefusals: 0, databaseAttempts: 0 }
  private readonly holds = new SingleFlight<HoldAttempt>()

  constructor(
    private readonly database: Database,
    private readonly holdMinutes: number,
    private readonly onChanged: OnChanged = () => Promise.resolve(),
    private readonly lookout: HoldLookout = {},
    private readonly onChangedMany?: OnChangedMany,
    private readonly onStaged?: OnStaged,
  ) {}

  /**
   * One contested change: the statement decides, the event rides in the same transaction, and the
   * index hears of it after the commit. Blocks (memo, show, office) change stones through it too.
   */
  async change(type: string | ((s: repo.StatusRecord) => string), run: (tx: Tx) => Promise<repo.StatusRecord | null>) {
    const changed = await this.database.sql.begin(async (tx) => {
      const s = await run(tx)
      if (s) await enqueue(tx, 'stock', [statusEvent(typeof type === 'string' ? type : type(s), s)])
      return s
    })
    if (changed) await this.onChanged(changed)
    return changed
  }

  /**
   * A hold for `holderId` (the caller, or the buyer a staff member holds for). The database's one
   * conditional statement alone decides who wins; this instance only spares the database the
   * attempts it already knows are lost: a stone it knows is taken is refused at once, and attempts
   * on a stone whose attempt is in flight wait for that one (refused if it won, else the next goes).
   */
  async hold(who: Principal, stoneId: string, holderId: string = who.id): Promise<HoldResult> {
    for (;;) {
      const known = this.lookout.availability?.(stoneId)
      if (known !== undefined && known !== 'A') {
        this.holdStats.fastRefusals++
        throw new AppError('E_STONE_UNAVAILABLE', { id: stoneId })
      }
      const { own, outcome } = await this.holds.join(stoneId, () => this.attemptHold(stoneId, holderId))
      if (own) {
        if (outcome.kind === 'won')
          return { ...toStatus(outcome.held), expiresAt: outcome.held.expiresAt!.toISOString() }
        throw outcome.kind === 'missing'
          ? new AppError('E_NOT_FOUND')
          : new AppError('E_STONE_UNAVAILABLE', { id: stoneId })
      }
      if (outcome?.kind === 'won' || outcome?.kind === 'missing') {
        this.holdStats.coalescedRefusals++
        throw outcome.kind === 'missing'
          ? new AppError('E_NOT_FOUND')
          : new AppError('E_STONE_UNAVAILABLE', { id: stoneId })
      }
      // The flight ahead lost (or failed): what it learnt is in the index now, else this one asks.
    }
  }

  /** One attempt against the database: the conditional statement, and on a loss the stone's status. */
  private async attemptHold(stoneId: string, holderId: string): Promise<HoldAttempt> {
    this.holdStats.databaseAttempts++
    const held = await this.change(StockEventTypes.held, (tx) => repo.takeHold(tx, stoneId, holderId, this.holdMinutes))
    if (held) return { kind: 'won', held }
    const now = await repo.statusOf(this.database.sql, stoneId)
    if (!now) return { kind: 'missing' }
    // Taken where this instance had not heard yet (another instance, an event on its way).
    this.lookout.seen?.(stoneId, now.wSts, now.statusVersion)
    return { kind: 'taken' }
  }

  /** Staff give back anyone's hold; null when the stone is not held. */
  async releaseAny(stoneId: string): Promise<StatusResult | null> {
    const released = await this.change(StockEventTypes.released, (tx) => repo.releaseAnyHold(tx, stoneId))
    return released ? toStatus(released) : null
  }

  async release(who: Principal, stoneId: string): Promise<StatusResult> {
    const released = await this.change(StockEventTypes.released, (tx) => repo.releaseHold(tx, stoneId, who.id))
    if (!released) {
      // Someone else's hold and no hold at all look the same from outside.
      throw (await repo.stoneExists(this.database.sql, stoneId))
        ? new AppError('E_NOT_HOLDER')
        : new AppError('E_NOT_FOUND')
    }
    return toStatus(released)
  }

  /**
   * A change of several stones that another module decides (a confirm): `run` works in one
   * transaction and names the stones it changed; each gets its status event in that transaction,
   * and the index hears of them after the commit, as with every change here. The events go to the
   * outbox by COPY, one a stone; changes of thousands (uploads, delete and refresh of a seller's
   * stones, the listing sweep) use `changeInBulk` instead.
   */
  async changeMany<T, S extends repo.StatusRecord = repo.StatusRecord>(
    type: string | ((s: S) => string),
    run: (tx: Tx) => Promise<{ changed: S[]; result: T }>,
  ): Promise<T> {
    const out = await this.database.sql.begin(async (tx) => {
      const o = await run(tx)
      if (o.changed.length)
        await enqueueMany(
          tx,
          PRODUCER,
          eventsOf(o.changed, (c) => (typeof type === 'string' ? type : type(c))),
        )
      return o
    })
    await this.changedMany(out.changed)
    return out.result as T
  }

  /**
   * `changeMany` for changes of many thousand stones (an upload's commit): `run`'s statements write
   * their stones' status events in the statement that changes them (`withStatusEvents`: PostgreSQL
   * builds them, one bulk event a few hundred stones, keyed by `key`, the seller (null: each stone's
   * seller, `BulkStamp`); no row travels to
   * the service and back as an event) and name the stones for the index, which hears of them after
   * the commit; the relays are woken once. New stones may be handed to `stage` meanwhile (their
   * index rows, read by the caller): the index takes them hidden while the transaction goes on, and
   * shows them after the commit instead of reading them again.
   */
  async changeInBulk<T>(
    key: string | null,
    run: (tx: Tx, stamp: repo.BulkStamp, stage: OnStaged) => Promise<{ changed: repo.BulkChanged[]; result: T }>,
  ): Promise<T> {
    const stamp = { ...eventStamp(PRODUCER), key }
    const out = await this.database.sql.begin(async (tx) => {
      const o = await run(tx, stamp, (batches, hurried) => this.onStaged?.(batches, hurried) ?? Promise.resolve())
      if (o.changed.length) await wakeRelays(tx, PRODUCER)
      return o
    })
    await this.changedMany(out.changed)

    return out.result as T
  }

  /** After the commit of many: the index hears of them in batches when it can, else one by one. */
  private async changedMany(list: readonly repo.StatusRecord[]): Promise<void> {
    if (this.onChangedMany) await this.onChangedMany(list)
    else await Promise.all(list.map((s) => Promise.resolve(this.onChanged(s))))
  }

  /** Releases holds past their expiry; returns how many. */
  async releaseExpired(max = 500): Promise<number> {
    const list = await this.database.sql.begin(async (tx) => {
      const list = await repo.releaseExpired(tx, max)
      await enqueue(
        tx,
        'stock',
        list.map((s) => statusEvent(StockEventTypes.released, s)),
      )
      return list
    })
    await Promise.all(list.map((s) => Promise.resolve(this.onChanged(s))))
    return list.length
  }

  /** Staff: a stone on memo, back in stock, on show, confirmed, sold, … (a held stone waits for its holder). */
  async setStatus(stoneId: string, wSts: StatusUpdate['wSts']): Promise<StatusResult> {
    const type =
      wSts === 'M'
        ? StockEventTypes.memo
        : wSts === 'C'
          ? StockEventTypes.confirmed
          : wSts === 'X'
            ? StockEventTypes.sold
            : StockEventTypes.statusChanged
    const changed = await this.change(type, (tx) => repo.setWebStatus(tx, stoneId, wSts))
    if (!changed) {
      if (await repo.inRunningLot(this.database.sql, stoneId)) throw new AppError('E_STONE_IN_AUCTION', { id: stoneId })
      throw await this.refusal(stoneId)
    }
    return toStatus(changed)
  }

  /**
   * bidding.lot.opened: the stone is in a running lot; staff may not move it until the lot closes.
   * In the consumer's transaction.
   */
  async enterLot(tx: Tx, lot: LotOpened): Promise<void> {
    await bids.enterLot(tx, lot.stoneId, lot.lotId)
    // Issue 25: once every lot of the auction is heard of, each seller's followers are told once.
    if (!lot.lots) return
    const sellers = await bids.recordOpening(tx, { ...lot, lots: lot.lots })
    const listed = (sellers ?? []).map((s) =>
      listedEvent({ id: s.companyId, name: s.companyName }, 'auction', lot.auctionId, s.stoneIds),
    )
    if (listed.length)
      await enqueue(
        tx,
        PRODUCER,
        listed.filter((e) => e !== null),
      )
  }

  /**
   * bidding.lot.closed: bidding decided the auction, stock applies the result to the stone, with its
   * status event, in the consumer's transaction. A won stone is confirmed to the winner (`bid-won`,
   * holder = winner, so the gateway pushes "bid win"); an unsold stone that was up for bid goes back
   * to stock; a withdrawn lot's stone keeps its status (still up for bid after a withdrawn auction,
   * or what staff made it). The index hears of the change from the bus, as of another instance's.
   * Answers whether the stone was confirmed to a winner just now (the order module makes its order).
   */
  async settleLot(tx: Tx, lot: LotClosed): Promise<boolean> {
    return (await this.settleLots(tx, [lot])).has(lot.lotId)
  }

  /**
   * `settleLot` for many results at once (an auction's lots close together): one statement each for
   * leaving the lots, confirming the won stones and returning the unsold ones, and one write of their
   * status events, in the results' order. The stones must be distinct (the order module splits a
   * batch where one comes again). Answers the lots whose stone was confirmed to their winner just now.
   */
  async settleLots(tx: Tx, lots: readonly LotClosed[]): Promise<Set<string>> {
    if (new Set(lots.map((l) => l.stoneId)).size !== lots.length) throw new Error('settleLots: a stone twice')
    const decided = lots.filter((l) => !l.withdrawn)
    // Issued together, run in this order on the transaction's connection (one round trip's wait).
    const [, won, back] = await Promise.all([
      bids.leaveLots(tx, lots),
      bids.confirmWonMany(
        tx,
        decided.filter((l) => l.winnerId).map((l) => l.stoneId),
      ),
      bids.returnUnsoldMany(
        tx,
        decided.filter((l) => !l.winnerId).map((l) => l.stoneId),
      ),
    ])
    const wonBy = new Map(won.map((r) => [r.id, r]))
    const backBy = new Map(back.map((r) => [r.id, r]))
    const events = decided.flatMap((l) => {
      const w = l.winnerId ? wonBy.get(l.stoneId) : undefined
      if (w) return [statusEvent(StockEventTypes.bidWon, { ...w, holderId: l.winnerId })]
      const b = l.winnerId ? undefined : backBy.get(l.stoneId)
      return b ? [statusEvent(StockEventTypes.statusChanged, b)] : []
    })
    await enqueue(tx, PRODUCER, events)
    return new Set(decided.filter((l) => l.winnerId && wonBy.has(l.stoneId)).map((l) => l.lotId))
  }

  /** Staff: a new discount; price per carat and amount follow. Fancy colours have no Rap price to discount. */
  async setDiscount(stoneId: string, back: number): Promise<StatusResult> {
    const changed = await this.change(StockEventTypes.priced, (tx) => repo.setDiscount(tx, stoneId, back))
    if (!changed) {
      if (!(await repo.stoneExists(this.database.sql, stoneId))) throw new AppError('E_NOT_FOUND')
      throw new AppError(
        'E_VALIDATION',
        { fields: [{ field: 'id', in: 'body', message: 'has no Rap price to discount' }] },
        'Invalid Fields: id has no Rap price to discount',
      )
    }
    return toStatus(changed)
  }

  private async refusal(stoneId: string): Promise<AppError> {
    return (await repo.stoneExists(this.database.sql, stoneId))
      ? new AppError('E_STONE_UNAVAILABLE', { id: stoneId })
      : new AppError('E_NOT_FOUND')
  }

  /** Staff: a new stone in stock, priced off the Rap list; it arrives as an event like every change. */
  async create(req: StoneCreate): Promise<StatusResult> {
    const rap = rapCents(req.shpNm, req.crt, req.colNm, req.clrNm)
    const amt = pricePerCaratCents(rap, req.back)
    const row = {
      id: randomUUID(),
      stoneId: req.stoneId,
      certNo: req.lbNm === 'NON-CERT' ? '' : (req.certNo ?? ''),
      shape: req.shpNm,
      shapeFull: SHAPE_FULL[req.shpNm] ?? req.shpNm,
      carat: req.crt.toFixed(2),
      color: req.colNm,
      clarity: req.clrNm,
      cut: req.cutNm,
      polish: req.polNm,
      symmetry: req.symNm,
      fluorescence: req.fluNm,
      lab: req.lbNm,
      location: req.locNm,
      shade: req.shdNm ?? 'NONE',
      rapCents: rap,
      back: req.back.toFixed(2),
      amtCents: amt,
      ctprCents: amountCents(amt, req.crt),
      length: (req.length ?? 0).toFixed(2),
      width: (req.width ?? 0).toFixed(2),
      height: (req.height ?? 0).toFixed(2),
      depPer: (req.depPer ?? 0).toFixed(2),
      tblPer: (req.tblPer ?? 0).toFixed(2),
      ratio:
        req.length && req.width
          ? (Math.max(req.length, req.width) / Math.min(req.length, req.width)).toFixed(2)
          : '0.00',
    }
    const created = await this.change(StockEventTypes.arrived, (tx) => repo.insertStone(tx, row))
    return toStatus(created!)
  }
}

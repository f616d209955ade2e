import { BiddingEventTypes, outbidOf } from '@diamond/contracts/events/bidding'
import type { DomainEvent } from '@diamond/contracts/events/index'
import type { BidClosed, BidExtended, BidFrame, BidHigh, BidPosition } from '@diamond/contracts/realtime'

/**
 * What bidding's events become at the edge: news for an auction's room (what anyone in it may
 * know) and positions for single users. The two ids of a high and the bidders of a result never
 * leave this file in a room message: a room frame is built field by field, never spread from the
 * event. Sealed lots have no events before their close, so nothing of them can be pushed early.
 */
export type LotNews =
  { kind: 'high'; data: BidHigh } | { kind: 'extended'; data: BidExtended } | { kind: 'closed'; data: BidClosed }
export interface UserPosition {
  userId: string
  data: BidPosition
}

export function bidPushesOf(event: DomainEvent): { news: LotNews | null; positions: UserPosition[] } {
  switch (event.type) {
    case BiddingEventTypes.high: {
      const e = event.data
      const at = { lotId: e.lotId, auctionId: e.auctionId, bidCount: e.bidCount }
      const positions: UserPosition[] = [{ userId: e.leaderId, data: { ...at, position: 'leading' } }]
      for (const userId of outbidOf(e)) positions.push({ userId, data: { ...at, position: 'outbid' } })
      const data: BidHigh = {
        lotId: e.lotId,
        auctionId: e.auctionId,
        pricePerCaratCents: e.pricePerCaratCents,
        bidCount: e.bidCount,
        closesAt: e.closesAt,
        reserveMet: e.reserveMet,
      }
      return { news: { kind: 'high', data }, positions }
    }
    case BiddingEventTypes.extended: {
      const e = event.data
      return {
        news: {
          kind: 'extended',
          data: { lotId: e.lotId, auctionId: e.auctionId, closesAt: e.closesAt, extensions: e.extensions },
        },
        positions: [],
      }
    }
    case BiddingEventTypes.closed: {
      const e = event.data
      const won = e.winnerId !== null
      const data: BidClosed = {
        lotId: e.lotId,
        auctionId: e.auctionId,
        state: won ? 'won' : 'closed',
        resultPerCaratCents: won ? e.pricePerCaratCents : null,
      }
      const at = { lotId: e.lotId, auctionId: e.auctionId }
      const positions: UserPosition[] = [...new Set(e.bidderIds)].map((userId) => ({
        userId,
        data: { ...at, position: userId === e.winnerId ? 'won' : 'lost' },
      }))
      if (e.winnerId && !e.bidderIds.includes(e.winnerId))
        positions.push({ userId: e.winnerId, data: { ...at, position: 'won' } })
      return { news: { kind: 'closed', data }, positions }
    }
    default:
      return { news: null, positions: [] }
  }
}

/** The newest of each kind of news per lot: its size is bounded by the lots, never by the events. */
interface LotLatest {
  auctionId: string
  high?: BidHigh
  extended?: BidExtended
  closed?: BidClosed
}

export class PendingLots {
  private byLot = new Map<string, LotLatest>()

  put(n: LotNews): void {
    let lot = this.byLot.get(n.data.lotId)
    if (!lot) this.byLot.set(n.data.lotId, (lot = { auctionId: n.data.auctionId }))
    if (n.kind === 'high') {
      if (!lot.high || lot.high.bidCount < n.data.bidCount) lot.high = n.data
    } else if (n.kind === 'extended') {
      if (!lot.extended || lot.extended.extensions < n.data.extensions) lot.extended = n.data
    } else lot.closed = n.data
  }

  /** Everything of `other` merged in, each kind keeping its newest. */
  merge(other: Iterable<BidFrame>): void {
    for (const f of other) {
      if (f.type === 'bid.high') this.put({ kind: 'high', data: f.data })
      else if (f.type === 'bid.extended') this.put({ kind: 'extended', data: f.data })
      else if (f.type === 'bid.closed') this.put({ kind: 'closed', data: f.data })
    }
  }

  get size(): number {
    return this.byLot.size
  }

  /** The frames per auction, a lot's in the order a client applies them: high, extension, result. */
  take(): Map<string, BidFrame[]> {
    const byAuction = new Map<string, BidFrame[]>()
    for (const lot of this.byLot.values()) {
      let frames = byAuction.get(lot.auctionId)
      if (!frames) byAuction.set(lot.auctionId, (frames = []))
      if (lot.high) frames.push({ type: 'bid.high', data: lot.high })
      if (lot.extended) frames.push({ type: 'bid.extended', data: lot.extended })
      if (lot.closed) frames.push({ type: 'bid.closed', data: lot.closed })
    }
    this.byLot.clear()
    return byAuction
  }
}

/**
 * A user's newest position per lot: won or lost are final and win over anything; otherwise the
 * position decided at the higher bid count wins, so a burst of highs tells each user once per window
 * where they stand now.
 */
export class PendingPositions {
  private byKey = new Map<string, UserPosition>()

  put(p: UserPosition): void {
    const key = `${p.userId}|${p.data.lotId}`
    const waiting = this.byKey.get(key)
    if (!waiting || newer(p.data, waiting.data)) this.byKey.set(key, p)
  }

  get size(): number {
    return this.byKey.size
  }

  take(): UserPosition[] {
    const out = [...this.byKey.values()]
    this.byKey.clear()
    return out
  }
}

const final = (p: BidPosition) => p.position === 'won' || p.position === 'lost'
function newer(p: BidPosition, than: BidPosition): boolean {
  if (final(than)) return false
  if (final(p)) return true
  return (p.bidCount ?? 0) >= (than.bidCount ?? 0)
}

/** Where a room's frames go: one connection, on either transport (see PushTarget for the states). */
export interface BidTarget {
  state(): 'ready' | 'busy' | 'closed'
  /** `frames` may be the same array for many targets: read it, never change it. */
  pushBids(frames: readonly BidFrame[]): void
}

export interface RoomIndex<T> {
  of(auctionId: string): Iterable<T>
}

/**
 * Auction rooms with per-connection batches, like the stones' PushBatcher: a lot's news costs O(1)
 * when it arrives; at the window's end each auction's frames are built once and every ready member
 * gets them in one write; a busy member keeps its own newest-per-lot news and catches up once its
 * socket drains, so a hot lot costs a slow reader memory per lot, not per bid.
 */
export class RoomBatcher<T extends BidTarget> {
  private window = new PendingLots()
  private waiting = new Map<T, PendingLots>()

  constructor(private readonly rooms: RoomIndex<T>) {}

  put(n: LotNews): void {
    this.window.put(n)
  }

  get dirty(): boolean {
    return this.window.size > 0 || this.waiting.size > 0
  }

  flush(): { sent: number; deferred: number; dropped: number } {
    const r = { sent: 0, deferred: 0, dropped: 0 }
    for (const [auctionId, frames] of this.window.take()) {
      for (const conn of this.rooms.of(auctionId)) {
        const older = this.waiting.get(conn)
        if (older) {
          older.merge(frames)
          continue
        }
        const state = conn.state()
        if (state === 'ready') {
          conn.pushBids(frames)
          r.sent++
        } else if (state === 'busy') this.pendingOf(conn).merge(frames)
        else r.dropped++
      }
    }
    for (const [conn, pending] of this.waiting) {
      const state = conn.state()
      if (state === 'busy') {
        r.deferred++
        continue
      }
      this.waiting.delete(conn)
      if (state === 'closed') {
        r.dropped++
        continue
      }
      // Merged across this connection's auctions: one write with all it missed.
      const frames = [...pending.take().values()].flat()
      if (frames.length) conn.pushBids(frames)
      r.sent++
    }
    return r
  }

  private pendingOf(conn: T): PendingLots {
    let p = this.waiting.get(conn)
    if (!p) this.waiting.set(conn, (p = new PendingLots()))
    return p
  }
}

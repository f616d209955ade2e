import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  BiddingEventTypes,
  type LotClosed,
  type LotExtended,
  type LotHighChanged,
} from '@diamond/contracts/events/bidding'
import type { EventData, EventType } from '@diamond/contracts/events/index'
import { StockEventTypes } from '@diamond/contracts/events/stock'
import type { BidFrame } from '@diamond/contracts/realtime'
import { AuctionMembers } from './auctions'
import { bidPushesOf, type BidTarget } from './bids.rules'
import { Fanout } from './fanout'
import type { Hub } from './hub'
import { Watchers } from './watchers'

const WINDOW = 25
const AUCTION = randomUUID()
const OTHER_AUCTION = randomUUID()
const LOT = randomUUID()
const STONE = randomUUID()
const [ANN, BEN, CAT] = [randomUUID(), randomUUID(), randomUUID()]

const event = <K extends EventType>(type: K, data: EventData<K>) => ({
  id: randomUUID(),
  type,
  key: LOT,
  time: '2026-01-01T00:00:00.000Z',
  producer: 'bidding',
  version: 1,
  data,
})
const high = (bidCount: number, leaderId: string, previousLeaderId: string | null, lotId = LOT, auctionId = AUCTION) =>
  event(BiddingEventTypes.high, {
    lotId,
    auctionId,
    stoneId: STONE,
    vStnId: 'B-1',
    pricePerCaratCents: 100_000 + bidCount * 1000,
    bidCount,
    closesAt: '2026-01-01T01:00:00.000Z',
    reserveMet: bidCount > 2,
    leaderId,
    previousLeaderId,
  } satisfies LotHighChanged)
const extended = (extensions: number) =>
  event(BiddingEventTypes.extended, {
    lotId: LOT,
    auctionId: AUCTION,
    stoneId: STONE,
    vStnId: 'B-1',
    closesAt: `2026-01-01T01:0${extensions}:00.000Z`,
    extensions,
  } satisfies LotExtended)
const closed = (winnerId: string | null, bidderIds: string[]) =>
  event(BiddingEventTypes.closed, {
    lotId: LOT,
    auctionId: AUCTION,
    stoneId: STONE,
    vStnId: 'B-1',
    kind: 'live',
    winnerId,
    pricePerCaratCents: winnerId ? 150_000 : null,
    bidderIds,
    closedAt: '2026-01-01T01:00:00.000Z',
  } satisfies LotClosed)

function member(state: () => ReturnType<BidTarget['state']> = () => 'ready') {
  const writes: (readonly BidFrame[])[] = []
  const t: BidTarget & { writes: typeof writes; frames: () => BidFrame[] } = {
    state,
    pushBids: (f) => void writes.push(f),
    writes,
    frames: () => writes.flat(),
  }
  return t
}

describe('what bidding events become at the edge', () => {
  it('tells a room the high, never who leads or led', () => {
    const { news, positions } = bidPushesOf(high(3, ANN, BEN))
    expect(news).toEqual({
      kind: 'high',
      data: {
        lotId: LOT,
        auctionId: AUCTION,
        pricePerCaratCents: 103_000,
        bidCount: 3,
        closesAt: '2026-01-01T01:00:00.000Z',
        reserveMet: true,
      },
    })
    expect(JSON.stringify(news)).not.toContain(ANN)
    expect(JSON.stringify(news)).not.toContain(BEN)
    expect(positions).toEqual([
      { userId: ANN, data: { lotId: LOT, auctionId: AUCTION, bidCount: 3, position: 'leading' } },
      { userId: BEN, data: { lotId: LOT, auctionId: AUCTION, bidCount: 3, position: 'outbid' } },
    ])
  })

  it('does not call a leader who raises their own bid outbid', () => {
    expect(bidPushesOf(high(4, ANN, ANN)).positions.map((p) => p.data.position)).toEqual(['leading'])
    expect(bidPushesOf(high(1, ANN, null)).positions.map((p) => p.data.position)).toEqual(['leading'])
  })

  it('tells everyone who lost the lead within one stored batch that they are outbid', () => {
    // BEN led, CAT outbid him, ANN outbid CAT: the engine announces the batch as one high.
    const e = high(5, ANN, CAT)
    e.data.outbidIds = [BEN, CAT]
    const positions = bidPushesOf(e).positions
    expect(positions.find((p) => p.userId === ANN)?.data.position).toBe('leading')
    expect(
      positions
        .filter((p) => p.data.position === 'outbid')
        .map((p) => p.userId)
        .sort(),
    ).toEqual([BEN, CAT].sort())
  })

  it('tells every bidder won or lost at the close, and the room only the result', () => {
    const { news, positions } = bidPushesOf(closed(BEN, [ANN, BEN, CAT, ANN]))
    expect(news).toEqual({
      kind: 'closed',
      data: { lotId: LOT, auctionId: AUCTION, state: 'won', resultPerCaratCents: 150_000 },
    })
    for (const id of [ANN, BEN, CAT]) expect(JSON.stringify(news)).not.toContain(id)
    expect(positions.map((p) => [p.userId, p.data.position])).toEqual([
      [ANN, 'lost'],
      [BEN, 'won'],
      [CAT, 'lost'],
    ])
    const unsold = bidPushesOf(closed(null, [ANN]))
    expect(unsold.news?.data).toMatchObject({ state: 'closed', resultPerCaratCents: null })
    expect(unsold.positions.map((p) => p.data.position)).toEqual(['lost'])
  })

  it('ignores other events', () => {
    const held = event(StockEventTypes.held, {
      stoneId: STONE,
      vStnId: 'B-1',
      wSts: 'H',
      sSts: 'A',
      availability: 'H',
      statusVersion: 1,
      holderId: ANN,
      expiresAt: null,
    })
    expect(bidPushesOf(held)).toEqual({ news: null, positions: [] })
  })
})

describe('fan-out of auction rooms', () => {
  let auctions: AuctionMembers<BidTarget>
  let fanout: Fanout
  let toUser: { userId: string; frame: Extract<BidFrame, { type: 'bid.position' }> }[]
  beforeEach(() => {
    vi.useFakeTimers()
    auctions = new AuctionMembers()
    toUser = []
    const hub = {
      toUser: (userId: string, frame: Extract<BidFrame, { type: 'bid.position' }>) =>
        void toUser.push({ userId, frame }),
      notify: () => {},
    } as unknown as Hub
    fanout = new Fanout(hub, new Watchers(), WINDOW, auctions)
  })
  afterEach(() => {
    fanout.stop()
    vi.useRealTimers()
  })

  it("coalesces a hot lot's burst into one frame per member per window, with the newest high", () => {
    const [a, b] = [member(), member()]
    const elsewhere = member()
    auctions.join(a, AUCTION)
    auctions.join(b, AUCTION)
    auctions.join(elsewhere, OTHER_AUCTION)
    const bidders = [ANN, BEN, CAT]
    for (let n = 1; n <= 300; n++) fanout.onLot(high(n, bidders[n % 3]!, n > 1 ? bidders[(n - 1) % 3]! : null))
    expect(a.writes).toEqual([])
    vi.advanceTimersByTime(WINDOW)
    for (const m of [a, b]) {
      expect(m.writes).toHaveLength(1)
      expect(m.frames()).toEqual([
        { type: 'bid.high', data: expect.objectContaining({ lotId: LOT, bidCount: 300, pricePerCaratCents: 400_000 }) },
      ])
    }
    expect(a.writes[0]).toBe(b.writes[0])
    expect(elsewhere.writes).toEqual([])
    for (const id of [ANN, BEN, CAT]) expect(JSON.stringify(a.writes)).not.toContain(id)

    // Each user hears once where they stand after the burst: 300 % 3 = 0 → ANN leads, CAT (299) was outbid.
    const positions = Object.fromEntries(toUser.map((p) => [p.userId, p.frame.data]))
    expect(toUser).toHaveLength(3)
    expect(positions[ANN]).toMatchObject({ position: 'leading', bidCount: 300 })
    expect(positions[CAT]).toMatchObject({ position: 'outbid', bidCount: 300 })
    expect(positions[BEN]).toMatchObject({ position: 'outbid', bidCount: 299 })
    expect(toUser.every((p) => p.frame.type === 'bid.position')).toBe(true)
  })

  it('sends the extension and the result, in order, and final positions win over older ones', () => {
    const m = member()
    auctions.join(m, AUCTION)
    fanout.onLot(high(1, ANN, null))
    fanout.onLot(extended(1))
    fanout.onLot(high(2, BEN, ANN))
    fanout.onLot(closed(BEN, [ANN, BEN]))
    vi.advanceTimersByTime(WINDOW)
    expect(m.frames().map((f) => [f.type, (f.data as { bidCount?: number }).bidCount])).toEqual([
      ['bid.high', 2],
      ['bid.extended', undefined],
      ['bid.closed', undefined],
    ])
    expect(toUser.map((p) => [p.userId, p.frame.data.position])).toEqual([
      [ANN, 'lost'],
      [BEN, 'won'],
    ])
  })

  it('keeps a busy member its newest news per lot and sends it once its socket drains', () => {
    let state: ReturnType<BidTarget['state']> = 'busy'
    const slow = member(() => state)
    auctions.join(slow, AUCTION)
    for (let n = 1; n <= 5; n++) {
      fanout.onLot(high(n, ANN, null))
      vi.advanceTimersByTime(WINDOW)
    }
    fanout.onLot(extended(2))
    vi.advanceTimersByTime(WINDOW)
    expect(slow.writes).toEqual([])
    state = 'ready'
    vi.advanceTimersByTime(WINDOW)
    expect(slow.frames().map((f) => f.type)).toEqual(['bid.high', 'bid.extended'])
    expect(slow.frames()[0]!.data).toMatchObject({ bidCount: 5 })
  })

  it('stops sending to a connection that left the room or dropped', () => {
    const [gone, left] = [member(), member()]
    auctions.join(gone, AUCTION)
    auctions.join(left, AUCTION)
    auctions.leave(left, AUCTION)
    auctions.drop(gone)
    fanout.onLot(high(1, ANN, null))
    vi.advanceTimersByTime(WINDOW)
    expect(gone.writes).toEqual([])
    expect(left.writes).toEqual([])
    expect(auctions.joined(gone)).toBe(0)
  })

  it('limits the rooms one connection joins', () => {
    const m = member()
    for (let i = 0; i < 3; i++) expect(auctions.join(m, randomUUID(), 3)).toBe(true)
    expect(auctions.join(m, randomUUID(), 3)).toBe(false)
    expect(auctions.joined(m)).toBe(3)
  })
})

import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BiddingEventTypes } from '@diamond/contracts/events/bidding'
import { TradeEventTypes, type TradeEvent } from '@diamond/contracts/events/stock'
import { newEvent } from '@diamond/runtime'
import { coalesces, groupCounts, groupFilter, noticesFor } from './inbox.rules'
import { noticeGroup } from '@diamond/contracts/http/notifications.values'

const trade = (data: TradeEvent) => newEvent('stock', TradeEventTypes.offerCountered, randomUUID(), data)

describe('trading notices', () => {
  it('gives each named user one notice', () => {
    const [a, b] = [randomUUID(), randomUUID()]
    const notices = noticesFor(
      trade({ userIds: [a, b, a], toSales: false, kind: 'offer.countered', params: { vStnId: 'D1', price: 10 } }),
    )
    expect(notices).toEqual([
      { userId: a, kind: 'offer.countered', params: { vStnId: 'D1', price: 10 } },
      { userId: b, kind: 'offer.countered', params: { vStnId: 'D1', price: 10 } },
    ])
  })

  it('addresses the sales team as one audience notice', () => {
    expect(noticesFor(trade({ userIds: [], toSales: true, kind: 'offer.made', params: {} }))).toEqual([
      { userId: null, audience: 'sales', kind: 'offer.made', params: {} },
    ])
  })
})

describe('bid notices', () => {
  const [lotId, auctionId, stoneId] = [randomUUID(), randomUUID(), randomUUID()]
  const [ann, ben, cat] = [randomUUID(), randomUUID(), randomUUID()]
  const high = (leaderId: string, previousLeaderId: string | null, outbidIds?: string[]) =>
    newEvent('bidding', BiddingEventTypes.high, lotId, {
      lotId,
      auctionId,
      stoneId,
      vStnId: 'B-7',
      pricePerCaratCents: 123_450,
      bidCount: 4,
      closesAt: new Date().toISOString(),
      reserveMet: null,
      leaderId,
      previousLeaderId,
      ...(outbidIds ? { outbidIds } : {}),
    })
  const closed = (winnerId: string | null, bidderIds: string[]) =>
    newEvent('bidding', BiddingEventTypes.closed, lotId, {
      lotId,
      auctionId,
      stoneId,
      vStnId: 'B-7',
      kind: 'blind',
      winnerId,
      pricePerCaratCents: winnerId ? 200_000 : null,
      bidderIds,
      closedAt: new Date().toISOString(),
    })

  it('tells the previous leader they were outbid, with the new high, and nobody else', () => {
    expect(noticesFor(high(ann, ben))).toEqual([
      { userId: ben, kind: 'bid.outbid', params: { lotId, auctionId, vStnId: 'B-7', price: 1234.5 } },
    ])
    expect(noticesFor(high(ann, null))).toEqual([])
    expect(noticesFor(high(ann, ann))).toEqual([])
  })

  it('tells everyone who lost the lead within one stored batch, once each, never the new leader', () => {
    // ben led, cat outbid him, ann outbid cat: one high event for the batch.
    const notices = noticesFor(high(ann, cat, [ben, cat]))
    expect(notices.map((n) => n.userId).sort()).toEqual([ben, cat].sort())
    expect(notices.every((n) => n.kind === 'bid.outbid' && n.params.price === 1234.5)).toBe(true)
    // ann led, was outbid and took the lead back in the same batch: nothing for her.
    expect(noticesFor(high(ann, ben, [ann, ben])).map((n) => n.userId)).toEqual([ben])
  })

  it('tells every bidder won or lost at the close, the price only to the winner', () => {
    const notices = noticesFor(closed(ben, [ann, ben, cat, ann]))
    expect(notices).toEqual([
      { userId: ann, kind: 'bid.lost', params: { lotId, auctionId, vStnId: 'B-7' } },
      { userId: ben, kind: 'bid.won', params: { lotId, auctionId, vStnId: 'B-7', price: 2000 } },
      { userId: cat, kind: 'bid.lost', params: { lotId, auctionId, vStnId: 'B-7' } },
    ])
    expect(noticesFor(closed(null, [ann])).map((n) => n.kind)).toEqual(['bid.lost'])
  })

  it('tells every bidder of a withdrawn lot that its stone left the auction, and nobody that they won', () => {
    const withdrawn = closed(null, [ann, ben, ann])
    withdrawn.data.withdrawn = true
    expect(noticesFor(withdrawn)).toEqual([
      { userId: ann, kind: 'bid.withdrawn', params: { lotId, auctionId, vStnId: 'B-7' } },
      { userId: ben, kind: 'bid.withdrawn', params: { lotId, auctionId, vStnId: 'B-7' } },
    ])
  })

  it('makes no notice of an extension (a push to the room only), and coalesces only outbid notices', () => {
    const ext = newEvent('bidding', BiddingEventTypes.extended, lotId, {
      lotId,
      auctionId,
      stoneId,
      vStnId: 'B-7',
      closesAt: new Date().toISOString(),
      extensions: 1,
    })
    expect(noticesFor(ext)).toEqual([])
    expect(coalesces(noticesFor(high(ann, ben))[0]!)).toBe(true)
    expect(coalesces(noticesFor(closed(ben, [ben]))[0]!)).toBe(false)
  })
})

describe('the notification centre groups', () => {
  it('files a kind under its subject, and unknown subjects under other', () => {
    expect(noticeGroup('offer.countered')).toBe('trading')
    expect(noticeGroup('order.placed')).toBe('orders')
    expect(noticeGroup('shipment.updated')).toBe('orders')
    expect(noticeGroup('bid.outbid')).toBe('bids')
    expect(noticeGroup('appointment.reminder')).toBe('appointments')
    expect(noticeGroup('member.listed')).toBe('members')
    expect(noticeGroup('ftp.failed')).toBe('stock')
    expect(noticeGroup('something.new')).toBe('other')
    expect(noticeGroup('nodot')).toBe('other')
  })

  it('filters a group by its subjects, and other by leaving every known subject out', () => {
    expect(groupFilter(undefined)).toBeUndefined()
    expect(groupFilter('orders')).toEqual({ only: ['order', 'shipment', 'invoice'] })
    const other = groupFilter('other')
    expect(other && 'except' in other && other.except).toEqual(expect.arrayContaining(['offer', 'bid', 'member']))
  })

  it('sums subjects into groups in the centre order, the asked group counted alone, unread of all', () => {
    const bySubject = [
      { subject: 'bid', count: 3, unread: 1 },
      { subject: 'offer', count: 2, unread: 2 },
      { subject: 'reminder', count: 1, unread: 0 },
      { subject: 'mystery', count: 4, unread: 4 },
    ]
    expect(groupCounts(bySubject, undefined)).toEqual({
      count: 10,
      unread: 7,
      groups: [
        { group: 'trading', count: 3, unread: 2 },
        { group: 'bids', count: 3, unread: 1 },
        { group: 'other', count: 4, unread: 4 },
      ],
    })
    expect(groupCounts(bySubject, 'trading').count).toBe(3)
    expect(groupCounts(bySubject, 'orders')).toMatchObject({ count: 0, unread: 7 })
    expect(groupCounts([], undefined)).toEqual({ count: 0, unread: 0, groups: [] })
  })
})

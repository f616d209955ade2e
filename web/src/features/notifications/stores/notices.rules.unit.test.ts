import { describe, expect, it } from 'vitest'
import { countIn, mergeNotices, noticeTarget } from './notices.rules'

describe('notices', () => {
  it('lead to the screen of what they are about', () => {
    expect(noticeTarget({ kind: 'offer.countered', params: {} })).toBe('/account/offer-list')
    expect(noticeTarget({ kind: 'bid.outbid', params: {} })).toBe('/my-bid')
    expect(noticeTarget({ kind: 'bid.outbid', params: { lotId: 'L', auctionId: 'A' } })).toBe('/search-bid-diamond/A')
    expect(noticeTarget({ kind: 'bid.won', params: { lotId: 'L', auctionId: 'A' } })).toBe('/my-bid/L')
    expect(noticeTarget({ kind: 'bid.withdrawn', params: { lotId: 'L', auctionId: 'A' } })).toBe('/my-bid/L')
    expect(noticeTarget({ kind: 'stone.taken', params: { stoneId: 'abc' } })).toBe('/diamond-detail/abc')
    expect(noticeTarget({ kind: 'stone.held', params: { stoneId: 'abc' } })).toBe('/account/hold')
    expect(noticeTarget({ kind: 'ftp.fetched', params: { uploadId: 'u' } })).toBe('/inventory/history')
    expect(noticeTarget({ kind: 'ftp.failed', params: { host: 'h', error: 'E_FTP_CONNECT' } })).toBe('/inventory/ftp')
    expect(noticeTarget({ kind: 'appointment.booked', params: { by: 'buyer' } })).toBe('/appointments/calendar')
    // Staff acted for the sales person, or a move took it from them: still the sales side's calendar.
    expect(noticeTarget({ kind: 'appointment.cancelled', params: { by: 'sales', for: 'sales' } })).toBe(
      '/appointments/calendar',
    )
    expect(noticeTarget({ kind: 'viewing.declined', params: {} })).toBe('/account/office-list')
    expect(noticeTarget({ kind: 'appointment.rescheduled', params: { by: 'sales' } })).toBe('/appointments')
    expect(noticeTarget({ kind: 'appointment.reminder', params: { soon: 'day' } })).toBe('/appointments')
    expect(noticeTarget({ kind: 'member.listed', params: { companyId: 'C', source: 'upload' } })).toBe('/member/C')
    expect(noticeTarget({ kind: 'member.listed', params: { companyId: 'C', source: 'auction', sourceId: 'A' } })).toBe(
      '/search-bid-diamond/A',
    )
    expect(noticeTarget({ kind: 'something.new', params: {} })).toBeNull()
  })

  it('merge pushed and read notices newest first, each once', () => {
    const a = { id: 'a', createdAt: '2026-01-01T10:00:00Z' }
    const b = { id: 'b', createdAt: '2026-01-01T11:00:00Z' }
    const c = { id: 'c', createdAt: '2026-01-01T12:00:00Z' }
    expect(mergeNotices([b, a], [c, b]).map((n) => n.id)).toEqual(['c', 'b', 'a'])
  })
})

describe('countIn', () => {
  const gs = [
    { group: 'trading', count: 2, unread: 1 },
    { group: 'bids', count: 1, unread: 0 },
  ]
  it('counts a new notice in its group, adding the group when it is the first', () => {
    expect(countIn(gs, 'bids', 1)).toEqual([gs[0], { group: 'bids', count: 2, unread: 1 }])
    expect(countIn(gs, 'orders', 1)).toEqual([...gs, { group: 'orders', count: 1, unread: 1 }])
  })
  it('takes a read notice off its group unread, never below zero', () => {
    expect(countIn(gs, 'trading', -1, 0)).toEqual([{ group: 'trading', count: 2, unread: 0 }, gs[1]])
    expect(countIn(gs, 'bids', -1, 0)[1]).toEqual({ group: 'bids', count: 1, unread: 0 })
    expect(countIn(gs, 'orders', -1, 0)).toEqual(gs)
  })
})

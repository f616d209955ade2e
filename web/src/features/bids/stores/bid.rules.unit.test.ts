import { describe, expect, it } from 'vitest'
import type { LotView } from '@diamond/contracts/http/bidding'
import {
  applyClosed,
  applyExtended,
  applyHigh,
  applyPosition,
  awaitsResult,
  centsToUsd,
  checkAmount,
  formatCountdown,
  fromView,
  mergeView,
  phaseOf,
  requestIdFor,
} from './bid.rules'

const fmt = (c: number) => `$${(c / 100).toFixed(2)}`
const LOT = '00000000-0000-4000-8000-000000000001'
const AUCTION = '00000000-0000-4000-8000-000000000002'

const view = (over: Partial<LotView> = {}): LotView => ({
  id: LOT,
  auctionId: AUCTION,
  title: 'Evening',
  kind: 'live',
  bidType: 2,
  stoneId: '00000000-0000-4000-8000-000000000003',
  vStnId: 'B-1',
  crt: 1.5,
  shpNm: 'ROUND',
  colNm: 'F',
  clrNm: 'VS1',
  state: 'open',
  opensAt: '2026-01-01T00:00:00.000Z',
  closesAt: '2026-01-01T01:00:00.000Z',
  extensions: 0,
  startPerCaratCents: 100_000,
  incrementPerCaratCents: 5_000,
  reserveMet: null,
  buyNowPerCaratCents: null,
  minimumPerCaratCents: 100_000,
  high: null,
  my: null,
  resultPerCaratCents: null,
  ...over,
})
const high = (bidCount: number, price: number, closesAt = '2026-01-01T01:00:00.000Z') => ({
  lotId: LOT,
  auctionId: AUCTION,
  pricePerCaratCents: price,
  bidCount,
  closesAt,
  reserveMet: null,
})
const mine = (price: number, position: 'leading' | 'outbid' | 'sealed' = 'leading') => ({
  bidId: '00000000-0000-4000-8000-000000000009',
  pricePerCaratCents: price,
  amountCents: price * 1.5,
  back: null,
  position,
})

describe('reading a typed bid', () => {
  it('takes plain amounts with up to 2 decimals, exactly, as cents', () => {
    expect(checkAmount('1250.5', 0, fmt)).toEqual({ ok: true, cents: 125_050 })
    expect(checkAmount(' 1,250.56 ', 0, fmt)).toEqual({ ok: true, cents: 125_056 })
    expect(checkAmount('0.29', 0, fmt)).toEqual({ ok: true, cents: 29 })
    expect(checkAmount('1000.', 0, fmt)).toEqual({ ok: true, cents: 100_000 })
  })

  it('refuses empty, non-numeric, negative, zero, over-precise and absurd amounts, each with its own message', () => {
    expect(checkAmount('', 0, fmt)).toMatchObject({ ok: false, key: 'bids.errors.required' })
    expect(checkAmount('-5', 0, fmt)).toMatchObject({ ok: false, key: 'bids.errors.positive' })
    for (const bad of ['abc', '1e5', '12.3.4', '0x10', 'NaN', 'Infinity'])
      expect(checkAmount(bad, 0, fmt), bad).toMatchObject({ ok: false, key: 'bids.errors.number' })
    expect(checkAmount('0', 0, fmt)).toMatchObject({ ok: false, key: 'bids.errors.positive' })
    expect(checkAmount('0.00', 0, fmt)).toMatchObject({ ok: false, key: 'bids.errors.positive' })
    expect(checkAmount('10.001', 0, fmt)).toMatchObject({ ok: false, key: 'bids.errors.precision' })
    expect(checkAmount('10000000.01', 0, fmt)).toMatchObject({ ok: false, key: 'bids.errors.tooLarge' })
    expect(checkAmount('99999999999999999999', 0, fmt)).toMatchObject({ ok: false, key: 'bids.errors.tooLarge' })
    expect(checkAmount('10000000', 0, fmt)).toEqual({ ok: true, cents: 1_000_000_000 })
  })

  it('takes commas only between thousands, and refuses a decimal comma rather than reading it as digits', () => {
    expect(checkAmount('12,345,678', 0, fmt)).toMatchObject({ ok: false, key: 'bids.errors.tooLarge' })
    expect(checkAmount('1,320', 0, fmt)).toEqual({ ok: true, cents: 132_000 })
    expect(checkAmount('1,320.5', 0, fmt)).toEqual({ ok: true, cents: 132_050 })
    for (const bad of ['1320,5', '1320,50', '1.320,50', '13,20', '1,3200', ',5', '1,,320', '1,320,']) {
      expect(checkAmount(bad, 0, fmt), bad).toMatchObject({ ok: false, key: 'bids.errors.separator' })
    }
  })

  it('refuses less than the minimum and names it', () => {
    expect(checkAmount('1049.99', 105_000, fmt)).toEqual({
      ok: false,
      key: 'bids.errors.belowMinimum',
      params: { minimum: '$1050.00' },
    })
    expect(checkAmount('1050', 105_000, fmt)).toEqual({ ok: true, cents: 105_000 })
  })

  it('sends cents as USD with at most 2 decimals', () => {
    expect(centsToUsd(125_050)).toBe(1250.5)
    expect(centsToUsd(29)).toBe(0.29)
  })

  it('keeps the request id while the same amount is retried, and makes a new one for another amount', () => {
    let n = 0
    const make = () => `id-${++n}`
    const first = requestIdFor(undefined, 100, make)
    expect(requestIdFor(first, 100, make)).toBe(first)
    expect(requestIdFor(first, 101, make)).toEqual({ cents: 101, requestId: 'id-2' })
  })
})

describe('the countdown on the server clock', () => {
  it('tells upcoming, open, closing and decided apart by the server time', () => {
    const lot = view()
    expect(phaseOf(lot, Date.parse('2025-12-31T23:59:59.000Z'))).toBe('upcoming')
    expect(phaseOf(lot, Date.parse('2026-01-01T00:30:00.000Z'))).toBe('open')
    expect(phaseOf(lot, Date.parse('2026-01-01T01:00:00.000Z'))).toBe('closing')
    expect(phaseOf({ ...lot, state: 'won' }, 0)).toBe('won')
  })

  it('reads a lot again once its result is overdue, however the push went', () => {
    const lot = view()
    const close = Date.parse(lot.closesAt)
    expect(awaitsResult(lot, close - 1_000)).toBe(false)
    expect(awaitsResult(lot, close + 4_000)).toBe(false)
    expect(awaitsResult(lot, close + 6_000)).toBe(true)
    for (const state of ['won', 'closed'] as const) expect(awaitsResult({ ...lot, state }, close + 60_000)).toBe(false)
  })

  it('formats seconds, hours and days', () => {
    expect(formatCountdown(59)).toBe('0:59')
    expect(formatCountdown(3723)).toBe('1:02:03')
    expect(formatCountdown(90_061)).toBe('1d 01:01:01')
    expect(formatCountdown(-3)).toBe('0:00')
  })
})

describe('folding live news into a lot', () => {
  it('takes a newer high, moves the minimum and sees that my lower bid is outbid', () => {
    const lot = fromView(
      view({ high: { pricePerCaratCents: 100_000, amountCents: 150_000, back: null, bidCount: 1 }, my: mine(100_000) }),
    )
    const next = applyHigh(lot, high(2, 110_000))
    expect(next.high).toMatchObject({ pricePerCaratCents: 110_000, bidCount: 2, amountCents: 165_000 })
    expect(next.minimumPerCaratCents).toBe(115_000)
    expect(next.my?.position).toBe('outbid')
    expect(applyHigh(next, high(1, 999_999))).toBe(next)
    // A just-bid-it lot never asks more than its buy-now price.
    const quick = fromView(view({ kind: 'justBidIt', buyNowPerCaratCents: 112_000 }))
    expect(applyHigh(quick, high(1, 110_000)).minimumPerCaratCents).toBe(112_000)
  })

  it('ignores a position older than what it shows, and keeps won or lost final', () => {
    let lot = fromView(
      view({ high: { pricePerCaratCents: 120_000, amountCents: 0, back: null, bidCount: 5 }, my: mine(120_000) }),
    )
    lot = applyPosition(lot, { lotId: LOT, auctionId: AUCTION, position: 'outbid', bidCount: 4 })
    expect(lot.my?.position).toBe('leading')
    lot = applyPosition(lot, { lotId: LOT, auctionId: AUCTION, position: 'outbid', bidCount: 6 })
    expect(lot.my?.position).toBe('outbid')
    lot = applyPosition(lot, { lotId: LOT, auctionId: AUCTION, position: 'won' })
    lot = applyPosition(lot, { lotId: LOT, auctionId: AUCTION, position: 'leading', bidCount: 99 })
    expect(lot.my?.position).toBe('won')
  })

  it('shows an extension once, and the result at the close', () => {
    const lot = fromView(view())
    const ext = applyExtended(
      lot,
      { lotId: LOT, auctionId: AUCTION, closesAt: '2026-01-01T01:02:00.000Z', extensions: 1 },
      42,
    )
    expect(ext).toMatchObject({ closesAt: '2026-01-01T01:02:00.000Z', extensions: 1, extendedAt: 42 })
    expect(
      applyExtended(ext, { lotId: LOT, auctionId: AUCTION, closesAt: '2026-01-01T01:02:00.000Z', extensions: 1 }, 99),
    ).toBe(ext)
    const closed = applyClosed(
      { ...ext, my: mine(1) },
      { lotId: LOT, auctionId: AUCTION, state: 'won', resultPerCaratCents: 130_000 },
    )
    expect(closed).toMatchObject({ state: 'won', resultPerCaratCents: 130_000, my: { position: 'lost' } })
  })

  it('lets an HTTP answer that is older than the pushes already shown keep the newer high', () => {
    const shown = applyHigh(fromView(view()), high(3, 130_000))
    const answer = view({
      high: { pricePerCaratCents: 120_000, amountCents: 0, back: null, bidCount: 2 },
      my: mine(120_000),
      minimumPerCaratCents: 125_000,
    })
    const merged = mergeView(shown, answer)
    expect(merged.high?.bidCount).toBe(3)
    expect(merged.minimumPerCaratCents).toBe(135_000)
    expect(merged.my).toMatchObject({ pricePerCaratCents: 120_000, position: 'outbid' })
    const newer = mergeView(
      shown,
      view({ high: { pricePerCaratCents: 140_000, amountCents: 0, back: null, bidCount: 4 }, my: mine(140_000) }),
    )
    expect(newer.my?.position).toBe('leading')
    expect(newer.high?.bidCount).toBe(4)
  })

  it('keeps an extension a push told before the answer of the bid that caused it', () => {
    const pushed = applyExtended(
      applyHigh(fromView(view()), high(1, 100_000, '2026-01-01T02:00:00.000Z')),
      { lotId: LOT, auctionId: AUCTION, closesAt: '2026-01-01T02:00:00.000Z', extensions: 1 },
      7,
    )
    const merged = mergeView(
      pushed,
      view({ high: { pricePerCaratCents: 100_000, amountCents: 0, back: null, bidCount: 1 }, my: mine(100_000) }),
    )
    expect(merged).toMatchObject({
      extensions: 1,
      extendedAt: 7,
      closesAt: '2026-01-01T02:00:00.000Z',
      my: { position: 'leading' },
    })
  })
})

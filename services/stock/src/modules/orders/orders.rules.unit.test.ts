import { describe, expect, it } from 'vitest'
import { BILL_TYPES, billType, MIN_BILL_AMOUNT_CENTS } from '@diamond/contracts/http/orders.values'
import {
  auctionPayBy,
  parseTaxes,
  taxLines,
  addWorkingDays,
  canAdvance,
  decideConfirm,
  deliveryWindow,
  isIdempotencyKey,
  lineFigures,
  meetsMinimum,
  noticesFor,
  requestFingerprint,
  sellersOf,
  totalFigures,
  type PricedStone,
} from './orders.rules'

const stone = (over: Partial<PricedStone> = {}): PricedStone => ({
  id: 'a',
  vStnId: 'D1',
  shape: 'RO',
  carat: 1.01,
  color: 'G',
  clarity: 'VS1',
  lab: 'GIA',
  location: 'India',
  rapCents: 1_000_000,
  back: -30,
  amtCents: 700_000,
  ctprCents: 707_000,
  wSts: 'A',
  sellerCompanyId: null,
  ...over,
})
const bill = (code: number) => billType(code)!

describe('discount calculations per bill type', () => {
  it('takes each bill type value off the amount, in whole cents', () => {
    const s = stone()
    const expected: Record<number, number> = { 1: -17_675, 2: 0, 3: -35_350, 4: -14_140, 5: 0, 6: 0 }
    for (const b of BILL_TYPES) {
      const f = lineFigures(s, b)
      expect(f.adjustmentCents, b.name).toBe(expected[b.code])
      expect(f.finalAmountCents).toBe(707_000 + expected[b.code]!)
      expect(Number.isInteger(f.finalPricePerCaratCents)).toBe(true)
    }
  })

  it('rounds half up once per stone, so totals are the sum of the lines', () => {
    const stones = [stone({ id: 'a', ctprCents: 12_345 }), stone({ id: 'b', ctprCents: 10_001, carat: 0.3 })]
    const lines = stones.map((s) => lineFigures(s, bill(1)))
    // 2.5 % of 123.45 is 3.08625 -> 3.09; of 100.01 it is 2.50025 -> 2.50
    expect(lines.map((l) => l.adjustmentCents)).toEqual([-309, -250])
    const t = totalFigures(stones, lines)
    expect(t.adjustmentCents).toBe(-559)
    expect(t.finalAmountCents).toBe(12_345 + 10_001 - 559)
    expect(t.crt).toBe(1.31)
    expect(t.pcs).toBe(2)
  })

  it('prices a fixed price per carat (an accepted quote) from that price', () => {
    const f = lineFigures(stone(), bill(5), 650_000)
    expect(f.pricePerCaratCents).toBe(650_000)
    expect(f.amountCents).toBe(656_500)
    expect(f.finalAmountCents).toBe(656_500)
    expect(f.back).toBe(-35)
  })

  it('states the final discount against Rap', () => {
    const f = lineFigures(stone({ carat: 1, ctprCents: 700_000 }), bill(3))
    // 5 % off 7000 = 6650 per carat: 33.5 % below Rap
    expect(f.finalPricePerCaratCents).toBe(665_000)
    expect(f.finalBack).toBe(-33.5)
  })

  it('asks the minimum of 15000 on the rupee and DD bills only, on the final amount', () => {
    expect(BILL_TYPES.filter((b) => b.minAmountCents !== null).map((b) => b.code)).toEqual([1, 2, 3])
    expect(meetsMinimum(bill(1), MIN_BILL_AMOUNT_CENTS - 1)).toBe(false)
    expect(meetsMinimum(bill(1), MIN_BILL_AMOUNT_CENTS)).toBe(true)
    expect(meetsMinimum(bill(4), 1)).toBe(true)
  })

  it('tells when a stone lies outside India', () => {
    expect(noticesFor([stone()])).toEqual({ pricesFixed: true, deliveryDays: true, outsideIndia: false })
    expect(noticesFor([stone(), stone({ location: 'Hong Kong' })]).outsideIndia).toBe(true)
  })
})

describe('who may confirm a stone', () => {
  const stones = new Map([
    ['a', { wSts: 'A' }],
    ['h', { wSts: 'H' }],
    ['m', { wSts: 'M' }],
  ])
  it('accepts available stones and the buyer own holds, and names the rest', () => {
    const r = decideConfirm(['a', 'h', 'm', 'x'], stones, new Map([['h', 'me']]), 'me')
    expect(r.unavailable).toEqual(['m', 'x'])
    expect([...r.fromHold]).toEqual(['h'])
  })
  it("refuses someone else's hold", () => {
    expect(decideConfirm(['h'], stones, new Map([['h', 'other']]), 'me').unavailable).toEqual(['h'])
  })
})

describe('idempotency keys', () => {
  it('accepts 8 to 100 letters, digits, dash and underscore', () => {
    expect(isIdempotencyKey('0b8c1f8e-6a43-4b8e-9a7e-1c2d3e4f5a6b')).toBe(true)
    expect(isIdempotencyKey('short')).toBe(false)
    expect(isIdempotencyKey('has space in it')).toBe(false)
    expect(isIdempotencyKey('x'.repeat(101))).toBe(false)
    expect(isIdempotencyKey(undefined)).toBe(false)
  })
  it('treats the same basket in any order as the same request, and another bill type or price as a different one', () => {
    const a = requestFingerprint(['B', 'a'], 4)
    expect(requestFingerprint(['a', 'b', 'a'], 4)).toBe(a)
    expect(requestFingerprint(['a', 'b'], 5)).not.toBe(a)
    expect(requestFingerprint(['a', 'c'], 4)).not.toBe(a)
    expect(requestFingerprint(['a', 'b'], 4, { a: 100 })).not.toBe(a)
  })
})

describe('shipments', () => {
  it('move on one step at a time', () => {
    expect(canAdvance('confirmed', 'packed')).toBe(true)
    expect(canAdvance('confirmed', 'shipped')).toBe(false)
    expect(canAdvance('delivered', 'confirmed')).toBe(false)
    expect(canAdvance('packed', 'packed')).toBe(false)
  })
  it('expect delivery 7 to 10 working days after the order, weekends skipped', () => {
    // Friday 6 March 2026
    const w = deliveryWindow(new Date('2026-03-06T10:00:00Z'))
    expect(w.from.toISOString().slice(0, 10)).toBe('2026-03-17')
    expect(w.to.toISOString().slice(0, 10)).toBe('2026-03-20')
    expect(addWorkingDays(new Date('2026-03-07T00:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2026-03-09')
  })
})

describe('the sellers an order event names (issue 25: who may be rated)', () => {
  it('lists each seller company once, in a fixed order, and leaves out house stock', () => {
    const a = '00000000-0000-4000-8000-00000000000a'
    const b = '00000000-0000-4000-8000-00000000000b'
    expect(
      sellersOf([{ sellerCompanyId: b }, { sellerCompanyId: null }, { sellerCompanyId: a }, { sellerCompanyId: b }]),
    ).toBe(`${a},${b}`)
    expect(sellersOf([{ sellerCompanyId: null }])).toBe('')
  })
})

describe('invoice taxes and auction terms (issue 26)', () => {
  it('reads the configured taxes, and none from an empty setting', () => {
    expect(parseTaxes('IGST:0.25, Cess:1.5')).toEqual([
      { name: 'IGST', percent: 0.25 },
      { name: 'Cess', percent: 1.5 },
    ])
    expect(parseTaxes('')).toEqual([])
  })

  it('adds each tax in whole cents, rounded on its own, to the final amount', () => {
    expect(taxLines(1_234_567, [{ name: 'IGST', percent: 0.25 }])).toEqual({
      lines: [{ name: 'IGST', percent: 0.25, cents: 3086 }],
      totalCents: 1_237_653,
    })
    expect(taxLines(100_00, [])).toEqual({ lines: [], totalCents: 100_00 })
  })

  it("dates a won lot's invoice the next business day and its payment 3 business days later", () => {
    // Friday 2026-11-27 closes: invoice Monday 30th, pay by Thursday 3 December.
    const { invoiceOn, payBy } = auctionPayBy(new Date('2026-11-27T15:00:00Z'))
    expect(invoiceOn.toISOString().slice(0, 10)).toBe('2026-11-30')
    expect(payBy.toISOString().slice(0, 10)).toBe('2026-12-03')
  })
})

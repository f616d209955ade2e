import { describe, expect, it } from 'vitest'
import { agreedCents, answer, counter, openQuote, reminderProblem, toCents, type OfferState } from './tracks.rules'

const open = (over: Partial<OfferState> = {}): OfferState => ({
  status: 'open',
  turn: 'sales',
  askingCents: 500_000,
  buyerCents: 450_000,
  salesCents: null,
  ...over,
})

describe('quote minimum difference (10 USD per carat)', () => {
  it('accepts a first quote 10 below the asking price and refuses one closer', () => {
    expect(openQuote(500_000, 499_000).ok).toBe(true)
    expect(openQuote(500_000, 499_001)).toMatchObject({ ok: false, code: 'E_QUOTE_MIN_DIFF', data: { maxPrice: 4990 } })
    expect(openQuote(500_000, 600_000).ok).toBe(false)
  })

  it('makes a counter move at least 10 and stay 10 short of the other side', () => {
    const s = open()
    expect(counter(s, 'sales', 480_000)).toMatchObject({
      ok: true,
      next: { turn: 'buyer', salesCents: 480_000, buyerCents: 450_000 },
    })
    expect(counter(s, 'sales', 450_500)).toMatchObject({ ok: false, code: 'E_QUOTE_MIN_DIFF' })
    expect(counter(s, 'sales', 499_500)).toMatchObject({ ok: false, code: 'E_QUOTE_MIN_DIFF' })
    const back = open({ turn: 'buyer', salesCents: 480_000 })
    expect(counter(back, 'buyer', 460_000)).toMatchObject({
      ok: true,
      next: { turn: 'sales', buyerCents: 460_000, salesCents: 480_000 },
    })
    expect(counter(back, 'buyer', 479_500)).toMatchObject({ ok: false, code: 'E_QUOTE_MIN_DIFF' })
  })
})

describe('offer turns and endings', () => {
  it('lets only the side whose turn it is answer', () => {
    expect(counter(open(), 'buyer', 460_000)).toMatchObject({ ok: false, code: 'E_OFFER_NOT_YOUR_TURN' })
    expect(answer(open(), 'buyer', 'accepted')).toMatchObject({ ok: false, code: 'E_OFFER_NOT_YOUR_TURN' })
  })

  it("accepts the other side's latest price", () => {
    expect(answer(open(), 'sales', 'accepted')).toMatchObject({
      ok: true,
      next: { status: 'accepted' },
      priceCents: 450_000,
    })
    expect(answer(open({ turn: 'buyer', salesCents: 480_000 }), 'buyer', 'accepted')).toMatchObject({
      ok: true,
      priceCents: 480_000,
    })
    expect(agreedCents(open({ turn: 'buyer', salesCents: 480_000 }))).toBe(480_000)
  })

  it('refuses any answer to a closed offer', () => {
    for (const status of ['accepted', 'rejected', 'expired'] as const) {
      expect(answer(open({ status }), 'sales', 'accepted')).toMatchObject({ ok: false, code: 'E_OFFER_CLOSED' })
      expect(counter(open({ status }), 'sales', 480_000)).toMatchObject({ ok: false, code: 'E_OFFER_CLOSED' })
    }
  })

  it('rejects with no price', () => {
    expect(answer(open(), 'sales', 'rejected')).toMatchObject({
      ok: true,
      next: { status: 'rejected' },
      priceCents: null,
    })
  })
})

describe('inputs', () => {
  it('reads dollars with at most two decimals as cents', () => {
    expect(toCents(4990.5)).toBe(499_050)
    expect(toCents(19.99)).toBe(1999)
    expect(toCents(1.001)).toBeNull()
  })

  it('wants a future reminder date', () => {
    const now = new Date('2026-01-01T00:00:00Z')
    expect(reminderProblem('2026-01-02T00:00:00Z', now)).toBeNull()
    expect(reminderProblem('2025-12-31T00:00:00Z', now)).toMatchObject({
      field: 'reminderAt',
      message: 'must be in the future',
    })
    expect(reminderProblem(undefined, now)).toMatchObject({ field: 'reminderAt' })
  })
})

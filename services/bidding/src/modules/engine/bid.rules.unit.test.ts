import { describe, expect, it } from 'vitest'
import { amountCents, backOf, decideBid, minimumCents, toCents, type LotState } from './bid.rules'

const T0 = 1_000_000
const open: LotState = {
  opensAt: T0,
  scheduledClose: T0 + 60_000,
  closesAt: T0 + 60_000,
  extensions: 0,
  startCents: 100_000,
  reserveCents: null,
  buyNowCents: null,
  softClose: null,
  sealed: false,
  seller: 'Shah Diamonds',
  incrementCents: 1000,
  ended: false,
  highCents: null,
  highBidder: null,
}
const sealed: LotState = { ...open, sealed: true, highCents: 500_000 }
const bid = (
  priceCents: number,
  extra: Partial<{
    bidderId: string
    at: number
    company: string
    registeredCompany: string
    ownCents: number | null
  }> = {},
) => ({ bidderId: 'ann', priceCents, at: T0 + 1, company: 'Mehta Jewels', ownCents: null, ...extra })

describe('a price per carat as typed', () => {
  it('becomes whole cents with at most 2 decimals', () => {
    expect(toCents(1234.56)).toBe(123456)
    expect(toCents(1234.567)).toBeNull()
    // Over-precise however small the excess: once let through by a tolerance and stored rounded.
    expect(toCents(1500.000000001)).toBeNull()
    // 0.1 + 0.2 goes on the wire as 0.30000000000000004: more than two decimals as sent.
    expect(toCents(0.1 + 0.2)).toBeNull()
    // Below a cent: over-precise (it once read as 0 cents and was refused as below the start).
    expect(toCents(1e-10)).toBeNull()
    expect(toCents(0.001)).toBeNull()
    expect(toCents(0.01)).toBe(1)
    expect(toCents(0)).toBeNull()
    expect(toCents(-5)).toBeNull()
    expect(toCents(1e12)).toBeNull()
    expect(toCents(Number.NaN)).toBeNull()
  })
  it('gives the amount and the discount against Rap', () => {
    expect(amountCents(500_000, 1.01)).toBe(505_000)
    expect(backOf(90_000, 100_000)).toBe(-10)
    expect(backOf(90_000, 0)).toBeNull()
  })
})

describe('a new bid on a lot', () => {
  it('must reach the start, then the high plus the increment, on an open lot', () => {
    expect(minimumCents(open)).toBe(100_000)
    expect(decideBid(open, bid(99_999))).toMatchObject({
      code: 'E_BID_TOO_LOW',
      data: { minimumPerCaratCents: 100_000 },
    })
    expect(decideBid(open, bid(100_000))).toMatchObject({ priceCents: 100_000, extended: false })
    const withHigh = { ...open, highCents: 150_000 }
    expect(decideBid(withHigh, bid(150_999))).toMatchObject({
      code: 'E_BID_TOO_LOW',
      data: { minimumPerCaratCents: 151_000 },
    })
    expect(decideBid(withHigh, bid(151_000))).toMatchObject({ priceCents: 151_000 })
  })

  it('on a sealed lot says only "below the start", never anything from other bids', () => {
    const low = decideBid(sealed, bid(99_999))
    expect(low).toMatchObject({ code: 'E_BID_BELOW_START', data: { startPerCaratCents: 100_000 } })
    expect(JSON.stringify(low)).not.toContain('5000')
    // A bid far below the (hidden) high is accepted: the high plays no part before the close.
    expect(decideBid(sealed, bid(100_000))).toMatchObject({ priceCents: 100_000 })
    expect(minimumCents(sealed)).toBe(100_000)
    expect(decideBid(sealed, bid(120_000, { ownCents: 120_000 }))).toMatchObject({ code: 'E_BID_NOT_RAISED' })
  })

  it('is refused before the opening, at and after the close, and when ended', () => {
    expect(decideBid(open, bid(200_000, { at: T0 - 1 }))).toMatchObject({ code: 'E_BID_NOT_OPEN' })
    expect(decideBid(open, bid(200_000, { at: T0 + 60_000 }))).toMatchObject({ code: 'E_BID_CLOSED' })
    expect(decideBid(open, bid(200_000, { at: T0 + 59_999 }))).toMatchObject({ priceCents: 200_000 })
    expect(decideBid({ ...open, ended: true }, bid(200_000))).toMatchObject({ code: 'E_BID_CLOSED' })
  })

  it("is refused from the stone's own seller company, whatever the case", () => {
    expect(decideBid(open, bid(200_000, { company: ' shah diamonds ' }))).toMatchObject({ code: 'E_BID_OWN_STONE' })
    // A renamed seller is still the seller of the stones it put up under its registered name.
    expect(
      decideBid(open, bid(200_000, { company: 'Shah Trading', registeredCompany: 'Shah Diamonds' })),
    ).toMatchObject({ code: 'E_BID_OWN_STONE' })
  })

  it('moves a soft close when it comes in the window', () => {
    const live = { ...open, softClose: { windowMs: 10_000, extendMs: 20_000 } }
    expect(decideBid(live, bid(100_000, { at: T0 + 55_000 }))).toMatchObject({ extended: true, closesAt: T0 + 75_000 })
    expect(decideBid(live, bid(100_000, { at: T0 + 40_000 }))).toMatchObject({ extended: false, closesAt: T0 + 60_000 })
  })

  it('buys at the buy-now price when it reaches it', () => {
    expect(decideBid({ ...open, buyNowCents: 300_000 }, bid(350_000))).toMatchObject({
      priceCents: 300_000,
      buyNow: true,
    })
  })

  it('does not let the leader of an open lot bid against themselves, only buy it outright', () => {
    const led = { ...open, highCents: 150_000, highBidder: 'ann' }
    expect(decideBid(led, bid(151_000))).toEqual({ code: 'E_BID_LEADING' })
    expect(decideBid(led, bid(151_000, { bidderId: 'ben' }))).toMatchObject({ priceCents: 151_000 })
    expect(decideBid({ ...led, buyNowCents: 300_000 }, bid(300_000))).toMatchObject({
      priceCents: 300_000,
      buyNow: true,
    })
    // A sealed lot has no leader before its close: raising my own sealed bid stays allowed.
    expect(decideBid({ ...sealed, highBidder: 'ann' }, bid(600_000, { ownCents: 550_000 }))).toMatchObject({
      priceCents: 600_000,
    })
  })

  it('never asks more than the buy-now price, even when the high plus the increment passes it', () => {
    const close = { ...open, buyNowCents: 200_000, highCents: 199_500, incrementCents: 1_000 }
    expect(minimumCents(close)).toBe(200_000)
    expect(decideBid(close, bid(200_000))).toMatchObject({ priceCents: 200_000, buyNow: true })
    expect(decideBid(close, bid(199_900))).toMatchObject({
      code: 'E_BID_TOO_LOW',
      data: { minimumPerCaratCents: 200_000 },
    })
  })
})

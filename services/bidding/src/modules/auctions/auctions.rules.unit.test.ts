import { describe, expect, it } from 'vitest'
import type { AuctionCreate } from '@diamond/contracts/http/bidding'
import { planAuction } from './auctions.rules'

const now = Date.parse('2026-03-01T10:00:00Z')
const stone = '2f0c7d1e-4b8a-4c36-9a51-0c1f0b9f6a11'
const other = '7b1f1c52-98c5-4bd8-8f0d-2a3c1e2d4f55'
const req = (over: Partial<AuctionCreate> = {}, lot: Partial<AuctionCreate['lots'][number]> = {}): AuctionCreate => ({
  title: 'Spring tender',
  kind: 'live',
  opensAt: '2026-03-01T10:00:00Z',
  closesAt: '2026-03-01T11:00:00Z',
  incrementPerCarat: 10,
  lots: [{ stoneId: stone, startPerCarat: 1000, ...lot }],
  ...over,
})
const fields = (r: ReturnType<typeof planAuction>) => ('fields' in r ? r.fields.map((f) => f.field) : [])

describe('a new auction', () => {
  it('is planned in cents and ms, a live one with the soft-close defaults', () => {
    const r = planAuction(req({}, { reservePerCarat: 1200.5 }), now)
    expect(r).toMatchObject({
      plan: {
        incrementCents: 1000,
        soft: { windowSeconds: 120, extendSeconds: 120 },
        lots: [{ startCents: 100_000, reserveCents: 120_050, buyNowCents: null }],
      },
    })
  })
  it('needs the open before the close, and the close in the future', () => {
    expect(
      fields(planAuction(req({ closesAt: '2026-03-01T09:59:59Z', opensAt: '2026-03-01T09:00:00Z' }), now)),
    ).toEqual(['closesAt'])
    expect(fields(planAuction(req({ opensAt: '2026-03-01T12:00:00Z' }), now))).toEqual(['closesAt'])
  })
  it('refuses over-precise prices, a reserve below the start, and a stone twice', () => {
    expect(fields(planAuction(req({ incrementPerCarat: 10.001 }), now))).toEqual(['incrementPerCarat'])
    expect(fields(planAuction(req({}, { startPerCarat: 1000.123 }), now))).toEqual(['lots.0.startPerCarat'])
    expect(fields(planAuction(req({}, { reservePerCarat: 999 }), now))).toEqual(['lots.0.reservePerCarat'])
    expect(
      fields(
        planAuction(
          req({
            lots: [
              { stoneId: other, startPerCarat: 5 },
              { stoneId: other, startPerCarat: 6 },
            ],
          }),
          now,
        ),
      ),
    ).toEqual(['lots.1.stoneId'])
  })
  it('takes a buy-now price only for just bid it, above the start and not below the reserve', () => {
    expect(fields(planAuction(req({}, { buyNowPerCarat: 2000 }), now))).toEqual(['lots.0.buyNowPerCarat'])
    expect(fields(planAuction(req({ kind: 'justBidIt' }, { buyNowPerCarat: 1000 }), now))).toEqual([
      'lots.0.buyNowPerCarat',
    ])
    expect(
      fields(planAuction(req({ kind: 'justBidIt' }, { buyNowPerCarat: 1100, reservePerCarat: 1200 }), now)),
    ).toEqual(['lots.0.buyNowPerCarat'])
    expect(planAuction(req({ kind: 'justBidIt' }, { buyNowPerCarat: 2000 }), now)).toMatchObject({
      plan: { soft: null, lots: [{ buyNowCents: 200_000 }] },
    })
  })
  it('asks a buy-now price of every just-bid-it lot', () => {
    expect(fields(planAuction(req({ kind: 'justBidIt' }), now))).toEqual(['lots.0.buyNowPerCarat'])
  })
  it('keeps times sane: opening at most a day back, closing within 90 days', () => {
    expect(fields(planAuction(req({ opensAt: '1970-01-01T00:00:00Z' }), now))).toEqual(['opensAt'])
    expect(fields(planAuction(req({ opensAt: '2026-02-28T10:00:01Z' }), now))).toEqual([])
    expect(fields(planAuction(req({ closesAt: '9999-12-31T23:59:59Z' }), now))).toEqual(['closesAt'])
    expect(fields(planAuction(req({ closesAt: '2026-05-30T10:00:00Z' }), now))).toEqual([])
  })
  it('leaves room for a bid above every start of an open lot', () => {
    expect(fields(planAuction(req({ incrementPerCarat: 10_000_000 }), now))).toEqual(['incrementPerCarat'])
    expect(fields(planAuction(req({ kind: 'blind', incrementPerCarat: 10_000_000 }), now))).toEqual([])
    expect(fields(planAuction(req({ incrementPerCarat: 9_999_000 }), now))).toEqual([])
  })
  it('takes a soft close only for live auctions', () => {
    expect(
      fields(planAuction(req({ kind: 'blind', softClose: { windowSeconds: 60, extendSeconds: 60 } }), now)),
    ).toEqual(['softClose'])
  })
})

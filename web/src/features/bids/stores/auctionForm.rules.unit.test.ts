import { describe, expect, it } from 'vitest'
import type { AuctionStone } from '@diamond/contracts/http/bidding'
import {
  draftErrors,
  draftLot,
  fromWallTime,
  newDraft,
  serverFieldErrors,
  suggestedStart,
  toRequest,
  wallTime,
  type AuctionDraft,
} from './auctionForm.rules'

const NOW = Date.parse('2026-11-25T10:00:30Z')
const stone = (n: number, asking = 123_456): AuctionStone => ({
  stoneId: `00000000-0000-4000-8000-00000000000${n}`,
  vStnId: `B-${n}`,
  crt: 1.2,
  wSts: 'B',
  rapPerCaratCents: 200_000,
  askingPerCaratCents: asking,
  seller: 'Shah Diamonds',
})
const draft = (over: Partial<AuctionDraft> = {}): AuctionDraft => ({
  ...newDraft(NOW),
  title: 'Evening',
  lots: [draftLot(stone(1))],
  ...over,
})

describe('times on the portal clock', () => {
  it('shows an instant as India wall time and reads it back exactly', () => {
    expect(wallTime(Date.parse('2026-11-25T10:00:00Z'))).toBe('2026-11-25T15:30')
    expect(fromWallTime('2026-11-25T15:30')).toBe(Date.parse('2026-11-25T10:00:00Z'))
    expect(fromWallTime('2026-12-31T23:59')).toBe(Date.parse('2026-12-31T18:29:00Z'))
  })
  it('refuses what is not a wall time', () => {
    for (const v of ['', '2026-11-25', '2026-13-01T10:00', '2026-02-30T10:00', '25/11/2026 10:00'])
      expect(fromWallTime(v)).toBeNull()
  })
  it('starts a new auction at the next whole minute, closing two hours later', () => {
    const d = newDraft(NOW)
    expect(fromWallTime(d.opensAt)).toBe(Date.parse('2026-11-25T10:01:00Z'))
    expect(fromWallTime(d.closesAt)! - fromWallTime(d.opensAt)!).toBe(2 * 3_600_000)
  })
})

describe('checking a new auction before it is sent', () => {
  it('passes a complete draft and builds the service body from it', () => {
    const d = draft({ lots: [{ ...draftLot(stone(1)), reserve: '1100.5' }] })
    expect(draftErrors(d, NOW)).toEqual({})
    expect(toRequest(d)).toEqual({
      title: 'Evening',
      kind: 'live',
      opensAt: '2026-11-25T10:01:00.000Z',
      closesAt: '2026-11-25T12:01:00.000Z',
      incrementPerCarat: 10,
      softClose: { windowSeconds: 120, extendSeconds: 120 },
      lots: [{ stoneId: stone(1).stoneId, startPerCarat: 1049, reservePerCarat: 1100.5 }],
    })
  })
  it('suggests 85 % of the asking price as the start, in whole dollars, never below 1', () => {
    expect(suggestedStart(123_456)).toBe('1049')
    expect(suggestedStart(0)).toBe('1')
  })
  it('names every field that breaks a rule of the service', () => {
    const d = draft({
      title: ' ',
      opensAt: '2026-11-25T16:00',
      closesAt: '2026-11-25T15:45',
      increment: '0.5',
      softWindowSeconds: '5',
      softExtendSeconds: 'x',
      lots: [
        { ...draftLot(stone(1)), start: '12.345', reserve: '-1' },
        { ...draftLot(stone(2)), start: '100', reserve: '90' },
      ],
    })
    expect(draftErrors(d, NOW)).toEqual({
      title: 'required',
      closesAt: 'closesBeforeOpens',
      increment: 'increment',
      softWindowSeconds: 'seconds',
      softExtendSeconds: 'seconds',
      'lots.0.start': 'price',
      'lots.0.reserve': 'price',
      'lots.1.reserve': 'reserveBelowStart',
    })
    expect(draftErrors(draft({ closesAt: '2026-11-25T15:00' }), NOW)).toEqual({ closesAt: 'closesPast' })
    expect(draftErrors(draft({ opensAt: '2026-11-24T15:00', closesAt: '2027-03-01T15:00' }), NOW)).toEqual({
      opensAt: 'opensPast',
      closesAt: 'closesTooFar',
    })
    expect(draftErrors(draft({ lots: [] }), NOW)).toEqual({ lots: 'noStones' })
    expect(draftErrors(draft({ lots: [{ ...draftLot(stone(1)), start: '10000000' }] }), NOW)).toEqual({
      increment: 'incrementRoom',
    })
  })
  it('asks a buy-now price of a just-bid-it lot only, above the start and not below the reserve', () => {
    const jbi = (buyNow: string, reserve = '') =>
      draft({ kind: 'justBidIt', lots: [{ ...draftLot(stone(1)), start: '1000', reserve, buyNow }] })
    expect(draftErrors(jbi(''), NOW)).toEqual({ 'lots.0.buyNow': 'required' })
    expect(draftErrors(jbi('1000'), NOW)).toEqual({ 'lots.0.buyNow': 'buyNowNotAboveStart' })
    expect(draftErrors(jbi('1050', '1100'), NOW)).toEqual({ 'lots.0.buyNow': 'buyNowBelowReserve' })
    expect(toRequest(jbi('1200')).lots[0]).toEqual({
      stoneId: stone(1).stoneId,
      startPerCarat: 1000,
      buyNowPerCarat: 1200,
    })
    // Another kind sends no buy-now and no soft close; a sealed kind no increment of its own.
    const blind = draft({ kind: 'blind', increment: '', lots: [{ ...draftLot(stone(1)), buyNow: '5000' }] })
    expect(draftErrors(blind, NOW)).toEqual({})
    expect(toRequest(blind)).toMatchObject({ incrementPerCarat: 1, lots: [{ startPerCarat: 1049 }] })
    expect(toRequest(blind)).not.toHaveProperty('softClose')
  })
  it('puts a refusal of the service beside the field it names', () => {
    expect(
      serverFieldErrors({
        fields: [
          { field: 'closesAt' },
          { field: 'lots.3.buyNowPerCarat' },
          { field: 'incrementPerCarat' },
          { field: 'softClose.extendSeconds' },
        ],
      }),
    ).toEqual({
      closesAt: 'rejected',
      'lots.3.buyNow': 'rejected',
      increment: 'rejected',
      softExtendSeconds: 'rejected',
    })
    expect(serverFieldErrors(null)).toEqual({})
  })
})

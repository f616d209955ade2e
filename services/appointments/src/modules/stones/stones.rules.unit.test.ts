import { describe, expect, it } from 'vitest'
import { allAnswered, answerRows, officeLocation, stateOf, stoneView, transferDays } from './stones.rules'
import { OFFICE_LOCATIONS, TRANSFER_DAYS, TRANSFER_DAYS_DEFAULT } from './transfer.constants'

const ID = '55555555-5555-4555-8555-555555555555'
const stone = (over: Partial<Parameters<typeof stoneView>[0]> = {}) => ({
  id: ID,
  blocked: null,
  reason: null,
  location: null,
  ...over,
})

describe('transfer lead times', () => {
  it('are nothing where the stone already lies, the same either way, and the default for an unknown pair', () => {
    expect(transferDays('India', 'India')).toBe(0)
    expect(transferDays('India', ' india ')).toBe(0)
    expect(transferDays('India', 'Hong Kong')).toBe(3)
    expect(transferDays('Hong Kong', 'India')).toBe(3)
    expect(transferDays('Belgium', 'New York')).toBe(3)
    expect(transferDays('Dubai', 'Antwerp vault')).toBe(TRANSFER_DAYS_DEFAULT)
  })

  it('cover every pair of the offices’ locations, once', () => {
    const places = [...new Set(Object.values(OFFICE_LOCATIONS))]
    const seen = new Set<string>()
    for (const [a, b, days] of TRANSFER_DAYS) {
      expect(days).toBeGreaterThan(0)
      const key = [a, b].sort().join('|')
      expect(seen.has(key), key).toBe(false)
      seen.add(key)
    }
    expect(seen.size).toBe((places.length * (places.length - 1)) / 2)
    for (const a of places)
      for (const b of places) if (a !== b) expect(transferDays(a, b)).not.toBe(TRANSFER_DAYS_DEFAULT)
  })

  it('know where each demo office is; Mumbai is in India', () => {
    expect(officeLocation('mumbai')).toBe('India')
    expect(officeLocation('new-york')).toBe('New York')
    expect(officeLocation('atlantis')).toBeNull()
  })
})

describe("a stone's state", () => {
  it('is pending until stock answers, and never blocked unless stock said so', () => {
    expect(stateOf({ blocked: null, reason: null })).toBe('pending')
    expect(stateOf({ blocked: true, reason: null })).toBe('blocked')
    expect(stateOf({ blocked: false, reason: 'held' })).toBe('refused')
    expect(stateOf({ blocked: false, reason: 'released' })).toBe('released')
  })

  it('shows the lead time and the outside-India notice only for a stone away from the office', () => {
    expect(stoneView(stone(), 'mumbai')).toEqual({ id: ID, state: 'pending' })
    expect(stoneView(stone({ blocked: true, location: 'India' }), 'mumbai')).toEqual({
      id: ID,
      blocked: true,
      state: 'blocked',
      location: 'India',
      outsideIndia: false,
    })
    expect(stoneView(stone({ blocked: true, location: 'Hong Kong' }), 'mumbai')).toEqual({
      id: ID,
      blocked: true,
      state: 'blocked',
      location: 'Hong Kong',
      transferDays: 3,
      outsideIndia: true,
    })
    // At the Hong Kong office a Hong Kong stone needs no transfer, and still carries the spec's notice.
    expect(stoneView(stone({ blocked: false, reason: 'sold', location: 'Hong Kong' }), 'hong-kong')).toEqual({
      id: ID,
      blocked: false,
      reason: 'sold',
      state: 'refused',
      location: 'Hong Kong',
      outsideIndia: true,
    })
  })
})

describe("stock's answer", () => {
  it('maps to one row per stone, blocked or refused with its reason, keeping where it lies', () => {
    expect(
      answerRows({
        appointmentId: ID,
        version: 2,
        stones: [
          { id: 'a', blocked: true, until: '2027-03-15T14:00:00.000Z', location: 'Dubai' },
          { id: 'b', blocked: false, reason: 'held', location: 'India' },
          { id: 'c', blocked: false, reason: 'not-found' },
        ],
      }),
    ).toEqual([
      { id: 'a', blocked: true, reason: null, location: 'Dubai' },
      { id: 'b', blocked: false, reason: 'held', location: 'India' },
      { id: 'c', blocked: false, reason: 'not-found', location: null },
    ])
  })

  it('is complete for a version once every stone has an answer for it or a later one', () => {
    expect(allAnswered([], 1)).toBe(true)
    expect(allAnswered([{ answerVersion: 1 }, { answerVersion: null }], 1)).toBe(false)
    expect(allAnswered([{ answerVersion: 1 }, { answerVersion: 2 }], 1)).toBe(true)
    expect(allAnswered([{ answerVersion: 1 }], 2)).toBe(false)
  })
})

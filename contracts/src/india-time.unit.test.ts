import { describe, expect, it } from 'vitest'
import { indiaDate, indiaWallClock } from './india-time'

describe('India wall-clock time', () => {
  it('reads an instant five and a half hours ahead of UTC, all year', () => {
    expect(indiaWallClock('2026-06-01T00:00:00Z').toISOString()).toBe('2026-06-01T05:30:00.000Z')
    expect(indiaWallClock(Date.parse('2026-12-31T12:00:00Z')).getUTCHours()).toBe(17)
  })

  it('turns the day at 18:30 UTC', () => {
    expect(indiaDate('2026-12-31T18:29:59Z')).toBe('2026-12-31')
    expect(indiaDate(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01')
  })
})

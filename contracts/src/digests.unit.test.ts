import { describe, expect, it } from 'vitest'
import { endedPeriod, sizeOf } from './digests'

const at = (iso: string) => Date.parse(iso)

describe('endedPeriod (Asia/Kolkata calendar)', () => {
  it('daily: the India day before today', () => {
    // 2026-11-26 00:10 IST is 2026-11-25 18:40 UTC: the day that ended is the 25th.
    expect(endedPeriod(1, at('2026-11-25T18:40:00Z'))).toEqual({
      key: 'daily:2026-11-25',
      since: '2026-11-24T18:30:00.000Z',
      until: '2026-11-25T18:30:00.000Z',
    })
    // 23:59 IST on the 25th: the 24th is the last day that ended.
    expect(endedPeriod(1, at('2026-11-25T18:29:00Z')).key).toBe('daily:2026-11-24')
  })

  it('weekly: the Monday-to-Sunday week before this one', () => {
    // Thursday 2026-11-26 IST: this week began Monday the 23rd; the last whole week is 16-22.
    expect(endedPeriod(2, at('2026-11-26T10:00:00Z'))).toEqual({
      key: 'weekly:2026-11-16',
      since: '2026-11-15T18:30:00.000Z',
      until: '2026-11-22T18:30:00.000Z',
    })
    // Monday 00:00 IST exactly: the week that just ended.
    expect(endedPeriod(2, at('2026-11-22T18:30:00Z')).key).toBe('weekly:2026-11-16')
    expect(endedPeriod(2, at('2026-11-22T18:29:59Z')).key).toBe('weekly:2026-11-09')
  })

  it('monthly: the calendar month before this one, across a year', () => {
    expect(endedPeriod(3, at('2026-11-26T10:00:00Z'))).toEqual({
      key: 'monthly:2026-10',
      since: '2026-09-30T18:30:00.000Z',
      until: '2026-10-31T18:30:00.000Z',
    })
    expect(endedPeriod(3, at('2027-01-01T05:00:00Z')).key).toBe('monthly:2026-12')
    // 1 January 03:00 IST is still 31 December in UTC: India's calendar decides.
    expect(endedPeriod(3, at('2026-12-31T21:30:00Z')).key).toBe('monthly:2026-12')
  })

  it('size brackets', () => {
    expect(sizeOf(0.29)).toBe('0.01-0.29')
    expect(sizeOf(0.3)).toBe('0.30-0.49')
    expect(sizeOf(1)).toBe('1.00-1.49')
    expect(sizeOf(12.5)).toBe('5.00+')
  })
})

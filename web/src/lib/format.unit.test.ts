import { describe, expect, it } from 'vitest'
import { fmt2, fmtCount, fmtCut, fmtDate, fmtDateTime, fmtText, fmtTime, fmtUsd, fmtWhole } from './format'

describe('trade figures', () => {
  it('shows carat and discount with two decimals, in en-US', () => {
    expect(fmt2(1.5)).toBe('1.50')
    expect(fmt2(-37.416)).toBe('-37.42')
    expect(fmt2(1234.5)).toBe('1,234.50')
  })

  it('shows money in US dollars with cents, and Rap as a whole number', () => {
    expect(fmtUsd(147622.94)).toBe('$147,622.94')
    expect(fmtWhole(51700)).toBe('51,700')
  })

  it('shows a dash for empty, zero or hidden values', () => {
    for (const f of [fmt2, fmtUsd, fmtWhole]) {
      expect(f(null)).toBe('-')
      expect(f(undefined)).toBe('-')
      expect(f(0)).toBe('-')
    }
    expect(fmtText('')).toBe('-')
    expect(fmtText('  ')).toBe('-')
  })

  it('shows cut NON as a dash', () => {
    expect(fmtCut('NON')).toBe('-')
    expect(fmtCut('EX')).toBe('EX')
  })

  it('counts zero as zero', () => {
    expect(fmtCount(0)).toBe('0')
    expect(fmtCount(25000)).toBe('25,000')
  })
})

describe('dates and times', () => {
  it('writes dates as dd/LL/y on the Kolkata calendar', () => {
    expect(fmtDate('2026-03-05T10:00:00Z')).toBe('05/03/2026')
    // 20:00 UTC is already the next day in Kolkata (UTC+05:30).
    expect(fmtDate('2026-12-31T20:00:00Z')).toBe('01/01/2027')
  })

  it('writes times as hh:mm a on the Kolkata clock', () => {
    expect(fmtTime('2026-03-05T15:35:00Z')).toBe('09:05 PM')
    expect(fmtTime('2026-03-05T00:00:00Z')).toBe('05:30 AM')
    expect(fmtDateTime('2026-03-05T15:35:00Z')).toBe('05/03/2026 09:05 PM')
  })

  it('shows a dash for a missing or unreadable date', () => {
    expect(fmtDate(null)).toBe('-')
    expect(fmtTime('not a date')).toBe('-')
    expect(fmtDateTime(undefined)).toBe('-')
  })
})

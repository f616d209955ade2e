import { describe, expect, it } from 'vitest'
import { fmt2, fmtCount, fmtCut, fmtText, fmtUsd, fmtWhole } from './format'

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

import { describe, expect, it } from 'vitest'
import { countdown, dollars, nextReadAt, remaining, skewOf } from './dashboard.rules'

describe('dashboard screen rules', () => {
  it('counts a hold down by the server clock', () => {
    const skew = skewOf('2026-11-27T10:00:00.000Z', Date.parse('2026-11-27T09:59:58.000Z'))
    expect(skew).toBe(2000)
    expect(remaining('2026-11-27T10:15:00.000Z', Date.parse('2026-11-27T09:59:58.000Z'), skew)).toBe(15 * 60_000)
    expect(remaining('2026-11-27T09:00:00.000Z', Date.now(), 0)).toBe(0)
  })

  it('writes countdowns as m:ss, and h:mm:ss past an hour', () => {
    expect(countdown(0)).toBe('0:00')
    expect(countdown(61_500)).toBe('1:01')
    expect(countdown(14 * 60_000 + 59_000)).toBe('14:59')
    expect(countdown(3_600_000 + 5_000)).toBe('1:00:05')
  })

  it('reads again after the debounce, never sooner than the minimum interval', () => {
    expect(nextReadAt(1000, 0, 700, 0)).toBe(1700)
    expect(nextReadAt(1000, 900, 700, 15_000)).toBe(15_900)
  })

  it('keeps hidden prices hidden', () => {
    expect(dollars(null)).toBeNull()
    expect(dollars(123_45)).toBe(123.45)
  })
})

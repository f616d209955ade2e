import { describe, expect, it } from 'vitest'
import { amountCents, availabilityOf, pricePerCaratCents } from './stones.rules'

describe('stone price maths', () => {
  it('applies a discount to the Rap price in whole cents', () => {
    expect(pricePerCaratCents(540_000, -35)).toBe(351_000)
    expect(pricePerCaratCents(100_000, -37.42)).toBe(62_580)
    expect(pricePerCaratCents(100_000, 5.5)).toBe(105_500)
  })

  it('never drifts by floating point on two-decimal discounts', () => {
    for (let back = -9999; back <= 1000; back += 37) {
      const b = back / 100
      const c = pricePerCaratCents(123_400, b)
      expect(Number.isInteger(c)).toBe(true)
      expect(Math.abs(c - (123_400 * (100 + b)) / 100)).toBeLessThanOrEqual(0.5)
    }
  })

  it('prices a stone as price per carat times carat', () => {
    expect(amountCents(351_000, 1.01)).toBe(354_510)
    expect(amountCents(62_580, 0.4)).toBe(25_032)
  })
})

describe('availability from the web status', () => {
  it('maps the spec codes and calls anything else unavailable', () => {
    expect(availabilityOf('A')).toBe('A')
    expect(availabilityOf('H')).toBe('H')
    expect(availabilityOf('M')).toBe('M')
    expect(availabilityOf('U')).toBe('U')
    expect(availabilityOf('D')).toBe('M')
    expect(availabilityOf('C')).toBe('NA')
    expect(availabilityOf('X')).toBe('NA')
  })
})

import { describe, expect, it } from 'vitest'
import { centsOf } from './money'

describe('centsOf', () => {
  it('takes dollars with at most two decimals as whole cents', () => {
    expect(centsOf(0)).toBe(0)
    expect(centsOf(19.9)).toBe(1990)
    expect(centsOf(1234.56)).toBe(123456)
    expect(centsOf(10_000_000)).toBe(1_000_000_000)
  })

  it('refuses every amount with more decimals, however small the excess', () => {
    for (const n of [1.001, 1500.000000001, 0.30000000000000004, 1e-7, 1e-10]) expect(centsOf(n)).toBeNull()
  })

  it('reads back every whole number of cents a client divides by 100', () => {
    for (let c = 0; c < 200_000; c += 7) expect(centsOf(c / 100)).toBe(c)
    for (const c of [999_999_999, 1_000_000_000, 123_456_789, 2 ** 40 + 1]) expect(centsOf(c / 100)).toBe(c)
  })

  it('refuses what is not a finite non-negative number', () => {
    for (const n of [-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY]) expect(centsOf(n)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { addStone, EMPTY_SUMS, gridTotals, totalsOf } from './grid-totals'

describe('the grid totals', () => {
  it('sums carats and amounts and weighs the per-carat figures and the discount by carats', () => {
    expect(
      gridTotals([
        { crt: 1, rap: 1000, ctPr: 700, fnCtpr: 690 },
        { crt: 3, rap: 2000, ctPr: 4200, fnCtpr: 4110 },
      ]),
    ).toEqual({ count: 2, crt: 4, ctPr: 4900, amt: 1225, rap: 1750, back: -30, fnCtpr: 4800, fnAmt: 1200 })
  })

  it('has only the count and carats when the viewer may not see prices', () => {
    expect(gridTotals([{ crt: 1.234 }, { crt: 0.5 }, {}])).toEqual({ count: 3, crt: 1.73 })
    expect(gridTotals([])).toEqual({ count: 0, crt: 0 })
  })

  it('compares only the stones with a Rap price against the Rap value (a fancy colour has none)', () => {
    const t = gridTotals([
      { crt: 1, rap: 1000, ctPr: 800 },
      { crt: 1, ctPr: 5000 },
    ])
    expect(t.back).toBe(-20)
    expect(t.rap).toBe(500)
    expect(gridTotals([{ crt: 1, ctPr: 5000 }]).back).toBeUndefined()
  })

  it('takes a stone’s price as its final price when it has none of its own', () => {
    expect(gridTotals([{ crt: 2, ctPr: 1000, rap: 1000 }])).toMatchObject({ fnCtpr: 1000, fnAmt: 500 })
  })

  it('adds up exactly, in whatever order the stones come', () => {
    const stones = Array.from({ length: 200 }, (_, i) => ({
      crt: 0.3 + (i % 17) / 100,
      ctPr: 123.45 + i * 10.01,
      rap: 1000 + (i % 5) * 100,
    }))
    const forward = gridTotals(stones)
    expect(gridTotals([...stones].reverse())).toEqual(forward)
    expect(forward.ctPr).toBe(Math.round(stones.reduce((a, s) => a + Math.round(s.ctPr * 100), 0)) / 100)
  })

  it('leaves the sums it was given as they were', () => {
    const once = addStone(EMPTY_SUMS, { crt: 1, ctPr: 10 })
    addStone(once, { crt: 1, ctPr: 10 })
    expect(totalsOf(once)).toMatchObject({ count: 1, crt: 1, ctPr: 10 })
    expect(EMPTY_SUMS.count).toBe(0)
  })
})

import { describe, expect, it } from 'vitest'
import { pairWithin, type PairStone } from './pairs.rules'

const grades = { colors: 10, clarities: 9 }
const loose = { caratDiffPct: 20, colorSteps: 3, claritySteps: 3, sameLab: false }
const stone = (over: Partial<PairStone> = {}): PairStone => ({ crt: 100, color: 3, clarity: 5, lab: 1, ...over })

describe('pairWithin', () => {
  it('keeps a pair whose carats differ by at most the percentage of the smaller stone', () => {
    const t = { ...loose, caratDiffPct: 5 }
    expect(pairWithin([stone({ crt: 100 }), stone({ crt: 105 })], t, grades)).toBe(true)
    expect(pairWithin([stone({ crt: 100 }), stone({ crt: 106 })], t, grades)).toBe(false)
    expect(pairWithin([stone({ crt: 100 }), stone({ crt: 100 })], { ...t, caratDiffPct: 0 }, grades)).toBe(true)
  })

  it('counts colour and clarity grades apart', () => {
    const t = { ...loose, colorSteps: 1, claritySteps: 0 }
    expect(pairWithin([stone({ color: 3 }), stone({ color: 4 })], t, grades)).toBe(true)
    expect(pairWithin([stone({ color: 3 }), stone({ color: 5 })], t, grades)).toBe(false)
    expect(pairWithin([stone({ clarity: 5 }), stone({ clarity: 6 })], t, grades)).toBe(false)
  })

  it('asks the same value of grades outside the master list (a fancy colour)', () => {
    expect(pairWithin([stone({ color: 12 }), stone({ color: 12 })], loose, grades)).toBe(true)
    expect(pairWithin([stone({ color: 12 }), stone({ color: 3 })], loose, grades)).toBe(false)
    expect(pairWithin([stone({ color: 0 }), stone({ color: 0 })], loose, grades)).toBe(true)
  })

  it('asks one lab only when told to', () => {
    const two = [stone({ lab: 1 }), stone({ lab: 2 })]
    expect(pairWithin(two, loose, grades)).toBe(true)
    expect(pairWithin(two, { ...loose, sameLab: true }, grades)).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { MASTERS } from '@diamond/contracts/masters'
import { demoStone } from './demo.rules'
import { rapCents } from '../rap/rap.rules'

describe('demo stock', () => {
  const stones = Array.from({ length: 5000 }, (_, i) => demoStone(i + 1))

  it('is the same on every machine', () => {
    expect(demoStone(42)).toEqual(demoStone(42))
    expect(new Set(stones.map((s) => s.id)).size).toBe(stones.length)
  })

  it('uses only the master vocabularies', () => {
    // Every value outside its master list, named with its stone: one assertion over 5,000 stones
    // (an expect per value took over five seconds on a loaded machine).
    const outside: string[] = []
    const check = (list: readonly string[], value: string, field: string, id: string) => {
      if (!list.includes(value)) outside.push(`${id} ${field}=${value}`)
    }
    for (const s of stones) {
      check(MASTERS.SHAPE, s.shape, 'shape', s.id)
      if (s.isFancy) check(MASTERS.FANCY_COLOR, s.fancyColor ?? '', 'fancyColor', s.id)
      else check(MASTERS.COLOR, s.color, 'color', s.id)
      check(MASTERS.CLARITY, s.clarity, 'clarity', s.id)
      check(MASTERS.CUT, s.cut, 'cut', s.id)
      check(MASTERS.FLUORESCENCE, s.fluorescence, 'fluorescence', s.id)
      check(MASTERS.LAB, s.lab, 'lab', s.id)
      check(MASTERS.LOCATION, s.location, 'location', s.id)
      if (!s.isFancy) check(MASTERS.SHADE, s.shade, 'shade', s.id)
      for (const sym of s.keyToSymbol.split(', ')) check(MASTERS.KEY_TO_SYMBOL, sym, 'keyToSymbol', s.id)
    }
    expect(outside).toEqual([])
  })

  it('pairs every 50th stone with the next, as a real match', () => {
    const a = demoStone(100)
    const b = demoStone(101)
    expect(a.pairNo).toBe('P100')
    expect(b.pairNo).toBe('P100')
    expect([b.shape, b.color, b.clarity, b.lab]).toEqual([a.shape, a.color, a.clarity, a.lab])
    expect(Math.abs(Number(a.carat) - Number(b.carat))).toBeLessThanOrEqual(Number(a.carat) * 0.02 + 0.005)
    // One make and outline: cut grades the same, depth and table within a point (pairs.rules.ts).
    expect([b.cut, b.polish, b.symmetry, b.ratio]).toEqual([a.cut, a.polish, a.symmetry, a.ratio])
    expect(Math.abs(Number(a.depPer) - Number(b.depPer))).toBeLessThanOrEqual(1)
    expect(Math.abs(Number(a.tblPer) - Number(b.tblPer))).toBeLessThanOrEqual(1)
  })

  it('keeps proportions that fit the shape, and fancy colours off the Rap list', () => {
    for (const s of stones) {
      expect(Number(s.length)).toBeGreaterThan(0)
      if (s.shape === 'ROUND') expect(Number(s.ratio)).toBeLessThanOrEqual(1.01)
      if (s.isFancy) expect([s.rapCents, s.color, s.fancyDesc.length > 0]).toEqual([0, '', true])
    }
    expect(stones.filter((s) => s.isFancy).length / stones.length).toBeGreaterThan(0.02)
    expect(stones.some((s) => s.pcs > 1)).toBe(true)
    expect(stones.slice(0, 20).every((s) => s.wSts === 'A')).toBe(true)
  })

  it('looks like a trade inventory: mostly rounds, fancy shapes without a cut grade, below Rap', () => {
    const rounds = stones.filter((s) => s.shape === 'ROUND').length / stones.length
    expect(rounds).toBeGreaterThan(0.45)
    expect(rounds).toBeLessThan(0.65)
    expect(stones.filter((s) => s.shape !== 'ROUND').every((s) => s.cut === 'NON')).toBe(true)
    const backs = stones.filter((s) => !s.isFancy).map((s) => Number(s.back))
    expect(backs.reduce((a, b) => a + b) / backs.length).toBeLessThan(-25)
    expect(stones.filter((s) => !s.isFancy).every((s) => s.amtCents < s.rapCents * 1.2 && s.ctprCents > 0)).toBe(true)
  })

  it('prices bigger, whiter and cleaner stones higher on the Rap grid', () => {
    expect(rapCents('ROUND', 1.0, 'G', 'VS1')).toBeGreaterThan(rapCents('ROUND', 0.9, 'G', 'VS1'))
    expect(rapCents('ROUND', 1.0, 'D', 'VS1')).toBeGreaterThan(rapCents('ROUND', 1.0, 'H', 'VS1'))
    expect(rapCents('ROUND', 1.0, 'G', 'IF')).toBeGreaterThan(rapCents('ROUND', 1.0, 'G', 'SI2'))
    expect(rapCents('PEAR', 1.0, 'G', 'VS1')).toBeLessThan(rapCents('ROUND', 1.0, 'G', 'VS1'))
    expect(rapCents('ROUND', 1.0, 'G', 'VS1') % 10_000).toBe(0)
  })
})

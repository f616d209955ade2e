import { describe, expect, it } from 'vitest'
import { MASTERS } from '@diamond/contracts/masters'
import { demoStone } from './demo.rules'
import { rapCents } from './rap.rules'

describe('demo stock', () => {
  const stones = Array.from({ length: 5000 }, (_, i) => demoStone(i + 1))

  it('is the same on every machine', () => {
    expect(demoStone(42)).toEqual(demoStone(42))
    expect(new Set(stones.map((s) => s.id)).size).toBe(stones.length)
  })

  it('uses only the master vocabularies', () => {
    for (const s of stones) {
      expect(MASTERS.SHAPE).toContain(s.shape)
      expect(MASTERS.COLOR).toContain(s.color)
      expect(MASTERS.CLARITY).toContain(s.clarity)
      expect(MASTERS.CUT).toContain(s.cut)
      expect(MASTERS.FLUORESCENCE).toContain(s.fluorescence)
      expect(MASTERS.LAB).toContain(s.lab)
      expect(MASTERS.LOCATION).toContain(s.location)
      expect(MASTERS.SHADE).toContain(s.shade)
    }
  })

  it('looks like a trade inventory: mostly rounds, fancy shapes without a cut grade, below Rap', () => {
    const rounds = stones.filter((s) => s.shape === 'ROUND').length / stones.length
    expect(rounds).toBeGreaterThan(0.45)
    expect(rounds).toBeLessThan(0.65)
    expect(stones.filter((s) => s.shape !== 'ROUND').every((s) => s.cut === 'NON')).toBe(true)
    const backs = stones.map((s) => Number(s.back))
    expect(backs.reduce((a, b) => a + b) / backs.length).toBeLessThan(-25)
    expect(stones.every((s) => s.amt_cents < s.rap_cents * 1.2 && s.ctpr_cents > 0)).toBe(true)
  })

  it('prices bigger, whiter and cleaner stones higher on the Rap grid', () => {
    expect(rapCents('ROUND', 1.0, 'G', 'VS1')).toBeGreaterThan(rapCents('ROUND', 0.9, 'G', 'VS1'))
    expect(rapCents('ROUND', 1.0, 'D', 'VS1')).toBeGreaterThan(rapCents('ROUND', 1.0, 'H', 'VS1'))
    expect(rapCents('ROUND', 1.0, 'G', 'IF')).toBeGreaterThan(rapCents('ROUND', 1.0, 'G', 'SI2'))
    expect(rapCents('PEAR', 1.0, 'G', 'VS1')).toBeLessThan(rapCents('ROUND', 1.0, 'G', 'VS1'))
    expect(rapCents('ROUND', 1.0, 'G', 'VS1') % 10_000).toBe(0)
  })
})

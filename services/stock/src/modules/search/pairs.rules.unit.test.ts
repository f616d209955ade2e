import { describe, expect, it } from 'vitest'
import type { PairTolerance } from '@diamond/contracts/http/stock'
import { MASTERS } from '@diamond/contracts/masters'
import { demoStone, PAIR_EVERY, type DemoStone } from '../demo/demo.rules'
import { matchingPairs, PAIR_DEFAULT, pairMatches, pairWithin, type PairStone } from './pairs.rules'
import { StoneIndex } from './stone-index'

const grades = { colors: 10, clarities: 9 }
const loose = { caratDiffPct: 20, colorSteps: 3, claritySteps: 3, sameLab: false }
const stone = (over: Partial<PairStone> = {}): PairStone => ({
  shape: 1,
  crt: 100,
  color: 3,
  clarity: 5,
  cut: 1,
  polish: 1,
  symmetry: 1,
  lab: 1,
  depPer: 6150,
  tblPer: 5700,
  length: 640,
  width: 636,
  height: 392,
  ...over,
})

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

describe('pairMatches', () => {
  it('asks the same shape and cut grades, whatever the tolerance', () => {
    for (const k of ['shape', 'cut', 'polish', 'symmetry'] as const)
      expect(pairMatches([stone(), stone({ [k]: 2 })], loose, grades), k).toBe(false)
    expect(pairMatches([stone(), stone()], loose, grades)).toBe(true)
  })

  it('asks depth and table within one point, measurements within 2 %', () => {
    expect(pairMatches([stone(), stone({ depPer: 6250 })], loose, grades)).toBe(true)
    expect(pairMatches([stone(), stone({ depPer: 6251 })], loose, grades)).toBe(false)
    // The pair of issue 26: eight points of depth apart.
    expect(pairMatches([stone({ depPer: 6000 }), stone({ depPer: 6800 })], loose, grades)).toBe(false)
    expect(pairMatches([stone(), stone({ tblPer: 5801 })], loose, grades)).toBe(false)
    expect(pairMatches([stone(), stone({ length: 652 })], loose, grades)).toBe(true)
    expect(pairMatches([stone(), stone({ length: 654 })], loose, grades)).toBe(false)
  })

  it('asks the same colour and clarity by default', () => {
    expect(pairMatches([stone(), stone({ color: 4 })], PAIR_DEFAULT, grades)).toBe(false)
    expect(pairMatches([stone(), stone({ color: 4 })], { ...PAIR_DEFAULT, colorSteps: 1 }, grades)).toBe(true)
  })
})

/** The reference, written from the rule's words over the stones' own values (strings, carats, mm). */
type Stone = DemoStone & { statusVersion: number }
const rankOf = (list: readonly string[], v: string) => (v === '' ? 0 : list.indexOf(v) + 1)
function refAlike(a: Stone, b: Stone, t: PairTolerance): boolean {
  const n = (v: string) => Number(v)
  if (a.shape !== b.shape || a.cut !== b.cut || a.polish !== b.polish || a.symmetry !== b.symmetry) return false
  if (Math.abs(n(a.depPer) - n(b.depPer)) > 1 + 1e-9 || Math.abs(n(a.tblPer) - n(b.tblPer)) > 1 + 1e-9) return false
  for (const k of ['length', 'width', 'height'] as const) {
    const [x, y] = [n(a[k]), n(b[k])]
    if (Math.abs(x - y) > Math.max(0.05, (Math.min(x, y) * 2) / 100) + 1e-9) return false
  }
  const [small, big] = [Math.min(n(a.carat), n(b.carat)), Math.max(n(a.carat), n(b.carat))]
  if (((big - small) / small) * 100 > t.caratDiffPct + 1e-9) return false
  for (const [list, k, steps] of [
    [MASTERS.COLOR, 'color', t.colorSteps],
    [MASTERS.CLARITY, 'clarity', t.claritySteps],
  ] as const) {
    const [x, y] = [rankOf(list, a[k]), rankOf(list, b[k])]
    if (x === 0 || y === 0 ? x !== y : Math.abs(x - y) > steps) return false
  }
  return !t.sameLab || a.lab === b.lab
}

describe('matching pairs against a brute-force reference', () => {
  // Every generated pair, plus copies of some twins with one fact pushed apart.
  const stones: Stone[] = Array.from({ length: 6000 }, (_, i) => ({ ...demoStone(i + 1), statusVersion: 0 }))
  const bent: Record<string, (s: Stone) => void> = {
    depPer: (s) => (s.depPer = (Number(s.depPer) + 8).toFixed(2)),
    tblPer: (s) => (s.tblPer = (Number(s.tblPer) + 1.5).toFixed(2)),
    width: (s) => (s.width = (Number(s.width) * 1.05).toFixed(2)),
    cut: (s) => (s.cut = s.cut === 'EX' ? 'VG' : 'EX'),
    color: (s) => (s.color = s.color === 'D' ? 'E' : 'D'),
  }
  Object.values(bent).forEach((bend, k) => {
    const twin = stones[PAIR_EVERY * (k + 3)]!
    expect(twin.pairNo).not.toBe('')
    bend(twin)
  })
  const index = new StoneIndex(64)
  for (const s of stones) index.put(s)

  const tolerances: PairTolerance[] = [
    PAIR_DEFAULT,
    { caratDiffPct: 20, colorSteps: 3, claritySteps: 3, sameLab: false },
    { caratDiffPct: 1, colorSteps: 1, claritySteps: 0, sameLab: true },
  ]
  for (const t of tolerances) {
    it(`finds exactly the reference's pairs (${JSON.stringify(t)})`, () => {
      const byPair = new Map<string, Stone[]>()
      for (const s of stones) if (s.pairNo) byPair.set(s.pairNo, [...(byPair.get(s.pairNo) ?? []), s])
      const want = [...byPair.entries()]
        .filter(([, [a, b]]) => a && b && refAlike(a, b, t))
        .map(([no]) => no)
        .sort()
      const got = matchingPairs(index, () => true, t)
        .map((p) => index.pairNos[p[0]!]!)
        .sort()
      expect(got).toEqual(want)
      expect(got.length).toBeGreaterThan(0)
      for (const no of ['P150', 'P200', 'P250', 'P300']) expect(got).not.toContain(no)
    })
  }

  it('gives every generated pair matching proportions (the demo stock has real pairs)', () => {
    const fresh = Array.from({ length: 6000 }, (_, i) => ({ ...demoStone(i + 1), statusVersion: 0 }))
    const byPair = new Map<string, Stone[]>()
    for (const s of fresh) if (s.pairNo) byPair.set(s.pairNo, [...(byPair.get(s.pairNo) ?? []), s])
    for (const [no, [a, b]] of byPair) if (b) expect(refAlike(a!, b, PAIR_DEFAULT), no).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import { demoStone } from '../demo/demo.rules'
import { runSearch } from '../search/search.engine'
import { compile } from '../search/search.filter'
import { StoneIndex, type IndexSource } from '../search/stone-index'
import { boundsOf } from './demands.rules'
import { matchingDemands } from './demands.match'

const stone = (i: number, over: Partial<IndexSource> = {}): IndexSource => ({
  ...demoStone(i),
  statusVersion: 0,
  ...over,
})
const oval = stone(1, { shape: 'OVAL', carat: '1.23', color: 'E', clarity: 'VS1', lab: 'GIA', wSts: 'A' })

describe('one stone against many demands', () => {
  it('finds the demands whose criteria the stone meets, and only those', () => {
    const demands = [
      { id: 'oval-1ct', filter: { shpNm: ['OVAL'], crt: { from: 1, to: 1.5 } } },
      { id: 'oval-e-vs', filter: { shpNm: ['OVAL', 'PEAR'], colNm: ['D', 'E'], clrNm: ['VS1', 'VS2'] } },
      {
        id: 'several-bands',
        filter: {
          crt: [
            { from: 0.3, to: 0.39 },
            { from: 1.2, to: 1.29 },
          ],
        },
      },
      { id: 'round', filter: { shpNm: ['ROUND'] } },
      { id: 'too-small', filter: { shpNm: ['OVAL'], crt: { to: 1.22 } } },
      { id: 'colour-d', filter: { colNm: ['D'] } },
      { id: 'by-number', filter: { stoneIds: [oval.vStnId] } },
      { id: 'other-number', filter: { stoneIds: ['NOPE-1'] } },
    ] satisfies { id: string; filter: StoneFilter }[]
    expect(matchingDemands(oval, demands).map((d) => d.id)).toEqual([
      'oval-1ct',
      'oval-e-vs',
      'several-bands',
      'by-number',
    ])
  })

  it('agrees with the search engine over generated stock', () => {
    const stones = Array.from({ length: 300 }, (_, i) => stone(i + 1))
    const index = new StoneIndex()
    for (const s of stones) index.put(s)
    const filters: StoneFilter[] = [
      { shpNm: ['ROUND'], crt: { from: 0.5, to: 1.2 } },
      { colNm: ['D', 'E', 'F'], clrNm: ['VVS1', 'VVS2', 'VS1'] },
      { lbNm: ['GIA'], cutNm: ['EX'], polNm: ['EX'], symNm: ['EX'] },
      { crt: [{ from: 0.3, to: 0.39 }, { from: 2 }], fluNm: ['NON'] },
      { back: { from: -40, to: -20 }, isFcCol: false },
      { availability: ['A'], shpNm: ['PEAR', 'OVAL', 'HEART'] },
    ]
    // Each stone once against all the filters, as the consumer tests an arriving stone.
    const demands = filters.map((filter, k) => ({ k, filter }))
    const hits = new Map(stones.map((s) => [s.id, new Set(matchingDemands(s, demands).map((d) => d.k))]))
    filters.forEach((filter, k) => {
      const found = runSearch(index, compile(index, filter), { offset: 0, limit: stones.length })
        .page.map((i) => index.ids[i]!)
        .sort()
      const matched = stones
        .filter((s) => hits.get(s.id)!.has(k))
        .map((s) => s.id)
        .sort()
      expect(matched, JSON.stringify(filter)).toEqual(found)
      expect(found.length).toBeGreaterThan(0)
      // The coarse bounds never leave out a stone the exact test takes.
      const b = boundsOf(filter)
      for (const s of stones.filter((x) => hits.get(x.id)!.has(k))) {
        expect(b.shapes === null || b.shapes.includes(s.shape)).toBe(true)
        expect(b.crtMin === null || b.crtMin <= Number(s.carat)).toBe(true)
        expect(b.crtMax === null || b.crtMax >= Number(s.carat)).toBe(true)
      }
    })
  })

  it('matches nothing against no demands and a value no stone has', () => {
    expect(matchingDemands(oval, [])).toEqual([])
    expect(matchingDemands(oval, [{ filter: { shdNm: ['NO-SUCH-SHADE'] } }])).toEqual([])
  })
})

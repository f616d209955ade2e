import { describe, expect, it } from 'vitest'
import type { StoneRow } from '@diamond/contracts/http/stock'
import { benchRow } from './perf'
import {
  emptyKey,
  filterChips,
  flattenPairs,
  nextSort,
  pageCount,
  pageRange,
  PAGE_SIZES,
  PAIR_PAGE_SIZES,
  requestFor,
  followsSequence,
  validLimit,
} from './query.rules'

describe('result queries', () => {
  it('asks each page type its own way', () => {
    const sort = { field: 'crt', dir: 'asc' } as const
    expect(requestFor({ kind: 'stock', listType: 'newArrival' }, 2, 100, sort)).toEqual({
      call: 'paginate',
      body: { listType: 'newArrival', sort: [sort], page: 2, limit: 100 },
    })
    expect(requestFor({ kind: 'search', filter: { shpNm: ['ROUND'] } }, 1, 250, null)).toEqual({
      call: 'paginate',
      body: { filter: { shpNm: ['ROUND'] }, page: 1, limit: 250, facets: true },
    })
    expect(requestFor({ kind: 'exclusiveSearch', filter: { colNm: ['D'] } }, 1, 250, null)).toEqual({
      call: 'exclusiveSearch',
      body: { filter: { colNm: ['D'] }, page: 1, limit: 250, facets: true },
    })
    expect(requestFor({ kind: 'quick', search: '1.01 round G' }, 1, 50, sort)).toEqual({
      call: 'quickSearch',
      body: { search: '1.01 round G', sort: [sort], page: 1, limit: 50 },
    })
    expect(requestFor({ kind: 'pairs', filter: {} }, 3, 100, sort)).toEqual({
      call: 'matchPairs',
      body: { filter: {}, page: 3, limit: 100 },
    })
  })

  it("follows the member's diamond sequence where no column is clicked, and their pair tolerances", () => {
    const sequence = [
      { field: 'crt', dir: 'desc' },
      { field: 'colNm', dir: 'asc' },
    ] as const
    const mine = {
      sequence: [...sequence],
      tolerance: { caratDiffPct: 3, colorSteps: 1, claritySteps: 0, sameLab: true },
    }
    expect(requestFor({ kind: 'search', filter: {} }, 1, 250, null, mine).body.sort).toEqual(sequence)
    expect(requestFor({ kind: 'stock', listType: 'all' }, 1, 250, null, mine).body.sort).toEqual(sequence)
    expect(requestFor({ kind: 'quick', search: 'G' }, 1, 250, null, mine).body.sort).toEqual(sequence)
    // A clicked column wins; the curated pages keep their own order.
    const click = { field: 'amt', dir: 'asc' } as const
    expect(requestFor({ kind: 'search', filter: {} }, 1, 250, click, mine).body.sort).toEqual([click])
    expect(requestFor({ kind: 'stock', listType: 'newArrival' }, 1, 250, null, mine).body.sort).toBeUndefined()
    expect(requestFor({ kind: 'pairs', filter: {} }, 1, 100, null, mine).body).toEqual({
      filter: {},
      tolerance: mine.tolerance,
      page: 1,
      limit: 100,
    })
    expect(followsSequence({ kind: 'track', trackType: 1 })).toBe(false)
  })

  it('sorts ascending, then descending, then not at all; another column starts ascending', () => {
    const asc = nextSort(null, 'crt')
    expect(asc).toEqual({ field: 'crt', dir: 'asc' })
    const desc = nextSort(asc, 'crt')
    expect(desc).toEqual({ field: 'crt', dir: 'desc' })
    expect(nextSort(desc, 'crt')).toBeNull()
    expect(nextSort(desc, 'shpNm')).toEqual({ field: 'shpNm', dir: 'asc' })
  })

  it('offers page sizes up to the contract maximum, 250 by default', () => {
    expect(PAGE_SIZES).toContain(250)
    expect(Math.max(...PAGE_SIZES)).toBe(1000)
    expect(Math.max(...PAIR_PAGE_SIZES)).toBe(500)
    expect(validLimit(null, PAGE_SIZES)).toBe(250)
    expect(validLimit(500, PAGE_SIZES)).toBe(500)
    expect(validLimit(1000, PAIR_PAGE_SIZES)).toBe(500)
    expect(validLimit(7, PAGE_SIZES)).toBe(250)
  })

  it('counts pages and the range shown', () => {
    expect(pageCount(0, 250)).toBe(1)
    expect(pageCount(251, 250)).toBe(2)
    expect(pageRange(2, 250, 300)).toEqual({ from: 251, to: 300 })
    expect(pageRange(1, 250, 0)).toEqual({ from: 0, to: 0 })
  })

  it("picks the spec's empty text", () => {
    expect(emptyKey({ kind: 'stock', listType: 'all' })).toBe('empty.noData')
    expect(emptyKey({ kind: 'stock', listType: 'exclusive' })).toBe('empty.exclusive')
    expect(emptyKey({ kind: 'search', filter: {} })).toBe('empty.noDataSearch')
    expect(emptyKey({ kind: 'quick', search: 'x' })).toBe('empty.noDataSearch')
  })

  it('lays pairs out as adjacent rows, alternating between pairs', () => {
    const s = (i: number): StoneRow => benchRow(i)
    const { list, places } = flattenPairs({
      list: [
        { pairNo: 'P1', stones: [s(1), s(2)] },
        { pairNo: 'P2', stones: [s(3), s(4)] },
      ],
      count: 2,
    })
    expect(list.map((r) => r.vStnId)).toEqual(['B2', 'B3', 'B4', 'B5'])
    expect(places[s(1).id]).toEqual({ pairNo: 'P1', pos: 0, odd: false })
    expect(places[s(4).id]).toEqual({ pairNo: 'P2', pos: 1, odd: true })
  })

  it('shows how a search reads as chips', () => {
    expect(
      filterChips({
        shpNm: ['ROUND', 'PEAR'],
        crt: [{ from: 1, to: 1.5 }],
        colNm: [],
        isFcCol: false,
        back: { to: -30 },
      }),
    ).toEqual([
      { key: 'shpNm', text: 'ROUND, PEAR' },
      { key: 'crt', text: '1–1.5' },
      { key: 'isFcCol', text: '✗' },
      { key: 'back', text: '≤ -30' },
    ])
  })
})

describe('the "no match" offer of a demand', () => {
  it("carries a search's filter or a quick search's reading, and nothing for other lists", async () => {
    const { noMatchFilter } = await import('./query.rules')
    const f = { shpNm: ['HEART'] }
    expect(noMatchFilter({ kind: 'search', filter: f }, null)).toEqual(f)
    expect(noMatchFilter({ kind: 'stock', listType: 'newArrival', filter: f }, null)).toEqual(f)
    expect(noMatchFilter({ kind: 'quick', search: 'heart' }, f)).toEqual(f)
    expect(noMatchFilter({ kind: 'stock', listType: 'all' }, null)).toBeNull()
    expect(noMatchFilter({ kind: 'pairs', filter: f }, null)).toBeNull()
    expect(noMatchFilter({ kind: 'track', trackType: 1 }, null)).toBeNull()
  })
})

import { totalsOf, type TotalsSums } from '@diamond/contracts/grid-totals'
import type { SortKey, Totals } from '@diamond/contracts/http/stock'
import { FACETS, type Facet, type SortField } from '@diamond/contracts/http/stock.values'
import { countValues, narrow } from './search.scan'
import { exclusiveOf, isExclusiveAvailable, type Compiled } from './search.filter'
import type { StoneIndex } from './stone-index'

/*
 * Runs a search over the in-memory index: the compiled filter (search.filter.ts) narrows the stones
 * (search.scan.ts), then one pass counts, totals and facets every match, and the requested page is
 * picked in sort order. Pure and synchronous; the service wraps it with the database reads.
 */

/** Sort keys: the spec's sortable columns plus arrival time (newest first on the new-arrivals page). */
export type EngineSortField = SortField | 'arrivedAt'
export interface EngineSort {
  field: EngineSortField
  dir?: 'asc' | 'desc'
}

export interface SearchOptions {
  sort?: readonly (SortKey | EngineSort)[]
  offset: number
  limit: number
  facets?: boolean
  /** Count (and facets) only: no page is picked. */
  countOnly?: boolean
}

export interface EngineResult {
  count: number
  /** Totals in dollars; prices left out by the caller for users who may not see them. */
  totals: Totals
  facets?: Partial<Record<Facet, Record<string, number>>>
  /** The page's stones as index slots, in order. */
  page: number[]
}

let hitsBuffer = new Int32Array(0)
let stamps = new Int32Array(0)
let queryStamp = 0

/**
 * Spec section 9's totals (the rule in contracts/grid-totals), from sums this engine keeps in whole
 * units as its columns are. Every stone counts as priced here (the service hides prices afterwards),
 * and every figure is answered: 0 where there is nothing to average.
 */
function engineTotals(sums: Omit<TotalsSums, 'priced' | 'fnCtprCents'>): Totals {
  return { ...NO_PRICES, ...totalsOf({ ...sums, priced: sums.count, fnCtprCents: sums.ctPrCents }) }
}
const NO_PRICES = { ctPr: 0, amt: 0, rap: 0, back: 0, fnCtpr: 0, fnAmt: 0 }

function sortColumns(index: StoneIndex, sort: readonly (SortKey | EngineSort)[], vRank: Int32Array) {
  const cols: ArrayLike<number>[] = []
  const dirs: number[] = []
  for (const s of sort) {
    const f = s.field
    cols.push(
      f === 'vStnId'
        ? vRank
        : f === 'arrivedAt'
          ? index.arrivedAt
          : f === 'shpNm' || f === 'colNm' || f === 'clrNm'
            ? index.enums[f]
            : index.ranges[f],
    )
    dirs.push(s.dir === 'desc' ? -1 : 1)
  }
  // Ties fall back to stone number, so every order is total and pages never overlap.
  return (a: number, b: number) => {
    for (let k = 0; k < cols.length; k++) {
      const d = cols[k]![a]! - cols[k]![b]!
      if (d !== 0) return d * dirs[k]!
    }
    return vRank[a]! - vRank[b]!
  }
}

/** The k first of `hits` in comparator order, by a bounded max-heap (k ≪ hits in practice). */
function topK(hits: Int32Array, n: number, k: number, cmp: (a: number, b: number) => number): number[] {
  const heap: number[] = []
  const up = (j: number) => {
    while (j > 0) {
      const p = (j - 1) >> 1
      if (cmp(heap[j]!, heap[p]!) <= 0) break
      ;[heap[j], heap[p]] = [heap[p]!, heap[j]!]
      j = p
    }
  }
  const down = (j: number) => {
    for (;;) {
      const l = 2 * j + 1
      const r = l + 1
      let m = j
      if (l < heap.length && cmp(heap[l]!, heap[m]!) > 0) m = l
      if (r < heap.length && cmp(heap[r]!, heap[m]!) > 0) m = r
      if (m === j) return
      ;[heap[j], heap[m]] = [heap[m]!, heap[j]!]
      j = m
    }
  }
  for (let h = 0; h < n; h++) {
    const x = hits[h]!
    if (heap.length < k) {
      heap.push(x)
      up(heap.length - 1)
    } else if (cmp(x, heap[0]!) < 0) {
      heap[0] = x
      down(0)
    }
  }
  return heap.sort(cmp)
}

/**
 * The matches into `hits` and, when facets are asked, the facet counts the way shoppers read them:
 * each group counted over the stones that pass every condition but the group's own (picking ROUND
 * keeps the counts of the other shapes). One scan: the stones passing every other condition are
 * read once, each tested against the facet groups' conditions; a stone failing none is a match and
 * counts in every group, a stone failing exactly one counts in that group only.
 */
function matchAndCount(index: StoneIndex, c: Compiled, hits: Int32Array, counts: Int32Array[] | null): number {
  const grouped = counts ? c.enumP.filter((p) => p.facet) : []
  if (!grouped.length) {
    const count = narrow(index, c, hits)
    if (counts) countAll(index, hits, count, counts)
    return count
  }
  const base = narrow(index, { ...c, enumP: c.enumP.filter((p) => !p.facet) }, hits)
  const g = grouped.length
  // The groups' value tables in one array (group p's at p * 256), so the loop reads typed memory only.
  const allow = new Uint8Array(g * 256)
  grouped.forEach((p, k) => allow.set(p.allow, k * 256))
  const cols = grouped.map((p) => p.col)
  const own = grouped.map((p) => counts![FACETS.indexOf(p.facet!)]!)
  const x = exclusiveOf(index)
  const codeE = index.dicts.availability.find('E')
  const exAt = grouped.findIndex((p) => p.exclusive)
  const availabilityAt = grouped.findIndex((p) => p.facet === 'availability')
  let count = 0
  for (let h = 0; h < base; h++) {
    const i = hits[h]!
    let missed = -1
    let misses = 0
    for (let p = 0; p < g; p++) {
      if (allow[p * 256 + cols[p]![i]!] === 0 && !(p === exAt && isExclusiveAvailable(index, x, i))) {
        missed = p
        if (++misses > 1) break
      }
    }
    if (misses === 0) hits[count++] = i
    else if (misses === 1) {
      own[missed]![cols[missed]![i]!]!++
      if (missed === availabilityAt && isExclusiveAvailable(index, x, i)) own[missed]![codeE]!++
    }
  }
  countAll(index, hits, count, counts!)
  return count
}

/** Every group's counts over the matches; exclusive stock counts under availability E too. */
function countAll(index: StoneIndex, hits: Int32Array, n: number, counts: Int32Array[]) {
  FACETS.forEach((k, f) => countValues(hits, n, index.enums[k], counts[f]!))
  const x = exclusiveOf(index)
  const codeE = index.dicts.availability.find('E')
  const avail = counts[FACETS.indexOf('availability')]!
  const cats = index.categories
  const col = index.enums.availability
  for (let h = 0; h < n; h++) {
    const i = hits[h]!
    if (col[i] === x.available && (cats[i]! & x.mask) !== 0) avail[codeE]!++
  }
}

export function runSearch(index: StoneIndex, c: Compiled, opts: SearchOptions): EngineResult {
  const size = index.size
  if (hitsBuffer.length < size) hitsBuffer = new Int32Array(Math.ceil(size * 1.25))
  if (stamps.length < size) stamps = new Int32Array(Math.ceil(size * 1.25))
  const stamp = ++queryStamp
  const hits = hitsBuffer
  const facetCounts = opts.facets ? FACETS.map(() => new Int32Array(256)) : null
  const count = c.empty ? 0 : matchAndCount(index, c, hits, facetCounts)
  const crt = index.ranges.crt as Int32Array
  const ctPr = index.ranges.ctPr as Float64Array
  const rap = index.ranges.rap as Float64Array
  let crtSum = 0
  let ctPrSum = 0
  let rapValue = 0
  let ctPrWithRap = 0
  for (let h = 0; h < count; h++) {
    const i = hits[h]!
    stamps[i] = stamp
    crtSum += crt[i]!
    ctPrSum += ctPr[i]!
    const r = rap[i]!
    if (r > 0) {
      rapValue += r * crt[i]!
      ctPrWithRap += ctPr[i]!
    }
  }

  const totals = engineTotals({ count, crt100: crtSum, ctPrCents: ctPrSum, rapValue, ctPrWithRapCents: ctPrWithRap })
  const result: EngineResult = { count, totals, page: [] }
  if (facetCounts) {
    result.facets = {}
    FACETS.forEach((k, f) => {
      const out: Record<string, number> = {}
      const counts = facetCounts[f]!
      index.dicts[k].values.forEach((v, code) => {
        if (code > 0 && counts[code]! > 0) out[v] = counts[code]!
      })
      result.facets![k] = out
    })
  }
  if (opts.countOnly || count === 0 || opts.offset >= count) return result

  const want = Math.min(count, opts.offset + opts.limit)
  const sort = opts.sort ?? []
  const { vRank, vOrder } = index.order()
  if (sort.length === 0 && c.scope.keepOrder && c.candidates) {
    result.page = Array.from(hits.subarray(opts.offset, want))
  } else if (sort.length === 0 || (sort.length === 1 && sort[0]!.field === 'vStnId')) {
    const desc = sort[0]?.dir === 'desc'
    if (count * 8 > size) {
      // Most of the stock matches: walk stone-number order and keep the matches.
      const page: number[] = []
      let seen = 0
      const numbered = vOrder.length
      for (let r = 0; r < numbered && page.length < want - opts.offset; r++) {
        const i = vOrder[desc ? numbered - 1 - r : r]!
        if (stamps[i] !== stamp) continue
        if (seen++ >= opts.offset) page.push(i)
      }
      result.page = page
    } else {
      const ranks = new Int32Array(count)
      for (let h = 0; h < count; h++) ranks[h] = vRank[hits[h]!]!
      ranks.sort()
      if (desc) ranks.reverse()
      result.page = Array.from(ranks.subarray(opts.offset, want), (r) => vOrder[r]!)
    }
  } else {
    result.page = topK(hits, count, want, sortColumns(index, sort, vRank)).slice(opts.offset)
  }
  return result
}

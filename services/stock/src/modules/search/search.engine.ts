import type { Range, SortKey, StoneFilter, Totals } from '@diamond/contracts/http/stock'
import {
  BOOL_FILTERS, ENUM_FILTERS, FACETS, RANGE_FILTERS, type Facet, type SortField,
} from '@diamond/contracts/http/stock.values'
import { CENTS_FIELDS, symbolMask, type StoneIndex } from './stone-index'

/**
 * Runs a search over the in-memory index: a filter compiled to per-column tests, one scan that
 * counts, totals and facets every match, then the requested page picked in sort order. Pure and
 * synchronous; the service wraps it with the database reads.
 */

/** Sort keys: the spec's sortable columns plus arrival time (newest first on the new-arrivals page). */
export type EngineSortField = SortField | 'arrivedAt'
export interface EngineSort {
  field: EngineSortField
  dir?: 'asc' | 'desc'
}

/** What a stock page adds to a filter (categories.rules.ts builds it). */
export interface ListScope {
  /** Every one of these category bits must be set. */
  categoryMask?: number
  minArrivedAt?: number
  minPcs?: number
  /** Only these stones, in this order (the day's deals, the stone of the day). */
  only?: Int32Array
  /** Kept when the caller asks for no sort. */
  keepOrder?: boolean
  /** Extra per-stone test over the index (the collection's grades). */
  test?: (i: number) => boolean
}

export interface Compiled {
  empty: boolean
  enumP: { col: Uint8Array; allow: Uint8Array }[]
  intP: { col: Int32Array; lo: number; hi: number }[]
  centP: { col: Float64Array; lo: number; hi: number }[]
  crtRanges: number[] | null
  boolP: { col: Uint8Array; want: number }[]
  /** Each mask: the stone's key to symbols names at least one of its symbols. */
  symMasks: number[]
  scope: ListScope
  candidates: Int32Array | null
}

const lowEnd = (v: number | undefined) => (v === undefined ? -Infinity : Math.ceil(v * 100 - 1e-7))
const highEnd = (v: number | undefined) => (v === undefined ? Infinity : Math.floor(v * 100 + 1e-7))

function intersect(a: Int32Array | null, b: number[]): Int32Array {
  const set = new Set(b)
  if (!a) return Int32Array.from([...set].sort((x, y) => x - y))
  return a.filter((i) => set.has(i))
}

/** Turns validated filters (all must hold) into tests over the index's arrays. */
export function compile(index: StoneIndex, filters: StoneFilter | StoneFilter[], scope: ListScope = {}): Compiled {
  const c: Compiled = { empty: false, enumP: [], intP: [], centP: [], crtRanges: null, boolP: [], symMasks: [], scope, candidates: null }
  for (const filter of Array.isArray(filters) ? filters : [filters]) addFilter(index, c, filter)
  if (scope.only) c.candidates = c.candidates ? intersect(scope.only, [...c.candidates]) : scope.only
  if (!c.candidates) c.candidates = caratCandidates(index, c)
  // The rarest condition first: most stones fail at the first test they meet.
  const share = (p: { col: Uint8Array; allow: Uint8Array }) => {
    const k = (Object.keys(index.enums) as (keyof typeof index.enums)[]).find((key) => index.enums[key] === p.col)!
    let n = 0
    p.allow.forEach((on, code) => (n += on ? index.valueCounts[k][code]! : 0))
    return n
  }
  c.enumP = c.enumP.map((p) => ({ p, n: share(p) })).sort((a, b) => a.n - b.n).map(({ p }) => p)
  return c
}

/** A carat band (or several) is read off the carat order instead of scanning every stone. */
function caratCandidates(index: StoneIndex, c: Compiled): Int32Array | null {
  const crt = index.ranges.crt
  let bands: [number, number][] = c.crtRanges ? Array.from({ length: c.crtRanges.length / 2 }, (_, r) => [c.crtRanges![2 * r]!, c.crtRanges![2 * r + 1]!]) : []
  const single = c.intP.filter((p) => p.col === crt)
  if (!bands.length && !single.length) return null
  if (!bands.length) bands = [[-Infinity, Infinity]]
  // Every single carat range must hold too: narrow each band by them.
  for (const p of single) bands = bands.map(([lo, hi]) => [Math.max(lo, p.lo), Math.min(hi, p.hi)])
  bands = bands.filter(([lo, hi]) => lo <= hi).sort((a, b) => a[0] - b[0])
  const merged: [number, number][] = []
  for (const [lo, hi] of bands) {
    const last = merged[merged.length - 1]
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi)
    else merged.push([lo, hi])
  }
  const slices = merged.map(([lo, hi]) => index.caratBand(lo, hi))
  if (slices.length === 1) return slices[0]!
  const out = new Int32Array(slices.reduce((n, x) => n + x.length, 0))
  let at = 0
  for (const x of slices) (out.set(x, at), (at += x.length))
  return out
}

function addFilter(index: StoneIndex, c: Compiled, filter: StoneFilter) {
  for (const k of ENUM_FILTERS) {
    const values = filter[k]
    if (!values?.length) continue
    const allow = new Uint8Array(256)
    let any = false
    for (const v of values) {
      const code = index.dicts[k].find(v)
      if (code >= 0) (allow[code] = 1), (any = true)
    }
    if (!any) c.empty = true
    c.enumP.push({ col: index.enums[k], allow })
  }
  for (const k of RANGE_FILTERS) {
    const r = filter[k] as Range | Range[] | undefined
    if (!r) continue
    if (Array.isArray(r)) {
      // Several carat ranges: any of them. (Two filters with several each: the later wins; none do.)
      c.crtRanges = r.flatMap((x) => [lowEnd(x.from), highEnd(x.to)])
      continue
    }
    if (r.from === undefined && r.to === undefined) continue
    const p = { lo: lowEnd(r.from), hi: highEnd(r.to) }
    if (CENTS_FIELDS.has(k)) c.centP.push({ col: index.ranges[k] as Float64Array, ...p })
    else c.intP.push({ col: index.ranges[k] as Int32Array, ...p })
  }
  for (const k of BOOL_FILTERS) {
    const want = filter[k]
    if (want !== undefined) c.boolP.push({ col: index.bools[k], want: want ? 1 : 0 })
  }
  if (filter.keyToSymbol?.length) {
    const mask = symbolMask(filter.keyToSymbol.join(','))
    if (!mask) c.empty = true
    c.symMasks.push(mask)
  }
  const lists: [string[] | undefined, (key: string) => number[] | undefined][] = [
    [filter.ids, (k) => { const i = index.byId.get(k); return i === undefined ? undefined : [i] }],
    [filter.stoneIds, (k) => index.byKey.get(k.toUpperCase())],
    [filter.sellerStoneNo, (k) => index.bySellerNo.get(k.toUpperCase())],
    [filter.pairNo, (k) => index.byPair.get(k.toUpperCase())],
  ]
  for (const [values, look] of lists) {
    if (!values?.length) continue
    c.candidates = intersect(c.candidates, values.flatMap((v) => look(v.trim()) ?? []))
  }
}

/** Does stone i pass the compiled filter? (The scan inlines the same tests.) */
export function makeTest(index: StoneIndex, c: Compiled): (i: number) => boolean {
  const { enumP, intP, centP, boolP, crtRanges, symMasks, scope } = c
  const crt = index.ranges.crt as Int32Array
  const minArrived = scope.minArrivedAt ?? -Infinity
  const minPcs = scope.minPcs ?? 0
  const catMask = scope.categoryMask ?? 0
  const extra = scope.test
  return (i) => {
    for (let p = 0; p < enumP.length; p++) if (enumP[p]!.allow[enumP[p]!.col[i]!] === 0) return false
    for (let p = 0; p < intP.length; p++) {
      const v = intP[p]!.col[i]!
      if (v < intP[p]!.lo || v > intP[p]!.hi) return false
    }
    for (let p = 0; p < centP.length; p++) {
      const v = centP[p]!.col[i]!
      if (v < centP[p]!.lo || v > centP[p]!.hi) return false
    }
    if (crtRanges) {
      const v = crt[i]!
      let inside = false
      for (let r = 0; r < crtRanges.length; r += 2) if (v >= crtRanges[r]! && v <= crtRanges[r + 1]!) (inside = true), (r = crtRanges.length)
      if (!inside) return false
    }
    for (let p = 0; p < boolP.length; p++) if (boolP[p]!.col[i] !== boolP[p]!.want) return false
    for (let p = 0; p < symMasks.length; p++) if ((index.symbols[i]! & symMasks[p]!) === 0) return false
    if (catMask && (index.categories[i]! & catMask) !== catMask) return false
    if (index.arrivedAt[i]! < minArrived) return false
    if (index.pcs[i]! < minPcs) return false
    if (extra && !extra(i)) return false
    return true
  }
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

const round2 = (v: number) => Math.round(v * 100) / 100

/** Spec section 9's totals: sums of carat and amount, and the averages a trader reads off them. */
export function totalsOf(count: number, crt100: number, ctPrCents: number, rapValue: number, ctPrWithRapCents: number): Totals {
  const amt = crt100 > 0 ? Math.round((ctPrCents * 100) / crt100) / 100 : 0
  // rapValue is Σ rap cents × carat hundredths: the stones' Rap list value in cents, times 100.
  const rapCrt100 = rapValue > 0 ? rapValue : 0
  const back = rapCrt100 > 0 ? round2(((ctPrWithRapCents * 100) / rapCrt100 - 1) * 100) : 0
  const rap = crt100 > 0 ? Math.round(rapValue / crt100) / 100 : 0
  return { count, crt: crt100 / 100, ctPr: round2(ctPrCents / 100), amt, rap, back, fnCtpr: round2(ctPrCents / 100), fnAmt: amt }
}

function sortColumns(index: StoneIndex, sort: readonly (SortKey | EngineSort)[], vRank: Int32Array) {
  const cols: ArrayLike<number>[] = []
  const dirs: number[] = []
  for (const s of sort) {
    const f = s.field
    cols.push(
      f === 'vStnId' ? vRank
        : f === 'arrivedAt' ? index.arrivedAt
          : f === 'shpNm' || f === 'colNm' || f === 'clrNm' ? index.enums[f]
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

/*
 * The scan, a column at a time: the candidates (a carat band, a list of ids, or every stone) pass
 * through one tight loop per condition, rarest first, each keeping the survivors in place. Each loop
 * reads one typed array of one type, which the JIT compiles to a few machine instructions a stone.
 */
function keepEnum(src: Int32Array | null, n: number, out: Int32Array, col: Uint8Array, allow: Uint8Array): number {
  let m = 0
  if (src === null) {
    for (let i = 0; i < n; i++) if (allow[col[i]!] !== 0) out[m++] = i
  } else {
    for (let j = 0; j < n; j++) {
      const i = src[j]!
      if (allow[col[i]!] !== 0) out[m++] = i
    }
  }
  return m
}
function keepInt(src: Int32Array | null, n: number, out: Int32Array, col: Int32Array, lo: number, hi: number): number {
  let m = 0
  if (src === null) {
    for (let i = 0; i < n; i++) {
      const v = col[i]!
      if (v >= lo && v <= hi) out[m++] = i
    }
  } else {
    for (let j = 0; j < n; j++) {
      const i = src[j]!
      const v = col[i]!
      if (v >= lo && v <= hi) out[m++] = i
    }
  }
  return m
}
function keepFloat(src: Int32Array | null, n: number, out: Int32Array, col: Float64Array, lo: number, hi: number): number {
  let m = 0
  if (src === null) {
    for (let i = 0; i < n; i++) {
      const v = col[i]!
      if (v >= lo && v <= hi) out[m++] = i
    }
  } else {
    for (let j = 0; j < n; j++) {
      const i = src[j]!
      const v = col[i]!
      if (v >= lo && v <= hi) out[m++] = i
    }
  }
  return m
}
function keepWhere(src: Int32Array | null, n: number, out: Int32Array, test: (i: number) => boolean): number {
  let m = 0
  for (let j = 0; j < n; j++) {
    const i = src === null ? j : src[j]!
    if (test(i)) out[m++] = i
  }
  return m
}
function countValues(hits: Int32Array, n: number, col: Uint8Array, counts: Int32Array) {
  for (let h = 0; h < n; h++) counts[col[hits[h]!]!]!++
}

/** Writes the stones that pass every condition into `out`, in candidate order; answers how many. */
function narrow(index: StoneIndex, c: Compiled, out: Int32Array): number {
  let src: Int32Array | null = null
  let n = index.size
  if (c.candidates) {
    out.set(c.candidates)
    src = out
    n = c.candidates.length
  }
  const step = (m: number) => {
    src = out
    n = m
  }
  for (const p of c.enumP) step(keepEnum(src, n, out, p.col, p.allow))
  for (const p of c.intP) step(keepInt(src, n, out, p.col, p.lo, p.hi))
  for (const p of c.centP) step(keepFloat(src, n, out, p.col, p.lo, p.hi))
  // The rest are rare conditions: one general pass over the few stones still in.
  const rest = makeRestTest(index, c)
  if (rest) step(keepWhere(src, n, out, rest))
  if (src === null) for (let i = 0; i < n; i++) out[i] = i
  return n
}

/** Carat bands, yes/no, symbols, categories, arrival, parcels and a page's own test, or null if none. */
function makeRestTest(index: StoneIndex, c: Compiled): ((i: number) => boolean) | null {
  const { crtRanges, boolP, symMasks, scope } = c
  if (!crtRanges && !boolP.length && !symMasks.length && !scope.categoryMask && scope.minArrivedAt === undefined && !scope.minPcs && !scope.test) return null
  return makeTest(index, { ...c, enumP: [], intP: [], centP: [] })
}

export function runSearch(index: StoneIndex, c: Compiled, opts: SearchOptions): EngineResult {
  const size = index.size
  if (hitsBuffer.length < size) hitsBuffer = new Int32Array(Math.ceil(size * 1.25))
  if (stamps.length < size) stamps = new Int32Array(Math.ceil(size * 1.25))
  const stamp = ++queryStamp
  const hits = hitsBuffer
  const count = c.empty ? 0 : narrow(index, c, hits)
  const facetKeys = opts.facets ? FACETS : []
  const facetCounts = facetKeys.map(() => new Int32Array(256))
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
  facetKeys.forEach((k, f) => countValues(hits, count, index.enums[k], facetCounts[f]!))

  const result: EngineResult = { count, totals: totalsOf(count, crtSum, ctPrSum, rapValue, ctPrWithRap), page: [] }
  if (opts.facets) {
    result.facets = {}
    facetKeys.forEach((k, f) => {
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
      for (let r = 0; r < size && page.length < want - opts.offset; r++) {
        const i = vOrder[desc ? size - 1 - r : r]!
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

import type { Range, StoneFilter } from '@diamond/contracts/http/stock'
import {
  BOOL_FILTERS,
  ENUM_FILTERS,
  FACETS,
  RANGE_FILTERS,
  STONE_CATEGORIES,
  type Facet,
} from '@diamond/contracts/http/stock.values'
import { CENTS_FIELDS, symbolMask, type StoneIndex } from './stone-index'

/**
 * A search's filter compiled against the index: per-column conditions over its typed arrays (value
 * tables for the multi-selects, integer bounds for the ranges) and the candidates to start from.
 */

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

export interface EnumPredicate {
  col: Uint8Array
  allow: Uint8Array
  facet?: Facet
  /** Availability E (exclusive) also takes an available stone of the exclusive category. */
  exclusive?: Exclusive
}

/**
 * The spec's availability code E is exclusive stock; the stock marks most of it by category 11 on an
 * available stone. Both read as E in the availability filter and its facet (a hold still sees A).
 */
export interface Exclusive {
  available: number
  mask: number
}
export const exclusiveOf = (index: StoneIndex): Exclusive => ({
  available: index.dicts.availability.find('A'),
  mask: 1 << STONE_CATEGORIES.exclusive,
})
export const isExclusiveAvailable = (index: StoneIndex, x: Exclusive, i: number): boolean =>
  index.enums.availability[i] === x.available && (index.categories[i]! & x.mask) !== 0

export interface Compiled {
  empty: boolean
  /**
   * Multi-select conditions; `facet` names the facet group a condition of the caller's own filter
   * stands for (a page's own conditions have none): facet counts leave that condition out.
   */
  enumP: EnumPredicate[]
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
  const c: Compiled = {
    empty: false,
    enumP: [],
    intP: [],
    centP: [],
    crtRanges: null,
    boolP: [],
    symMasks: [],
    scope,
    candidates: null,
  }
  // The first filter is the caller's own: its multi-selects are facet groups; a page's filter is not.
  ;(Array.isArray(filters) ? filters : [filters]).forEach((filter, n) => addFilter(index, c, filter, n === 0))
  // Stones that left live stock (removed by their seller, listing expired) stay in the index under
  // availability code 0, which no availability filter allows: only when there are such stones and no
  // availability filter already leaves them out does a search pay for one more pass.
  if (index.goneCount > 0 && !c.enumP.some((p) => p.col === index.enums.availability)) {
    const allow = new Uint8Array(256).fill(1)
    allow[0] = 0
    c.enumP.push({ col: index.enums.availability, allow })
  }
  if (scope.only) c.candidates = c.candidates ? intersect(scope.only, [...c.candidates]) : scope.only
  if (!c.candidates) c.candidates = caratCandidates(index, c)
  // The rarest condition first: most stones fail at the first test they meet.
  const share = (p: EnumPredicate) => {
    const k = (Object.keys(index.enums) as (keyof typeof index.enums)[]).find((key) => index.enums[key] === p.col)!
    let n = 0
    p.allow.forEach((on, code) => (n += on ? index.valueCounts[k][code]! : 0))
    return n
  }
  c.enumP = c.enumP
    .map((p) => ({ p, n: share(p) }))
    .sort((a, b) => a.n - b.n)
    .map(({ p }) => p)
  return c
}

/** A carat band (or several) is read off the carat order instead of scanning every stone. */
function caratCandidates(index: StoneIndex, c: Compiled): Int32Array | null {
  const crt = index.ranges.crt
  let bands: [number, number][] = c.crtRanges
    ? Array.from({ length: c.crtRanges.length / 2 }, (_, r) => [c.crtRanges![2 * r]!, c.crtRanges![2 * r + 1]!])
    : []
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
  for (const x of slices) {
    out.set(x, at)
    at += x.length
  }
  return out
}

const isFacet = (k: string): k is Facet => (FACETS as readonly string[]).includes(k)

function addFilter(index: StoneIndex, c: Compiled, filter: StoneFilter, own: boolean) {
  for (const k of ENUM_FILTERS) {
    const values = filter[k]
    if (!values?.length) continue
    const allow = new Uint8Array(256)
    let any = false
    for (const v of values) {
      const code = index.dicts[k].find(v)
      if (code >= 0) {
        allow[code] = 1
        any = true
      }
    }
    // A facet group's condition must still let the group's other values be counted.
    if (!any && !(own && isFacet(k))) c.empty = true
    const p: EnumPredicate = { col: index.enums[k], allow }
    if (own && isFacet(k)) p.facet = k
    if (k === 'availability' && values.includes('E')) p.exclusive = exclusiveOf(index)
    c.enumP.push(p)
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
  const lists: [string[] | undefined, (key: string) => readonly number[] | undefined][] = [
    [
      filter.ids,
      (k) => {
        const i = index.byId.get(k)
        return i === undefined ? undefined : [i]
      },
    ],
    [filter.stoneIds, (k) => index.byKey.get(k.toUpperCase())],
    [filter.sellerStoneNo, (k) => index.bySellerNo.get(k.toUpperCase())],
    [filter.pairNo, (k) => index.byPair.get(k.toUpperCase())],
    [filter.sellerCompanyId, (k) => index.bySellerCompany.get(k.toUpperCase())],
  ]
  for (const [values, look] of lists) {
    if (!values?.length) continue
    c.candidates = intersect(
      c.candidates,
      values.flatMap((v) => look(v.trim()) ?? []),
    )
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
    for (let p = 0; p < enumP.length; p++) {
      const e = enumP[p]!
      if (e.allow[e.col[i]!] === 0 && !(e.exclusive && isExclusiveAvailable(index, e.exclusive, i))) return false
    }
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
      for (let r = 0; r < crtRanges.length; r += 2) {
        if (v >= crtRanges[r]! && v <= crtRanges[r + 1]!) {
          inside = true
          break
        }
      }
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

import { indiaWallClock } from '@diamond/contracts/india-time'
import { STONE_CATEGORIES, type ListType } from '@diamond/contracts/http/stock.values'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import { matchingPairs, PAIR_DEFAULT } from './pairs.rules'
import { runSearch, type EngineSort } from './search.engine'
import { compile, type ListScope } from './search.filter'
import type { StoneIndex } from './stone-index'

/**
 * The stock pages as queries over the index. Each answers what the page's name promises from the
 * stones' own data, so a stone moves in and out of a page as it changes:
 * - newArrival: arrived within the last `newArrivalDays` days, newest first;
 * - exclusive, best: the stock's exclusive (11) and best (12) categories;
 * - upcoming: web status U; fancy: fancy colours; parcel: lots of more than one stone;
 *   nonCertified: no lab report; matchPair: the stones of matching pairs (pairs.rules.ts), side by side;
 * - collection: the collector's stones: 2 ct and up, D to F, FL to VVS2, white;
 * - dealOfDay: the `DEALS_PER_DAY` available stones priced furthest below their peers (same shape
 *   group and size bracket), best deal first;
 * - stoneOfDay: one stone a day worth showing (`STONE_OF_DAY_RULE`; a best-category one if any),
 *   the same all day long for everyone (the day is the spec's Asia/Kolkata day);
 * - suggested: at most `SUGGESTED_MAX` available stones like the caller's latest recent search
 *   (newest first), or of the best category for a first visit.
 */
export const DEALS_PER_DAY = 50
const DAY_MS = 86_400_000

export interface ScopeContext {
  now: number
  newArrivalDays: number
  /** The caller's latest recent search (for `suggested`). */
  suggested?: StoneFilter | null
}

export interface ScopeResult {
  scope: ListScope
  /** Added to the caller's filter (suggested stock). */
  filter?: StoneFilter
  /** The page's own order when the caller asks for none. */
  defaultSort?: EngineSort[]
}

export const dayOf = (now: number) => Math.floor(indiaWallClock(now).getTime() / DAY_MS)

const bit = (c: number) => 1 << c

/** Carat brackets of the trade's price lists (hundredths). */
const BRACKETS = [0, 30, 40, 50, 70, 90, 100, 150, 200, 300, 400, 500, 1000]
export const bracketOf = (crt100: number) => {
  let b = 0
  while (b + 1 < BRACKETS.length && crt100 >= BRACKETS[b + 1]!) b++
  return b
}

const availableCode = (index: StoneIndex) => index.dicts.availability.find('A')

/** Discount below the peer average, for every available stone with a Rap price. */
export function dealsOf(index: StoneIndex, count = DEALS_PER_DAY): Int32Array {
  const a = availableCode(index)
  const round = index.dicts.shpNm.find('ROUND')
  const avail = index.enums.availability
  const shape = index.enums.shpNm
  const crt = index.ranges.crt as Int32Array
  const back = index.ranges.back as Int32Array
  const rap = index.ranges.rap as Float64Array
  const sum = new Float64Array(2 * BRACKETS.length)
  const n = new Float64Array(2 * BRACKETS.length)
  const group = (i: number) => (shape[i] === round ? 0 : BRACKETS.length) + bracketOf(crt[i]!)
  for (let i = 0; i < index.size; i++) {
    if (avail[i] !== a || rap[i]! <= 0) continue
    const g = group(i)
    sum[g]! += back[i]!
    n[g]!++
  }
  // The best `count` by a bounded insertion: the list stays short, the stock may be millions.
  const { vRank } = index.order()
  const top: [number, number][] = []
  const better = (x: [number, number], y: [number, number]) =>
    x[0] > y[0] || (x[0] === y[0] && vRank[x[1]]! < vRank[y[1]]!)
  for (let i = 0; i < index.size; i++) {
    if (avail[i] !== a || rap[i]! <= 0) continue
    const g = group(i)
    const entry: [number, number] = [sum[g]! / n[g]! - back[i]!, i]
    if (top.length === count && !better(entry, top[count - 1]!)) continue
    let j = top.length < count ? top.length : count - 1
    while (j > 0 && better(entry, top[j - 1]!)) {
      if (j < count) top[j] = top[j - 1]!
      j--
    }
    top[j] = entry
  }
  return Int32Array.from(top, ([, i]) => i)
}

/** A small integer hash, so the day's pick does not follow stone numbers. */
const mix = (x: number) => {
  let h = Math.imul(x ^ (x >>> 16), 0x45d9f3b)
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b)
  return (h ^ (h >>> 16)) >>> 0
}

/**
 * A stone worth showing as the stone of the day: available, one certified stone (a lab report from
 * a grading lab, not a parcel), 0.70 to 5.00 ct, colour D to H, clarity FL to VS2, and for a round
 * an Excellent or Very Good cut; polish and symmetry Excellent or Very Good. A white stone: fancy
 * colours have their own search.
 */
export const STONE_OF_DAY_RULE = {
  crt: [70, 500],
  colors: ['D', 'E', 'F', 'G', 'H'],
  clarities: ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2'],
  grades: ['EX', 'VG'],
} as const

export function worthShowing(index: StoneIndex): (i: number) => boolean {
  const codes = (k: 'colNm' | 'clrNm' | 'cutNm', values: readonly string[]) =>
    new Set(values.map((v) => index.dicts[k].find(v)).filter((c) => c > 0))
  const a = availableCode(index)
  const colors = codes('colNm', STONE_OF_DAY_RULE.colors)
  const clarities = codes('clrNm', STONE_OF_DAY_RULE.clarities)
  const grades = codes('cutNm', STONE_OF_DAY_RULE.grades)
  const polish = new Set(STONE_OF_DAY_RULE.grades.map((v) => index.dicts.polNm.find(v)))
  const symmetry = new Set(STONE_OF_DAY_RULE.grades.map((v) => index.dicts.symNm.find(v)))
  const round = index.dicts.shpNm.find('ROUND')
  const nonCert = index.dicts.lbNm.find('NON-CERT')
  const { enums } = index
  const crt = index.ranges.crt as Int32Array
  const [lo, hi] = STONE_OF_DAY_RULE.crt
  return (i) =>
    enums.availability[i] === a &&
    enums.lbNm[i] !== 0 &&
    enums.lbNm[i] !== nonCert &&
    index.pcs[i]! <= 1 &&
    index.bools.isFcCol[i] === 0 &&
    crt[i]! >= lo &&
    crt[i]! <= hi &&
    colors.has(enums.colNm[i]!) &&
    clarities.has(enums.clrNm[i]!) &&
    (enums.shpNm[i] !== round || grades.has(enums.cutNm[i]!)) &&
    polish.has(enums.polNm[i]!) &&
    symmetry.has(enums.symNm[i]!)
}

/** One stone a day worth showing (a best-category one if any), the same all day for everyone. */
export function stoneOfDay(index: StoneIndex, day: number): Int32Array {
  const { vOrder } = index.order()
  const best = bit(STONE_CATEGORIES.best)
  const worth = worthShowing(index)
  const a = availableCode(index)
  const tiers: ((i: number) => boolean)[] = [
    (i) => worth(i) && (index.categories[i]! & best) !== 0,
    worth,
    // A stock with no such stone still shows an available certified one rather than nothing.
    (i) => index.enums.availability[i] === a && index.enums.lbNm[i] !== index.dicts.lbNm.find('NON-CERT'),
  ]
  for (const tier of tiers) {
    const pool: number[] = []
    for (const i of vOrder) if (tier(i)) pool.push(i)
    if (pool.length) return Int32Array.of(pool[mix(day) % pool.length]!)
  }
  return new Int32Array(0)
}

/** At most this many stones are suggested: a suggestion, never the whole stock. */
export const SUGGESTED_MAX = 50

/**
 * Suggested stock: available stones like the member's latest recent search (an empty one is no
 * search), or for a first visit the best category; the newest `SUGGESTED_MAX` of them.
 */
export function suggestedOf(index: StoneIndex, recent: StoneFilter | null | undefined): Int32Array {
  const filter: StoneFilter = { ...(recent ?? {}), availability: ['A'] }
  const scope: ListScope = recent ? {} : { categoryMask: bit(STONE_CATEGORIES.best) }
  const found = runSearch(index, compile(index, filter, scope), {
    sort: [{ field: 'arrivedAt', dir: 'desc' }],
    offset: 0,
    limit: SUGGESTED_MAX,
  })
  return Int32Array.from(found.page)
}

export function scopeFor(type: ListType, index: StoneIndex, ctx: ScopeContext): ScopeResult {
  switch (type) {
    case 'all':
      return { scope: {} }
    case 'newArrival':
      return {
        scope: { minArrivedAt: ctx.now - ctx.newArrivalDays * DAY_MS },
        defaultSort: [{ field: 'arrivedAt', dir: 'desc' }],
      }
    case 'exclusive':
      return { scope: { categoryMask: bit(STONE_CATEGORIES.exclusive) } }
    case 'best':
      return { scope: { categoryMask: bit(STONE_CATEGORIES.best) } }
    case 'upcoming':
      return { scope: {}, filter: { availability: ['U'] } }
    case 'fancy':
      return { scope: {}, filter: { isFcCol: true } }
    case 'parcel':
      return { scope: { minPcs: 2 } }
    case 'nonCertified':
      return { scope: {}, filter: { lbNm: ['NON-CERT'] } }
    case 'matchPair':
      // The search service lists them pair by pair (SearchService.pairPage); as a plain scope, the same stones.
      return {
        scope: { only: Int32Array.from(matchingPairs(index, () => true, PAIR_DEFAULT).flat()), keepOrder: true },
      }
    case 'collection': {
      const colour = index.enums.colNm
      const clarity = index.enums.clrNm
      const crt = index.ranges.crt as Int32Array
      const dToF = new Set(['D', 'E', 'F'].map((v) => index.dicts.colNm.find(v)))
      const clean = new Set(['FL', 'IF', 'VVS1', 'VVS2'].map((v) => index.dicts.clrNm.find(v)))
      return { scope: { test: (i) => crt[i]! >= 200 && dToF.has(colour[i]!) && clean.has(clarity[i]!) } }
    }
    case 'dealOfDay':
      return { scope: { only: dealsOf(index), keepOrder: true } }
    case 'stoneOfDay':
      return { scope: { only: stoneOfDay(index, dayOf(ctx.now)), keepOrder: true } }
    case 'suggested':
      return { scope: { only: suggestedOf(index, ctx.suggested), keepOrder: true } }
  }
}

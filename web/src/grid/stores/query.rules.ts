import type { MatchPairPage, SortKey, StoneFilter, StoneRow, StoneSearch } from '@diamond/contracts/http/stock'
import { SORTABLE, type ListType, type SortField } from '@diamond/contracts/http/stock.values'
import type { PairToleranceValue } from '@diamond/contracts/http/user-settings.values'

/**
 * What a result grid shows, as data: the stock pages are `diamond/paginate` with a list type (and
 * a saved search's filter on /diamond-list/:id), an exclusive search goes to its own call, the
 * quick search sends the words, and match pairs come from the pair call.
 */
export type GridQuery =
  | { kind: 'stock'; listType: ListType; filter?: StoneFilter }
  | { kind: 'search'; filter: StoneFilter }
  | { kind: 'exclusiveSearch'; filter: StoneFilter }
  | { kind: 'quick'; search: string }
  | { kind: 'pairs'; filter: StoneFilter }
  /** One of the user's track lists (`diamond-track/paginate`): cart 1, watchlist 2, … comment 99. */
  | { kind: 'track'; trackType: number }

export const ALL_STOCK: GridQuery = { kind: 'stock', listType: 'all' }

/** A stable identity for a query: a new one starts at page 1 with no sort. */
export const queryKey = (q: GridQuery): string => JSON.stringify(q)

/**
 * Items per page. The spec's default is 250 and it names no options; these bracket it up to the
 * contract's maximum page of 1,000 (MAX_PAGE_SIZE): a short page for a quick look, the default,
 * and big pages for traders who select across many stones.
 */
export const PAGE_SIZES = [50, 100, 250, 500, 1000] as const
/** Match pairs are counted in pairs and the pair call takes at most 500 a page. */
export const PAIR_PAGE_SIZES = [50, 100, 250, 500] as const
export const DEFAULT_LIMIT = 250

export function pageSizesFor(q: GridQuery): readonly number[] {
  return q.kind === 'pairs' ? PAIR_PAGE_SIZES : PAGE_SIZES
}

/** A stored or asked-for page size that this grid offers, else the nearest one below (or the smallest). */
export function validLimit(limit: number | null | undefined, sizes: readonly number[]): number {
  if (limit && sizes.includes(limit)) return limit
  const below = sizes.filter((s) => limit !== null && limit !== undefined && s <= limit)
  if (below.length) return below[below.length - 1]!
  return sizes.includes(DEFAULT_LIMIT) ? DEFAULT_LIMIT : sizes[0]!
}

export const pageCount = (count: number, limit: number): number => Math.max(1, Math.ceil(count / Math.max(1, limit)))

/** 1-based positions of the first and last item of a page ('0–0' for nothing). */
export function pageRange(page: number, limit: number, count: number): { from: number; to: number } {
  if (count === 0) return { from: 0, to: 0 }
  return { from: (page - 1) * limit + 1, to: Math.min(count, page * limit) }
}

export const isSortable = (key: string): key is SortField => (SORTABLE as readonly string[]).includes(key)

/** A header click: ascending, then descending, then no sort (section 3's sortable columns only). */
export function nextSort(cur: SortKey | null, field: SortField): SortKey | null {
  if (!cur || cur.field !== field) return { field, dir: 'asc' }
  if (cur.dir !== 'desc') return { field, dir: 'desc' }
  return null
}

/** What the member saved that changes a read: their diamond sequence and match pair tolerances. */
export interface MySettings {
  sequence?: SortKey[]
  tolerance?: PairToleranceValue
}

/**
 * Whether a list follows the member's diamond sequence when no column is clicked: searches and
 * the whole stock do; the curated pages keep their own order (newest arrivals first, the day's
 * deals), and track lists the order they were added in.
 */
export const followsSequence = (q: GridQuery): boolean =>
  q.kind === 'search' ||
  q.kind === 'exclusiveSearch' ||
  q.kind === 'quick' ||
  (q.kind === 'stock' && (q.listType === 'all' || !!q.filter))

export type Call = 'paginate' | 'exclusiveSearch' | 'quickSearch' | 'matchPairs' | 'tracks'

/** The call and body for one page of a query. Facets are asked for searches only. */
export function requestFor(
  q: GridQuery,
  page: number,
  limit: number,
  sort: SortKey | null,
  mine: MySettings = {},
): { call: Call; body: Record<string, unknown> } {
  const sortBody = sort ? { sort: [sort] } : mine.sequence?.length && followsSequence(q) ? { sort: mine.sequence } : {}
  switch (q.kind) {
    case 'stock': {
      const body: StoneSearch = { listType: q.listType, ...sortBody, page, limit }
      if (q.filter) Object.assign(body, { filter: q.filter, facets: true })
      return { call: 'paginate', body }
    }
    case 'search':
      return { call: 'paginate', body: { filter: q.filter, ...sortBody, page, limit, facets: true } }
    case 'exclusiveSearch':
      return { call: 'exclusiveSearch', body: { filter: q.filter, ...sortBody, page, limit, facets: true } }
    case 'quick':
      return { call: 'quickSearch', body: { search: q.search, ...sortBody, page, limit } }
    case 'pairs':
      return {
        call: 'matchPairs',
        body: { filter: q.filter, ...(mine.tolerance ? { tolerance: mine.tolerance } : {}), page, limit },
      }
    case 'track':
      return { call: 'tracks', body: { trackType: q.trackType, page, limit } }
  }
}

/** Whether a query is a search the user asked for (its empty text differs, spec section 8). */
export const isSearch = (q: GridQuery): boolean =>
  (q.kind !== 'stock' && q.kind !== 'track') || (q.kind === 'stock' && !!q.filter)

/**
 * The filter of a search that found nothing, for the "no match" offer of a demand (spec section 8):
 * a filtered search or a quick search's reading. Pairs and the exclusive stock are other questions.
 */
export function noMatchFilter(q: GridQuery, reading: StoneFilter | null): StoneFilter | null {
  if (q.kind === 'search' || (q.kind === 'stock' && q.filter && q.listType !== 'exclusive')) return q.filter ?? null
  if (q.kind === 'quick') return reading
  return null
}

/** Spec section 8's empty texts: a search, the exclusive page, or any other list. */
export function emptyKey(
  q: GridQuery,
): 'empty.noDataSearch' | 'empty.exclusive' | 'empty.noData' | 'empty.cart' | 'empty.notes' | 'empty.enquiry' {
  // The lists with their own text: cart 1, enquiry 6, notes (comments) 99.
  if (q.kind === 'track')
    return q.trackType === 1
      ? 'empty.cart'
      : q.trackType === 6
        ? 'empty.enquiry'
        : q.trackType === 99
          ? 'empty.notes'
          : 'empty.noData'
  if ((q.kind === 'stock' && q.listType === 'exclusive') || q.kind === 'exclusiveSearch') return 'empty.exclusive'
  return isSearch(q) ? 'empty.noDataSearch' : 'empty.noData'
}

export interface PairPlace {
  pairNo: string
  /** 0 for the first stone of the pair, 1 for the second. */
  pos: 0 | 1
  /** Pairs alternate shading so two neighbouring pairs read apart. */
  odd: boolean
}

/** Pairs as adjacent rows: the stones in order, and where each one sits in its pair. */
export function flattenPairs(page: MatchPairPage): { list: StoneRow[]; places: Record<string, PairPlace> } {
  const list: StoneRow[] = []
  const places: Record<string, PairPlace> = {}
  page.list.forEach((pair, i) => {
    pair.stones.slice(0, 2).forEach((s, pos) => {
      // A stone listed twice would break the one-entry-per-stone rule: keep its first place.
      if (places[s.id]) return
      places[s.id] = { pairNo: pair.pairNo, pos: pos as 0 | 1, odd: i % 2 === 1 }
      list.push(s)
    })
  })
  return { list, places }
}

/** Filter chips: a quick search's reading as `key: values` pairs, ranges as `from–to`. */
export function filterChips(filter: Readonly<StoneFilter> | object): { key: string; text: string }[] {
  const out: { key: string; text: string }[] = []
  for (const [key, v] of Object.entries(filter) as [string, unknown][]) {
    if (v === undefined || v === null) continue
    if (Array.isArray(v)) {
      if (v.length === 0) continue
      const parts = v.map((x) =>
        typeof x === 'object' && x ? rangeText(x as { from?: number; to?: number }) : String(x),
      )
      out.push({ key, text: parts.join(', ') })
    } else if (typeof v === 'object') out.push({ key, text: rangeText(v as { from?: number; to?: number }) })
    else if (typeof v === 'boolean') out.push({ key, text: v ? '✓' : '✗' })
    else out.push({ key, text: String(v) })
  }
  return out
}

function rangeText(r: { from?: number; to?: number }): string {
  if (r.from !== undefined && r.to !== undefined) return r.from === r.to ? String(r.from) : `${r.from}–${r.to}`
  if (r.from !== undefined) return `≥ ${r.from}`
  if (r.to !== undefined) return `≤ ${r.to}`
  return ''
}

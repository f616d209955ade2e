import { proxy, ref } from 'valtio'
import type { DEFAULT_PAGE_SIZE } from '@diamond/contracts/common'
import type { SortKey, StoneFilter, StoneRow, Totals } from '@diamond/contracts/http/stock'
import type { ApiResult } from '../../lib/api'
import { watchStones } from '../../lib/realtime'
import { mySettings } from '../../lib/userSettings'
import { exclusiveSearch, matchPairs, paginateStones, quickSearch, trackStones } from '../api/stones'
import { gridPrefs } from './prefs'
import {
  ALL_STOCK,
  flattenPairs,
  pageSizesFor,
  queryKey,
  requestFor,
  validLimit,
  type GridQuery,
  type PairPlace,
} from './query.rules'
import { adoptRow, clearRows, forgetFlashes, putRows } from './rows'
import type { PageType } from './selection.rules'
import { restoreSelections, selectionOf } from './selectionState'

/**
 * The page the grid shows: which query on which page type, which page of it, sorted how, and the
 * list-level figures of the last read (count, totals, the quick search's reading). The rows
 * themselves are rows.ts's; `ids` is a ref, so a row's change does not notify the page.
 */

/** The spec's page size, typed by the contract's constant so the two cannot drift (no TypeBox in the bundle). */
export const PAGE_SIZE: typeof DEFAULT_PAGE_SIZE = 250

type Load = 'idle' | 'loading' | 'ready' | 'error'

export const stones = proxy({
  ids: ref([] as string[]) as readonly string[],
  page: 1,
  count: 0,
  /** Items per page. */
  limit: PAGE_SIZE as number,
  sort: null as SortKey | null,
  /** Over the whole result, not the page. */
  totals: null as Totals | null,
  /** How the quick search read the words. */
  reading: null as StoneFilter | null,
  /** Match pairs: where each stone sits in its pair. */
  pairs: ref({} as Record<string, PairPlace>),
  load: 'idle' as Load,
  errorCode: '',
  /** The result limit when a search finds too many (E_SEARCH_LIMIT). */
  errorLimit: 0,
  owner: null as string | null,
  pageType: 'dashboard' as PageType,
  queryKey: queryKey(ALL_STOCK),
})

let query: GridQuery = ALL_STOCK
/** A benchmark's synthetic list is on screen: no reads from the server replace it. */
let seeded = false
let loadSeq = 0
let resyncAfterLoad = false

/** Shows a read's rows, in the read's order, as this page of the result. */
function showRows(page: number, list: readonly StoneRow[], count: number, totals: Totals | null): void {
  const ids = putRows(list, selectionOf(stones.pageType))
  // Same ids in the same order: leave the list alone so it does not re-render.
  const prev = stones.ids
  if (ids.length !== prev.length || ids.some((id, i) => id !== prev[i])) stones.ids = ref(ids)
  stones.page = page
  stones.count = count
  stones.totals = totals
}

/**
 * One stone shown on its own (the detail and DNA pages) joins the store, selected as on the page
 * type shown; returns the page's way to let it go (rows.ts `adoptRow`).
 */
export const adoptStone = (row: StoneRow): (() => void) => adoptRow(row, selectionOf(stones.pageType))

/** No rows shown; the pinned stones stay unless `all` (another user signs in). */
function clearPage(all = false): void {
  clearRows(all)
  stones.ids = ref([] as string[])
  stones.pairs = ref({} as Record<string, PairPlace>)
  stones.count = 0
  stones.totals = null
  stones.reading = null
}

/**
 * Shows a query on a page type. A different one starts afresh (page 1, no sort, no rows); the same
 * one keeps what is shown, so coming back to a page finds it as it was.
 */
export function showQuery(pageType: PageType, q: GridQuery): boolean {
  const key = queryKey(q)
  if (!seeded && stones.queryKey === key && stones.pageType === pageType) return false
  seeded = false
  query = q
  stones.queryKey = key
  stones.pageType = pageType
  stones.page = 1
  stones.sort = null
  stones.load = 'idle'
  stones.errorCode = ''
  clearPage()
  return true
}

async function read(page: number): Promise<
  ApiResult<{
    list: StoneRow[]
    count: number
    totals?: Totals
    filter?: StoneFilter
    places?: Record<string, PairPlace>
  }>
> {
  const saved = await mySettings()
  // Rows per page from the member's preferences, until they pick a size in the grid itself.
  if (saved.preferences && !gridPrefs.limitChosen && page === 1)
    stones.limit = validLimit(saved.preferences.rowsPerPage, pageSizesFor(query))
  const { call, body } = requestFor(query, page, stones.limit, stones.sort, {
    ...(saved.diamondSequence ? { sequence: saved.diamondSequence.sort } : {}),
    ...(saved.matchPair ? { tolerance: saved.matchPair } : {}),
  })
  switch (call) {
    case 'paginate':
      return paginateStones(body)
    case 'exclusiveSearch':
      return exclusiveSearch(body)
    case 'quickSearch':
      return quickSearch(body as { search: string })
    case 'tracks':
      return trackStones(body)
    case 'matchPairs': {
      const res = await matchPairs(body)
      if (res.error) return res
      const { list, places } = flattenPairs(res.data)
      const data = { list, count: res.data.count, places, ...(res.data.totals ? { totals: res.data.totals } : {}) }
      return { error: null, data, response: { ...res.response, data } }
    }
  }
}

export async function loadPage(page: number, opts: { quiet?: boolean } = {}): Promise<void> {
  if (seeded) return
  const seq = ++loadSeq
  if (!opts.quiet) {
    stones.load = 'loading'
    stones.errorCode = ''
  }
  const { error, data } = await read(page)
  if (seq !== loadSeq) return // a newer load has started
  if (error) {
    if (!opts.quiet) {
      stones.load = 'error'
      stones.errorCode = error.code
      const limit = (error.data as { limit?: unknown } | undefined)?.limit
      stones.errorLimit = typeof limit === 'number' ? limit : 0
    }
    return
  }
  showRows(page, data.list, data.count, data.totals ?? null)
  stones.pairs = ref(data.places ?? {})
  stones.reading = data.filter ?? null
  stones.load = 'ready'
  watchStones([...stones.ids])
  if (resyncAfterLoad) {
    resyncAfterLoad = false
    void resync()
  }
}

/** A stone that left live stock (removed by its seller, listing expired) leaves the list at once. */
export function dropStone(id: string): void {
  if (!stones.ids.includes(id)) return
  stones.ids = ref(stones.ids.filter((i) => i !== id))
  stones.count = Math.max(0, stones.count - 1)
}

/** Re-reads the visible page, e.g. after a reconnect: socket.io delivers at most once. */
export function resync(): Promise<void> {
  return loadPage(stones.page, { quiet: true })
}

/** The live connection came (back): what is shown is read again, and a page being read once it lands (it may predate the connection). */
export function resyncAfterConnect(): void {
  if (stones.load === 'ready') void resync()
  else if (stones.load === 'loading') resyncAfterLoad = true
}

/** A header click: the new sort from page 1. */
export function sortBy(sort: SortKey | null): Promise<void> {
  stones.sort = sort
  return loadPage(1)
}

/** Items per page: from page 1 again. */
export function setLimit(limit: number): Promise<void> {
  stones.limit = limit
  return loadPage(1)
}

/** Forgets the last user's page, holds and selections when someone else signs in. */
export function ensureOwner(userId: string): void {
  if (stones.owner === userId) return
  forgetFlashes()
  seeded = false
  query = ALL_STOCK
  clearPage(true)
  restoreSelections(userId)
  stones.queryKey = queryKey(ALL_STOCK)
  stones.pageType = 'dashboard'
  stones.page = 1
  stones.sort = null
  stones.load = 'idle'
  stones.errorCode = ''
  stones.owner = userId
}

/**
 * The benchmark hook's way in (stores/perf.ts): shows these rows as one virtual list, with no
 * server reads replacing them until another query is shown.
 */
export function seedRows(rows: readonly StoneRow[]): void {
  showQuery(stones.pageType, { kind: 'stock', listType: 'all', filter: { stoneIds: ['benchmark'] } })
  seeded = true
  stones.limit = Math.max(rows.length, 1)
  showRows(1, rows, rows.length, null)
  stones.load = 'ready'
}

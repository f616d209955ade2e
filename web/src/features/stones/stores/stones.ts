import { proxy, ref } from 'valtio'
import type { DEFAULT_PAGE_SIZE } from '@diamond/contracts/common'
import type { Availability } from '@diamond/contracts/events/stock'
import type { SortKey, StoneFilter, StoneRow, Totals } from '@diamond/contracts/http/stock'
import type { StoneStatus } from '@diamond/contracts/realtime'
import type { ApiError, ApiResult } from '../../../lib/api'
import { onConnect, onStoneStatus, watchStones } from '../../../lib/realtime'
import { exclusiveSearch, holdStone, matchPairs, paginateStones, quickSearch, releaseHold, trackStones } from '../api/stones'
import { ALL_STOCK, flattenPairs, queryKey, requestFor, type GridQuery, type PairPlace } from './query.rules'
import { isSelected, type PageType } from './selection.rules'
import { restoreSelections, selectionOf } from './selectionState'

/**
 * One entry per stone, keyed by id; the page is an ordered id list. Entries are plain objects: a
 * row (or card, or detail page) watches its own stone's id (`watchEntry`), and every change to an
 * entry goes through this store, which tells that stone's watchers once per turn (`touch`). So a
 * status change (or its selection) re-renders that row and nothing else, and a stone nobody shows
 * costs nothing. (They were valtio proxies made when first shown: a copy of the ninety fields per
 * row coming into view and a proxy trap per write, the grid's largest garbage while it scrolls
 * under pushes — npm run bench:grid.) The id map and the id list are refs: a row's change does not
 * notify the page.
 */
export interface StoneEntry extends StoneRow {
  /** The status changed a moment ago. */
  flash: boolean
  /** A hold or release of mine is on its way. */
  pending: boolean
  /** Selected on the page type now shown. */
  selected: boolean
  /** Raised when a field other than the status changes (a re-read): rows redraw their fixed cells only then. */
  rev: number
  /** `shownKey` of the entry until its next change (`touch` forgets it): read by every view each render. */
  shown?: string | undefined
}

/**
 * Revisions are unique across entries and only rise: a view keyed by its entry's revision also sees
 * its stone's entry replaced by another object (a new read after the stone had left the store).
 */
let lastRev = 0
const nextRev = () => ++lastRev

/** The spec's page size, typed by the contract's constant so the two cannot drift (no TypeBox in the bundle). */
export const PAGE_SIZE: typeof DEFAULT_PAGE_SIZE = 250
export const FLASH_MS = 3_000

type Load = 'idle' | 'loading' | 'ready' | 'error'

export const stones = proxy({
  byId: ref({} as Record<string, StoneEntry>),
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

/** Who shows each stone: the callbacks of its rows, cards and detail pages. */
const watchers = new Map<string, Set<() => void>>()
/** Stones changed this turn whose watchers are still to be told. */
const dirty = new Set<string>()
let telling = false

function tellWatchers(): void {
  telling = false
  const ids = [...dirty]
  dirty.clear()
  for (const id of ids) watchers.get(id)?.forEach((fn) => fn())
}

/** An entry changed: its watchers hear of it once this turn's changes are done. */
function touch(e: StoneEntry): void {
  e.shown = undefined
  if (!watchers.has(e.id)) return
  dirty.add(e.id)
  if (!telling) {
    telling = true
    queueMicrotask(tellWatchers)
  }
}

/** Calls `onChange` whenever the stone's entry changes; returns the unsubscribe. */
export function watchEntry(id: string, onChange: () => void): () => void {
  let set = watchers.get(id)
  if (!set) watchers.set(id, (set = new Set()))
  set.add(onChange)
  return () => {
    set.delete(onChange)
    if (!set.size && watchers.get(id) === set) watchers.delete(id)
  }
}

/**
 * What a view of an entry shows that can change without a re-read: the status a push brings, the
 * marks and the selection; every other field changes only with `rev` (a re-read). A push that only
 * raises the status version changes none of it, so no view redraws for it.
 */
export const shownKey = (e: StoneEntry): string =>
  `${e.rev}|${e.availability}|${e.wSts}|${e.sSts}|${e.flash ? 1 : 0}|${e.selected ? 1 : 0}|${e.heldByMe ? 1 : 0}|${e.pending ? 1 : 0}`

/** `shownKey`, built once per change of the entry (every write to an entry is followed by `touch`). */
export const shownKeyOf = (e: StoneEntry): string => (e.shown ??= shownKey(e))

/** Marks the stone selected or not on the page type shown (the selection actions' way in). */
export function markSelected(id: string, selected: boolean): void {
  const e = stones.byId[id]
  if (!e || e.selected === selected) return
  e.selected = selected
  touch(e)
}

/** Copies a fresh read into an entry, writing only fields that changed; its watchers hear once if any did. */
function assignChanged(e: StoneEntry, fresh: Partial<StoneRow>): void {
  const target = e as unknown as Record<string, unknown>
  let changed = false
  let any = false
  for (const [k, v] of Object.entries(fresh)) {
    const cur = target[k]
    if (Array.isArray(v) && Array.isArray(cur) && v.length === cur.length && v.every((x, i) => x === cur[i])) continue
    if (cur !== v) {
      target[k] = v
      any = true
      if (!STATUS_FIELDS.has(k)) changed = true
    }
  }
  if (changed) e.rev = nextRev()
  if (any) touch(e)
}
const STATUS_FIELDS: ReadonlySet<string> = new Set(['wSts', 'availability', 'statusVersion', 'heldByMe'])

let query: GridQuery = ALL_STOCK
/** A benchmark's synthetic list is on screen: no reads from the server replace it. */
let seeded = false
/** When each marked row's mark ends; one sweep clears all that are due (one commit, not one per row). */
const flashUntil = new Map<string, number>()
let flashSweep: ReturnType<typeof setTimeout> | null = null
const FLASH_SWEEP_MS = 250
let loadSeq = 0
let resyncAfterLoad = false

export const currentQuery = (): GridQuery => query

function sweepFlashes(): void {
  const now = Date.now()
  // forEach, not for…of: thousands of marks a sweep under load, and for…of makes a pair of each.
  flashUntil.forEach((until, id) => {
    if (until > now) return
    // By id: a new read may have replaced the stone's entry since it was marked.
    const e = stones.byId[id]
    if (e) {
      e.flash = false
      touch(e)
    }
    flashUntil.delete(id)
  })
  flashSweep = flashUntil.size ? setTimeout(sweepFlashes, FLASH_SWEEP_MS) : null
}

function flash(e: StoneEntry): void {
  e.flash = true
  touch(e)
  flashUntil.set(e.id, Date.now() + FLASH_MS)
  flashSweep ??= setTimeout(sweepFlashes, FLASH_SWEEP_MS)
}

function setStatus(e: StoneEntry, wSts: string, availability: Availability): void {
  if (e.wSts === wSts && e.availability === availability) return
  e.wSts = wSts
  e.availability = availability
  // Pushes never say who holds a stone; one that is no longer held is nobody's.
  if (availability !== 'H') e.heldByMe = false
  flash(e)
}

/** A status the server gave this user (a page read, or their own hold or release). */
function applyOwn(e: StoneEntry, s: Pick<StoneRow, 'wSts' | 'availability' | 'statusVersion' | 'heldByMe'>): void {
  if (s.statusVersion < e.statusVersion) return
  e.statusVersion = s.statusVersion
  setStatus(e, s.wSts, s.availability)
  if (e.heldByMe !== s.heldByMe) {
    e.heldByMe = s.heldByMe
    touch(e)
  }
}

/** A pushed change counts only if it is newer than what the row shows. */
export function applyStatus(s: StoneStatus): void {
  const e = stones.byId[s.id]
  if (!e || s.version <= e.statusVersion) return
  e.statusVersion = s.version
  setStatus(e, s.wSts, s.availability)
}

/*
 * Pushes arrive in bursts (a batch a window, many windows a second under load). They are gathered
 * per stone (the newest version wins) and applied together once per animation frame, so React
 * commits at most once a frame however many changes arrive, and scrolling keeps its frames.
 */
const queued = new Map<string, StoneStatus>()
let frame: number | ReturnType<typeof setTimeout> | null = null
const nextFrame = (fn: () => void) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fn) : setTimeout(fn, 16))

export function flushQueuedStatus(): void {
  frame = null
  const list = [...queued.values()]
  queued.clear()
  for (const s of list) applyStatus(s)
}

/** A pushed change, applied with the others of this frame. */
export function queueStatus(s: StoneStatus): void {
  const seen = queued.get(s.id)
  if (!seen || seen.version < s.version) queued.set(s.id, s)
  frame ??= nextFrame(flushQueuedStatus)
}

/**
 * Shows a read's rows. A row new to the store becomes its entry as it is, not copied: the rows are
 * the read's own (fresh from the response, or a benchmark's list), and copying a list of 100,000
 * rows of ninety fields left as much garbage again for the page to collect while it scrolls.
 */
function mergePage(page: number, list: readonly StoneRow[], count: number, totals: Totals | null): void {
  const byId = stones.byId
  const ids = list.map((r) => r.id)
  const keep = new Set(ids)
  for (const id of Object.keys(byId)) if (!keep.has(id)) delete byId[id]
  const sel = selectionOf(stones.pageType)
  for (const row of list) {
    const cur = byId[row.id]
    if (!cur) {
      const e = row as StoneRow as StoneEntry
      e.flash = false
      e.pending = false
      e.selected = isSelected(sel, row.id)
      e.rev = nextRev()
      e.shown = undefined
      byId[row.id] = e
      touch(e)
      continue
    }
    // A pushed change may be newer than this read: keep whichever status is newer.
    const { wSts, availability, statusVersion, heldByMe, ...rest } = row
    assignChanged(cur, rest)
    if (statusVersion > cur.statusVersion) applyOwn(cur, { wSts, availability, statusVersion, heldByMe })
    const selected = isSelected(sel, row.id)
    if (cur.selected !== selected) {
      cur.selected = selected
      touch(cur)
    }
  }
  // Same ids in the same order: leave the list alone so it does not re-render.
  const prev = stones.ids
  if (ids.length !== prev.length || ids.some((id, i) => id !== prev[i])) stones.ids = ref(ids)
  stones.page = page
  stones.count = count
  stones.totals = totals
}

/**
 * One stone shown on its own (the detail page): the same entry as the grid's when the stone is on
 * the page shown, so a hold or a push changes both; else a new entry the next page read drops.
 */
export function adoptStone(row: StoneRow): StoneEntry {
  if (!stones.byId[row.id]) stones.byId[row.id] = { ...row, flash: false, pending: false, selected: isSelected(selectionOf(stones.pageType), row.id), rev: nextRev(), shown: undefined }
  const cur = stones.byId[row.id]!
  const { wSts, availability, statusVersion, heldByMe, ...rest } = row
  assignChanged(cur, rest)
  if (statusVersion > cur.statusVersion) applyOwn(cur, { wSts, availability, statusVersion, heldByMe })
  return cur
}

function clearRows(): void {
  stones.byId = ref({} as Record<string, StoneEntry>)
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
  clearRows()
  return true
}

async function read(page: number): Promise<ApiResult<{ list: StoneRow[]; count: number; totals?: Totals; filter?: StoneFilter; places?: Record<string, PairPlace> }>> {
  const { call, body } = requestFor(query, page, stones.limit, stones.sort)
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
  mergePage(page, data.list, data.count, data.totals ?? null)
  stones.pairs = ref(data.places ?? {})
  stones.reading = data.filter ?? null
  stones.load = 'ready'
  watchStones([...stones.ids])
  if (resyncAfterLoad) {
    resyncAfterLoad = false
    void resync()
  }
}

/** Re-reads the visible page, e.g. after a reconnect: socket.io delivers at most once. */
export function resync(): Promise<void> {
  return loadPage(stones.page, { quiet: true })
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
  if (flashSweep) clearTimeout(flashSweep)
  flashSweep = null
  flashUntil.clear()
  seeded = false
  query = ALL_STOCK
  clearRows()
  restoreSelections(userId)
  stones.queryKey = queryKey(ALL_STOCK)
  stones.pageType = 'dashboard'
  stones.page = 1
  stones.sort = null
  stones.load = 'idle'
  stones.errorCode = ''
  stones.owner = userId
}

/** Wires pushed status changes and reconnects into this store; returns the unsubscribe. */
export function followLiveStatus(): () => void {
  const offStatus = onStoneStatus(queueStatus)
  const offConnect = onConnect(() => {
    if (stones.load === 'ready') void resync()
    // The page being read may predate this connection: read it again once it lands.
    else if (stones.load === 'loading') resyncAfterLoad = true
  })
  return () => {
    offStatus()
    offConnect()
  }
}

function setPending(e: StoneEntry, pending: boolean): void {
  e.pending = pending
  touch(e)
}

export async function hold(id: string): Promise<ApiError | null> {
  const e = stones.byId[id]
  if (!e || e.pending) return null
  setPending(e, true)
  const { error, data } = await holdStone({ id })
  setPending(e, false)
  if (error) {
    // Someone was quicker: show the row as it really is now.
    if (error.code === 'E_STONE_UNAVAILABLE') void resync()
    return error
  }
  applyOwn(e, { ...data, heldByMe: true })
  return null
}

export async function release(id: string): Promise<ApiError | null> {
  const e = stones.byId[id]
  if (!e || e.pending) return null
  setPending(e, true)
  const { error, data } = await releaseHold({ id })
  setPending(e, false)
  if (error) {
    if (error.code === 'E_NOT_HOLDER' || error.code === 'E_NOT_FOUND') {
      e.heldByMe = false
      touch(e)
      void resync()
    }
    return error
  }
  applyOwn(e, { ...data, heldByMe: false })
  return null
}

/**
 * Holds the selected stones one after another (a rush of parallel holds from one user helps
 * nobody). Stones shown on this page go through `hold` so their rows follow; others selected on
 * another page are held directly.
 */
export async function holdMany(ids: readonly string[]): Promise<{ held: number; failed: ApiError[] }> {
  let held = 0
  const failed: ApiError[] = []
  for (const id of ids) {
    const e = stones.byId[id]
    if (e?.heldByMe && e.availability === 'H') {
      held++
      continue
    }
    const err = e ? await hold(id) : (await holdStone({ id })).error
    if (err) failed.push(err)
    else held++
  }
  return { held, failed }
}

/**
 * The benchmark hook's way in (stores/perf.ts): shows these rows as one virtual list, with no
 * server reads replacing them until another query is shown.
 */
export function seedRows(rows: readonly StoneRow[]): void {
  showQuery(stones.pageType, { kind: 'stock', listType: 'all', filter: { stoneIds: ['benchmark'] } })
  seeded = true
  stones.limit = Math.max(rows.length, 1)
  mergePage(1, rows, rows.length, null)
  stones.load = 'ready'
}

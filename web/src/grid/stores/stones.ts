import { proxy, ref } from 'valtio'
import type { DEFAULT_PAGE_SIZE } from '@diamond/contracts/common'
import type { Availability } from '@diamond/contracts/events/stock'
import type { SortKey, StoneFilter, StoneRow, Totals } from '@diamond/contracts/http/stock'
import type { StoneStatus } from '@diamond/contracts/realtime'
import type { ApiError, ApiResult } from '../../lib/api'
import { live, watchStones } from '../../lib/realtime'
import { exclusiveSearch, holdStone, matchPairs, paginateStones, quickSearch, releaseHold, trackStones } from '../api/stones'
import { ALL_STOCK, flattenPairs, queryKey, requestFor, type GridQuery, type PairPlace } from './query.rules'
import { isSelected, type PageType, type SelectedStone } from './selection.rules'
import { restoreSelections, selectionOf } from './selectionState'
import { RowTable } from './table'

/**
 * One record per stone, keyed by id, in a table kept by column (`RowTable`); the page is an ordered
 * id list. A row (or card, or detail page) watches its own stone's id (`watchEntry`) and reads its
 * entry (`entryOf`): a plain record put together from the table when something shows the stone, and
 * kept while it is shown. Every change goes through this store, which writes the table and the entry
 * and tells that stone's watchers once per turn (`touch`). So a status change (or its selection)
 * re-renders that row and nothing else, and a stone nobody shows costs a few slots in typed arrays —
 * 100,000 stones of ninety fields as objects were the bulk of the page's heap, which every major
 * collection marks on the cores that draw the frames (npm run bench:grid). The id list is a ref: a
 * row's change does not notify the page.
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

/** What the table keeps of a stone: its row and the marks the views show. */
type Stored = Omit<StoneEntry, 'shown'>

/**
 * Revisions are unique across stones and only rise: a view keyed by its entry's revision also sees
 * its stone's record replaced by another stone's.
 */
let lastRev = 0
const nextRev = () => ++lastRev

/** The spec's page size, typed by the contract's constant so the two cannot drift (no TypeBox in the bundle). */
export const PAGE_SIZE: typeof DEFAULT_PAGE_SIZE = 250
export const FLASH_MS = 3_000

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

/** Every stone the store knows: the page's, and those a detail page shows (pinned). */
let table = new RowTable<Stored>()
/** Entries put together for the views that read them; those nobody watches are let go now and then. */
const entries = new Map<string, StoneEntry>()
const ENTRIES_KEPT = 400
/** Stones a page shows on their own (detail, DNA), kept through the grid's reads: how many pages each. */
const pins = new Map<string, number>()

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

/** A stone changed: its watchers hear of it once this turn's changes are done. */
function touch(id: string): void {
  if (!watchers.has(id)) return
  dirty.add(id)
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
 * The stone's entry, as views read it: the same object while it is shown and unchanged in kind (a
 * change writes it in place); undefined for a stone the store does not have. Read-only outside this
 * store: changes go through the store's actions.
 */
export function entryOf(id: string): StoneEntry | undefined {
  const known = entries.get(id)
  if (known) return known
  const slot = table.slot(id)
  if (slot === undefined) return undefined
  const e: StoneEntry = table.read(slot)
  entries.set(id, e)
  if (entries.size > ENTRIES_KEPT) for (const k of entries.keys()) if (!watchers.has(k)) entries.delete(k)
  return e
}

/**
 * One field of a stone without putting its entry together (lists that read a field of every stone);
 * R names the fields a list's rows carry beside the stone's (a track list's `track`).
 */
export function stoneField<R extends object = StoneEntry, K extends keyof R & string = keyof R & string>(id: string, key: K): R[K] | undefined {
  const slot = table.slot(id)
  return slot === undefined ? undefined : (table.get(slot, key as keyof Stored & string) as R[K])
}

/** What a selection keeps of a stone (selection.rules' SelectedStone), read from the table. */
export function selectedStoneOf(id: string): SelectedStone | undefined {
  const slot = table.slot(id)
  if (slot === undefined) return undefined
  const g = <K extends keyof SelectedStone & keyof Stored & string>(k: K) => table.get(slot, k)
  return { id, vStnId: g('vStnId'), crt: g('crt'), rap: g('rap'), back: g('back'), amt: g('amt'), ctPr: g('ctPr'), fnCtpr: g('fnCtpr'), fnAmt: g('fnAmt') }
}

/**
 * Writes fields of a stone, in the table and in its entry if one is out; its watchers are told
 * unless nothing a view shows changed (`tell` false: the status version alone).
 */
function write(id: string, fields: Partial<Stored>, tell = true): void {
  const slot = table.slot(id)
  if (slot === undefined) return
  for (const k in fields) table.set(slot, k, fields[k as keyof Stored])
  const e = entries.get(id)
  if (e) {
    Object.assign(e, fields)
    if (tell) e.shown = undefined
  }
  if (tell) touch(id)
}

/**
 * What a view of an entry shows that can change without a re-read: the status a push brings, the
 * marks and the selection; every other field changes only with `rev` (a re-read). A push that only
 * raises the status version changes none of it, so no view redraws for it.
 */
export const shownKey = (e: StoneEntry): string =>
  `${e.rev}|${e.availability}|${e.wSts}|${e.sSts}|${e.flash ? 1 : 0}|${e.selected ? 1 : 0}|${e.heldByMe ? 1 : 0}|${e.pending ? 1 : 0}`

/** `shownKey`, built once per change of the entry (every write to an entry forgets it). */
export const shownKeyOf = (e: StoneEntry): string => (e.shown ??= shownKey(e))

/** Marks the stone selected or not on the page type shown (the selection actions' way in). */
export function markSelected(id: string, selected: boolean): void {
  if (stoneField(id, 'selected') !== selected) write(id, { selected })
}

const STATUS_FIELDS: ReadonlySet<string> = new Set(['wSts', 'availability', 'statusVersion', 'heldByMe'])
const MARKS: ReadonlySet<string> = new Set(['flash', 'pending', 'selected', 'rev'])

const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]))

/** Whether a fresh read of a stone differs from what is stored in anything but its status and marks. */
function sameFacts(before: Stored, row: StoneRow): boolean {
  const b = before as unknown as Record<string, unknown>
  const r = row as unknown as Record<string, unknown>
  for (const k in r) if (!STATUS_FIELDS.has(k) && !sameValue(b[k], r[k])) return false
  for (const k in b) if (!STATUS_FIELDS.has(k) && !MARKS.has(k) && !(k in r)) return false
  return true
}

/** A read brings a newer status than the one stored, and a different one: the row is marked for a moment. */
const statusMoved = (before: Stored, row: StoneRow): boolean =>
  row.statusVersion > before.statusVersion && (row.wSts !== before.wSts || row.availability !== before.availability)

/**
 * A fresh read of a stone the store had: the read's facts (a new revision if any changed), the
 * newer of the two statuses (a push may be newer than the read), the marks kept.
 */
function merged(before: Stored, row: StoneRow, selected: boolean): Stored {
  const rev = sameFacts(before, row) ? before.rev : nextRev()
  const out: Stored = { ...row, flash: before.flash || statusMoved(before, row), pending: before.pending, selected, rev }
  if (row.statusVersion <= before.statusVersion) {
    out.wSts = before.wSts
    out.availability = before.availability
    out.statusVersion = before.statusVersion
    out.heldByMe = before.heldByMe
  }
  return out
}

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
    // By id: a new read may have put the stone elsewhere, or dropped it (then nothing is written).
    write(id, { flash: false })
    flashUntil.delete(id)
  })
  flashSweep = flashUntil.size ? setTimeout(sweepFlashes, FLASH_SWEEP_MS) : null
}

/** The stone's change mark ends FLASH_MS from now (the mark itself is written by the caller). */
function flashFor(id: string): void {
  flashUntil.set(id, Date.now() + FLASH_MS)
  flashSweep ??= setTimeout(sweepFlashes, FLASH_SWEEP_MS)
}

/**
 * A new status of a stone, with the other fields that come with it. A status that differs from the
 * one shown marks the row for a moment; a stone no longer held is nobody's (pushes never say who
 * holds a stone), unless the fields say whose it is.
 */
function setStatus(id: string, slot: number, wSts: string, availability: Availability, fields: Partial<Stored>): void {
  const changed = table.get(slot, 'wSts') !== wSts || table.get(slot, 'availability') !== availability
  if (!changed) {
    // The status version alone changes nothing a view shows.
    const shows = fields.heldByMe !== undefined && fields.heldByMe !== table.get(slot, 'heldByMe')
    write(id, fields, shows)
    return
  }
  write(id, { heldByMe: availability === 'H' ? table.get(slot, 'heldByMe') : false, ...fields, wSts, availability, flash: true })
  flashFor(id)
}

/** A status the server gave this user (a page read, or their own hold or release). */
function applyOwn(id: string, s: Pick<StoneRow, 'wSts' | 'availability' | 'statusVersion' | 'heldByMe'>): void {
  const slot = table.slot(id)
  if (slot === undefined || s.statusVersion < table.get(slot, 'statusVersion')) return
  setStatus(id, slot, s.wSts, s.availability, { statusVersion: s.statusVersion, heldByMe: s.heldByMe })
}

/** A pushed change counts only if it is newer than what the row shows. */
export function applyStatus(s: StoneStatus): void {
  const slot = table.slot(s.id)
  if (slot === undefined || s.version <= table.get(slot, 'statusVersion')) return
  setStatus(s.id, slot, s.wSts, s.availability, { statusVersion: s.version })
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
 * Puts a new table in place of the old one: the entries out are put together again from it, and
 * the watchers of a stone whose entry shows something else now (or is gone) are told.
 */
function replaceTable(next: RowTable<Stored>): void {
  const before = new Map<string, string>()
  for (const id of watchers.keys()) {
    const e = entryOf(id)
    before.set(id, e ? shownKeyOf(e) : '')
  }
  table = next
  entries.clear()
  takeApartLater()
  for (const [id, key] of before) {
    const e = entryOf(id)
    if ((e ? shownKeyOf(e) : '') !== key) touch(id)
  }
}

/**
 * A list longer than this is shown at once and taken apart into the columns afterwards, a few
 * milliseconds at a time, so that no list makes a long task (the contract's largest page, 1,000
 * stones, is taken apart at once: about five milliseconds).
 */
const AT_ONCE = 2_000
const SLICE_MS = 6
let slicing: ReturnType<typeof setTimeout> | null = null

function takeApartLater(): void {
  if (slicing || !table.pending) return
  slicing = setTimeout(() => {
    slicing = null
    if (table.encodeSome(SLICE_MS) > 0) takeApartLater()
  }, 0)
}

/** Stones of the list shown that still wait to be taken apart into the columns (the benchmark hook reads it). */
export const rowsWaiting = (): number => table.pending

/** The pinned stones of a table that a new one would not have, copied into it. */
function keepPinned(from: RowTable<Stored>, into: RowTable<Stored>): void {
  for (const id of pins.keys()) {
    const slot = from.slot(id)
    if (slot !== undefined && into.slot(id) === undefined) into.add(from.read(slot))
  }
}

/**
 * Shows a read's rows: a new table of them, in the read's order. A stone the store had keeps its
 * marks, its revision if its facts are the same, and its status if that is newer than the read's.
 * A stone new to the store is stored as it came (100,000 of them from a benchmark's list: a long
 * read's rows are the store's from now on, not copied, and taken apart into the columns later).
 */
function mergePage(page: number, list: readonly StoneRow[], count: number, totals: Totals | null): void {
  const old = table
  const sel = selectionOf(stones.pageType)
  const ids: string[] = new Array(list.length)
  const rows: Stored[] = new Array(list.length)
  for (let i = 0; i < list.length; i++) {
    const row = list[i]!
    ids[i] = row.id
    const at = old.slot(row.id)
    if (at === undefined) {
      // The read's own row, with its marks (writing them into it is cheaper than into the table).
      const e = row as Stored
      e.flash = false
      e.pending = false
      e.selected = isSelected(sel, row.id)
      e.rev = nextRev()
      rows[i] = e
      continue
    }
    const before = old.read(at)
    rows[i] = merged(before, row, isSelected(sel, row.id))
    if (statusMoved(before, row)) flashFor(row.id)
  }
  const next = rows.length > AT_ONCE ? RowTable.later(rows) : RowTable.of(rows)
  keepPinned(old, next)
  replaceTable(next)
  // Same ids in the same order: leave the list alone so it does not re-render.
  const prev = stones.ids
  if (ids.length !== prev.length || ids.some((id, i) => id !== prev[i])) stones.ids = ref(ids)
  stones.page = page
  stones.count = count
  stones.totals = totals
}

/**
 * One stone shown on its own (the detail and DNA pages): the same record as the grid's when the
 * stone is on the page shown, so a hold or a push changes both; else one the grid's reads keep
 * while the page shows it. Returns the page's way to let it go.
 */
export function adoptStone(row: StoneRow): () => void {
  const at = table.slot(row.id)
  const selected = isSelected(selectionOf(stones.pageType), row.id)
  if (at === undefined) {
    table.add({ ...row, flash: false, pending: false, selected, rev: nextRev() })
  } else {
    const before = table.read(at)
    table.add(merged(before, row, selected))
    if (statusMoved(before, row)) flashFor(row.id)
    const e = entries.get(row.id)
    if (e) {
      entries.delete(row.id)
      if (shownKeyOf(e) !== shownKeyOf(entryOf(row.id)!)) touch(row.id)
    }
  }
  pins.set(row.id, (pins.get(row.id) ?? 0) + 1)
  let pinned = true
  return () => {
    if (!pinned) return
    pinned = false
    const n = (pins.get(row.id) ?? 1) - 1
    if (n > 0) pins.set(row.id, n)
    else pins.delete(row.id)
  }
}

/** No rows shown; the pinned stones stay unless `all` (another user signs in). */
function clearRows(all = false): void {
  const next = new RowTable<Stored>()
  if (!all) keepPinned(table, next)
  replaceTable(next)
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
  clearRows(true)
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
  const offStatus = live.on('stone.status', queueStatus)
  const offConnect = live.on('connect', () => {
    if (stones.load === 'ready') void resync()
    // The page being read may predate this connection: read it again once it lands.
    else if (stones.load === 'loading') resyncAfterLoad = true
  })
  return () => {
    offStatus()
    offConnect()
  }
}

export async function hold(id: string): Promise<ApiError | null> {
  if (stoneField(id, 'pending') !== false) return null
  write(id, { pending: true })
  const { error, data } = await holdStone({ id })
  // By id: a read while the hold was on its way may have put the stone elsewhere (or dropped it).
  write(id, { pending: false })
  if (error) {
    // Someone was quicker: show the row as it really is now.
    if (error.code === 'E_STONE_UNAVAILABLE') void resync()
    return error
  }
  applyOwn(id, { ...data, heldByMe: true })
  return null
}

export async function release(id: string): Promise<ApiError | null> {
  if (stoneField(id, 'pending') !== false) return null
  write(id, { pending: true })
  const { error, data } = await releaseHold({ id })
  write(id, { pending: false })
  if (error) {
    if (error.code === 'E_NOT_HOLDER' || error.code === 'E_NOT_FOUND') {
      write(id, { heldByMe: false })
      void resync()
    }
    return error
  }
  applyOwn(id, { ...data, heldByMe: false })
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
    if (stoneField(id, 'heldByMe') && stoneField(id, 'availability') === 'H') {
      held++
      continue
    }
    const err = stoneField(id, 'id') ? await hold(id) : (await holdStone({ id })).error
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

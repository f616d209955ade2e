import type { Availability } from '@diamond/contracts/events/stock'
import type { StoneRow } from '@diamond/contracts/http/stock'
import { isSelected, type SelectedStone, type Selection } from './selection.rules'
import { RowTable } from './table'

/**
 * One record per stone, keyed by id, in a table kept by column (`RowTable`); the page is an ordered
 * id list. A row (or card, or detail page) watches its own stone's id (`watchEntry`) and reads its
 * entry (`entryOf`): a plain record put together from the table when something shows the stone, and
 * kept while it is shown. Every change goes through this store, which writes the table and the entry
 * and tells that stone's watchers once per turn (`touch`). So a status change (or its selection)
 * re-renders that row and nothing else, and a stone nobody shows costs a few slots in typed arrays —
 * 100,000 stones of ninety fields as objects were the bulk of the page's heap, which every major
 * collection marks on the cores that draw the frames (npm run bench:grid).
 *
 * This module keeps the rows and their marks. The page shown (its ids in order, how it was asked
 * for) is query.ts's; pushes come in through live.ts; holds and releases through actions.ts.
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

/** How long a row whose status changed stays marked. */
export const FLASH_MS = 3_000

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
export function stoneField<R extends object = StoneEntry, K extends keyof R & string = keyof R & string>(
  id: string,
  key: K,
): R[K] | undefined {
  const slot = table.slot(id)
  return slot === undefined ? undefined : (table.get(slot, key as keyof Stored & string) as R[K])
}

/** What a selection keeps of a stone (selection.rules' SelectedStone), read from the table. */
export function selectedStoneOf(id: string): SelectedStone | undefined {
  const slot = table.slot(id)
  if (slot === undefined) return undefined
  const g = <K extends keyof SelectedStone & keyof Stored & string>(k: K) => table.get(slot, k)
  return {
    id,
    vStnId: g('vStnId'),
    crt: g('crt'),
    rap: g('rap'),
    back: g('back'),
    amt: g('amt'),
    ctPr: g('ctPr'),
    fnCtpr: g('fnCtpr'),
    fnAmt: g('fnAmt'),
  }
}

/**
 * Writes fields of a stone, in the table and in its entry if one is out; its watchers are told
 * unless nothing a view shows changed (`tell` false: the status version alone).
 */
export function write(id: string, fields: Partial<Stored>, tell = true): void {
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
  `${e.rev}|${e.availability}|${e.wSts}|${e.sSts}|${e.flash ? 1 : 0}|${e.selected ? 1 : 0}|${e.heldByMe ? 1 : 0}|${e.pending ? 1 : 0}|${e.boughtByMe ?? ''}`

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
  const out: Stored = {
    ...row,
    flash: before.flash || statusMoved(before, row),
    pending: before.pending,
    selected,
    rev,
  }
  if (row.statusVersion <= before.statusVersion) {
    out.wSts = before.wSts
    out.availability = before.availability
    out.statusVersion = before.statusVersion
    out.heldByMe = before.heldByMe
  }
  return out
}

// ---------- Change marks ----------

/** When each marked row's mark ends; one sweep clears all that are due (one commit, not one per row). */
const flashUntil = new Map<string, number>()
let flashSweep: ReturnType<typeof setTimeout> | null = null
const FLASH_SWEEP_MS = 250

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

/** No row stays marked (another user signs in). */
export function forgetFlashes(): void {
  if (flashSweep) clearTimeout(flashSweep)
  flashSweep = null
  flashUntil.clear()
}

/**
 * A new status of a stone, with the other fields that come with it (the caller has checked that it
 * is newer than the one stored). A status that differs from the one shown marks the row for a
 * moment; a stone no longer held is nobody's (pushes never say who holds a stone), unless the fields
 * say whose it is.
 */
export function setStatus(id: string, wSts: string, availability: Availability, fields: Partial<Stored>): void {
  const slot = table.slot(id)
  if (slot === undefined) return
  const changed = table.get(slot, 'wSts') !== wSts || table.get(slot, 'availability') !== availability
  if (!changed) {
    // The status version alone changes nothing a view shows.
    const shows = fields.heldByMe !== undefined && fields.heldByMe !== table.get(slot, 'heldByMe')
    write(id, fields, shows)
    return
  }
  write(id, {
    heldByMe: availability === 'H' ? table.get(slot, 'heldByMe') : false,
    ...fields,
    wSts,
    availability,
    flash: true,
  })
  flashFor(id)
}

// ---------- The rows of a read ----------

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
 * Puts a read's rows in the store, in the read's order, in place of the rows shown before (the
 * pinned stones stay); answers their ids. A stone the store had keeps its marks, its revision if
 * its facts are the same, and its status if that is newer than the read's. A stone new to the store
 * is stored as it came (100,000 of them from a benchmark's list: a long read's rows are the store's
 * from now on, not copied, and taken apart into the columns later). `sel` is the selection of the
 * page type shown.
 */
export function putRows(list: readonly StoneRow[], sel: Selection): string[] {
  const old = table
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
  return ids
}

/**
 * One stone shown on its own (the detail and DNA pages): the same record as the grid's when the
 * stone is on the page shown, so a hold or a push changes both; else one the grid's reads keep
 * while the page shows it (`sel`: the selection of the page type shown). Returns the page's way to
 * let it go.
 */
export function adoptRow(row: StoneRow, sel: Selection): () => void {
  const at = table.slot(row.id)
  const selected = isSelected(sel, row.id)
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

/** No rows; the pinned stones stay unless `all` (another user signs in). */
export function clearRows(all = false): void {
  const next = new RowTable<Stored>()
  if (!all) keepPinned(table, next)
  replaceTable(next)
}

import { gridTotals, type GridTotals } from '@diamond/contracts/grid-totals'
import type { StoneRow } from '@diamond/contracts/http/stock'

/**
 * Spec section 4, Selection: rows are selected per page type, a row whose key is already selected
 * is ignored, Reset clears. Selections are immutable values so the store can swap them whole and
 * tell which rows changed; the key of a stone is its id.
 */
export type PageType =
  | 'dashboard'
  | 'diamondList'
  | 'quickSearch'
  | 'newArrival'
  | 'stoneOfDay'
  | 'dealOfDay'
  | 'exclusive'
  | 'upcoming'
  | 'suggested'
  | 'collection'
  | 'parcel'
  | 'nonCertified'
  | 'best'
  | 'matchPair'
  // Track lists (features/lists): each list selects on its own.
  | 'cart'
  | 'watchlist'
  | 'reminder'
  | 'notes'
  | 'enquiry'
  | 'buyRequest'

/** What a selection remembers of a stone: enough for the totals after it leaves the page. */
export type SelectedStone = Pick<
  StoneRow,
  'id' | 'vStnId' | 'crt' | 'rap' | 'back' | 'amt' | 'ctPr' | 'fnCtpr' | 'fnAmt'
>

export interface Selection {
  /** In the order selected. */
  readonly keys: readonly string[]
  readonly rows: Readonly<Record<string, SelectedStone>>
}

export const EMPTY_SELECTION: Selection = { keys: [], rows: {} }

export function pick(row: SelectedStone): SelectedStone {
  const { id, vStnId, crt, rap, back, amt, ctPr, fnCtpr, fnAmt } = row
  return { id, vStnId, crt, rap, back, amt, ctPr, fnCtpr, fnAmt }
}

/** An empty selection answers without looking the id up (a lookup hashes it: 100,000 of them for a long list). */
export const isSelected = (sel: Selection, id: string): boolean => sel.keys.length > 0 && id in sel.rows

/** Adds the stones not selected yet; a duplicate key changes nothing (the same value comes back). */
export function select(sel: Selection, stones: readonly SelectedStone[]): Selection {
  let rows: Record<string, SelectedStone> | null = null
  const keys: string[] = []
  for (const s of stones) {
    if (s.id in sel.rows || (rows && s.id in rows)) continue
    rows ??= { ...sel.rows }
    rows[s.id] = pick(s)
    keys.push(s.id)
  }
  return rows ? { keys: [...sel.keys, ...keys], rows } : sel
}

export function unselect(sel: Selection, ids: readonly string[]): Selection {
  const gone = new Set(ids.filter((id) => id in sel.rows))
  if (gone.size === 0) return sel
  const rows = { ...sel.rows }
  for (const id of gone) delete rows[id]
  return { keys: sel.keys.filter((k) => !gone.has(k)), rows }
}

export const toggle = (sel: Selection, stone: SelectedStone): Selection =>
  isSelected(sel, stone.id) ? unselect(sel, [stone.id]) : select(sel, [stone])

/** The page's select-all box: all of the page's rows selected, some, or none. */
export function pageState(sel: Selection, pageIds: readonly string[]): 'none' | 'some' | 'all' {
  if (pageIds.length === 0 || sel.keys.length === 0) return 'none'
  let n = 0
  for (const id of pageIds) if (id in sel.rows) n++
  return n === 0 ? 'none' : n === pageIds.length ? 'all' : 'some'
}

/** Ticking select-all selects the page (keeping other pages' picks); unticking a full page unselects it. */
export function togglePage(sel: Selection, page: readonly SelectedStone[]): Selection {
  const ids = page.map((s) => s.id)
  return pageState(sel, ids) === 'all' ? unselect(sel, ids) : select(sel, page)
}

/** Which keys a change added and removed, so only those rows are told. */
export function changedKeys(prev: Selection, next: Selection): { added: string[]; removed: string[] } {
  if (prev === next) return { added: [], removed: [] }
  return {
    added: next.keys.filter((k) => !(k in prev.rows)),
    removed: prev.keys.filter((k) => !(k in next.rows)),
  }
}

/**
 * Totals of the selected stones: section 9's grid totals, one rule with the search and the downloads
 * (contracts/grid-totals). Prices that the viewer may not see are absent from the rows and so from the totals.
 */
export function selectionTotals(sel: Selection): GridTotals {
  return gridTotals(sel.keys.map((k) => sel.rows[k] ?? {}))
}

/** Spec section 5: actions that need stones say so; compare takes at most this many. */
export const MAX_COMPARE = 10

export type SelectionCheck = { ok: true; ids: string[] } | { ok: false; reason: 'empty' | 'tooMany' }

export function checkFor(action: 'compare' | 'hold', sel: Selection): SelectionCheck {
  if (sel.keys.length === 0) return { ok: false, reason: 'empty' }
  if (action === 'compare' && sel.keys.length > MAX_COMPARE) return { ok: false, reason: 'tooMany' }
  return { ok: true, ids: [...sel.keys] }
}

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
export type SelectedStone = Pick<StoneRow, 'id' | 'vStnId' | 'crt' | 'rap' | 'back' | 'amt' | 'ctPr' | 'fnCtpr' | 'fnAmt'>

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

export interface SelectionTotals {
  count: number
  crt: number
  /** Amount: the sum. */
  ctPr?: number
  /** Price per carat: amount over carats. */
  amt?: number
  /** Rap per carat, weighted by carats. */
  rap?: number
  /** Discount of the whole parcel against its Rap value, in percent (negative below Rap). */
  back?: number
  fnCtpr?: number
  fnAmt?: number
}

/**
 * Totals of the selected stones (section 9's total columns). Sums for carats and amounts; the
 * per-carat figures and the discount are weighted by carats as a trader prices a parcel. Prices
 * that the viewer may not see are absent from the rows and so from the totals.
 */
export function selectionTotals(sel: Selection): SelectionTotals {
  let crt = 0
  let ctPr = 0
  let rapValue = 0
  let fnCtpr = 0
  let priced = false
  let finalPriced = false
  for (const k of sel.keys) {
    const s = sel.rows[k]
    if (!s) continue
    crt += s.crt || 0
    if (s.ctPr !== undefined) {
      priced = true
      ctPr += s.ctPr
      rapValue += (s.rap ?? 0) * (s.crt || 0)
    }
    if (s.fnCtpr !== undefined) {
      finalPriced = true
      fnCtpr += s.fnCtpr
    }
  }
  const out: SelectionTotals = { count: sel.keys.length, crt: round2(crt) }
  if (priced) {
    out.ctPr = round2(ctPr)
    if (crt > 0) {
      out.amt = round2(ctPr / crt)
      out.rap = round2(rapValue / crt)
    }
    if (rapValue > 0) out.back = round2((ctPr / rapValue - 1) * 100)
  }
  if (finalPriced) {
    out.fnCtpr = round2(fnCtpr)
    if (crt > 0) out.fnAmt = round2(fnCtpr / crt)
  }
  return out
}

const round2 = (n: number) => Math.round(n * 100) / 100

/** Spec section 5: actions that need stones say so; compare takes at most this many. */
export const MAX_COMPARE = 10

export type SelectionCheck = { ok: true; ids: string[] } | { ok: false; reason: 'empty' | 'tooMany' }

export function checkFor(action: 'compare' | 'hold', sel: Selection): SelectionCheck {
  if (sel.keys.length === 0) return { ok: false, reason: 'empty' }
  if (action === 'compare' && sel.keys.length > MAX_COMPARE) return { ok: false, reason: 'tooMany' }
  return { ok: true, ids: [...sel.keys] }
}

import { changedKeys, EMPTY_SELECTION, toggle, togglePage, type PageType, type Selection } from './selection.rules'
import { putSelection, selectionOf } from './selectionState'
import { stones } from './query'
import { markSelected, selectedStoneOf } from './rows'

/**
 * Selection actions: the pure rules decide, this swaps the page type's selection and tells only
 * the rows whose state changed (so ticking one box re-renders one row, and select-all the rows
 * on screen).
 */
function apply(type: PageType, next: Selection): void {
  const prev = selectionOf(type)
  if (next === prev) return
  putSelection(type, next)
  if (stones.pageType !== type) return
  const { added, removed } = changedKeys(prev, next)
  for (const id of added) markSelected(id, true)
  for (const id of removed) markSelected(id, false)
}

export function toggleStone(type: PageType, id: string): void {
  const s = selectedStoneOf(id)
  if (s) apply(type, toggle(selectionOf(type), s))
}

/** The select-all box of the page shown. */
export function toggleShownPage(type: PageType): void {
  const rows = stones.ids.map(selectedStoneOf).filter((e) => e !== undefined)
  apply(type, togglePage(selectionOf(type), rows))
}

/** Reset (spec section 4). */
export function resetSelection(type: PageType): void {
  apply(type, EMPTY_SELECTION)
}

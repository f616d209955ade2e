import { proxy, ref } from 'valtio'
import { read, write } from '../../lib/storage'
import { EMPTY_SELECTION, type PageType, type Selection } from './selection.rules'

/**
 * The selections, one per page type (spec "Local state": selected rows per page type). Each value
 * is an immutable Selection kept as a ref, so swapping it notifies the selection bar once and no
 * row; rows learn of their own change through their entry's `selected` flag (stores/selection.ts).
 * They are stored for the signed-in user so a reload keeps them; logout clears them with the rest.
 */
export const selections = proxy({ byType: {} as Partial<Record<PageType, Selection>> })

/** Larger selections stay in memory only: storage is small and written on every tick. */
export const MAX_STORED_SELECTION = 5_000
let owner = ''

export const selectionOf = (type: PageType): Selection => selections.byType[type] ?? EMPTY_SELECTION

function save(): void {
  if (!owner) return
  const byType: Record<string, { keys: string[]; rows: Record<string, unknown> }> = {}
  for (const [type, sel] of Object.entries(selections.byType)) {
    if (sel && sel.keys.length > 0 && sel.keys.length <= MAX_STORED_SELECTION)
      byType[type] = { keys: [...sel.keys], rows: { ...sel.rows } }
  }
  write('selections', { userId: owner, byType })
}

export function putSelection(type: PageType, next: Selection): void {
  selections.byType[type] = ref(next) as Selection
  save()
}

/** A new owner starts from what was stored for them (nothing for anybody else). */
export function restoreSelections(userId: string): void {
  owner = userId
  const stored = read('selections')
  const byType: Partial<Record<PageType, Selection>> = {}
  if (stored?.userId === userId) {
    for (const [type, sel] of Object.entries(stored.byType)) {
      if (Array.isArray(sel?.keys) && sel.rows && typeof sel.rows === 'object')
        byType[type as PageType] = ref(sel as Selection) as Selection
    }
  }
  selections.byType = byType
}

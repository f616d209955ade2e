import { proxy } from 'valtio'
import { read, write } from '../../lib/storage'
import { sanitizeChoice } from './columns.rules'
import { DEFAULT_LIMIT } from './query.rules'

/**
 * The grid choices of the signed-in user (columns in order, items per page), kept in local storage
 * per user id. Like all stored data they go at logout (spec section 4 keeps only two keys).
 */
export const gridPrefs = proxy({
  userId: '',
  columns: [] as string[],
  limit: DEFAULT_LIMIT,
  /** Whether the user picked a page size in the grid (it then wins over their saved preference). */
  limitChosen: false,
  /** The spec's grid (the table) or list (a card per stone) view; a phone always shows the list. */
  view: 'grid' as GridView,
})
export type GridView = 'grid' | 'list'

export function loadPrefs(userId: string, catalogue: readonly string[], defaults: readonly string[]): void {
  const all = read('gridPrefs') ?? {}
  const mine = all[userId]
  gridPrefs.userId = userId
  gridPrefs.columns = sanitizeChoice(mine?.columns, catalogue, defaults)
  gridPrefs.limit = mine?.limit ?? DEFAULT_LIMIT
  gridPrefs.limitChosen = mine?.limit !== undefined
  gridPrefs.view = mine?.view === 'list' ? 'list' : 'grid'
}

function save(): void {
  if (!gridPrefs.userId) return
  const all = read('gridPrefs') ?? {}
  all[gridPrefs.userId] = {
    columns: [...gridPrefs.columns],
    ...(gridPrefs.limitChosen ? { limit: gridPrefs.limit } : {}),
    view: gridPrefs.view,
  }
  write('gridPrefs', all)
}

export function setColumns(columns: readonly string[]): void {
  gridPrefs.columns = [...columns]
  save()
}

export function setPreferredLimit(limit: number): void {
  gridPrefs.limit = limit
  gridPrefs.limitChosen = true
  save()
}

export function setView(view: GridView): void {
  gridPrefs.view = view
  save()
}

import type { SavedSearch } from '@diamond/contracts/http/stock'
import { MAX_RECENT_SEARCHES } from '@diamond/contracts/http/stock.values'
import { proxy } from 'valtio'
import type { ApiError } from '../../../lib/api'
import { deleteSearch, listSearches } from '../api/search'

export type SearchType = 1 | 2
export const SAVED_PAGE_SIZE = 50

interface SearchListState {
  page: number
  /** null until the first answer. */
  list: SavedSearch[] | null
  count: number
  error: ApiError | null
  /** The search being deleted: its buttons wait. */
  deleting: string | null
}
const emptyList = (): SearchListState => ({ page: 1, list: null, count: 0, error: null, deleting: null })

/** The caller's saved (1) and recent (2) searches, each its own list. */
export const searchLists = proxy<Record<SearchType, SearchListState>>({ 1: emptyList(), 2: emptyList() })
const latest: Record<SearchType, number> = { 1: 0, 2: 0 }

/** Recent searches are few (the server keeps 20): one page holds them all. */
const pageSize = (type: SearchType) => (type === 2 ? MAX_RECENT_SEARCHES : SAVED_PAGE_SIZE)

export async function loadSearches(type: SearchType, page = searchLists[type].page): Promise<void> {
  const mine = ++latest[type]
  const state = searchLists[type]
  state.page = page
  const { data, error } = await listSearches({ searchType: type, page, limit: pageSize(type) })
  if (mine !== latest[type]) return
  state.error = error
  if (data) {
    state.list = data.list
    state.count = data.count
  }
}

/** A fresh list when a screen opens. */
export function openSearches(type: SearchType): Promise<void> {
  Object.assign(searchLists[type], emptyList())
  return loadSearches(type, 1)
}

/** Deletes one (asked first by the caller) and reloads the page it was on. */
export async function removeSearch(type: SearchType, id: string): Promise<ApiError | null> {
  const state = searchLists[type]
  state.deleting = id
  const { error } = await deleteSearch({ id })
  state.deleting = null
  if (error && error.code !== 'E_NOT_FOUND') return error
  const lastPage = Math.max(1, Math.ceil((state.count - 1) / pageSize(type)))
  await loadSearches(type, Math.min(state.page, lastPage))
  return null
}

export const pagesOf = (type: SearchType) => Math.max(1, Math.ceil(searchLists[type].count / pageSize(type)))

import type {
  SavedSearch,
  SearchById,
  SearchList,
  SearchListPage,
  SearchUpsert,
  StonePage,
  StoneSearch,
} from '@diamond/contracts/http/stock'
import { api } from '../../../lib/api'

/** The live count as the user picks filters: no rows, no limit error, the facet counts. */
export const countStones = (req: Pick<StoneSearch, 'filter' | 'listType'>) =>
  api<StonePage>('diamond/paginate', { ...req, countOnly: true, facets: true })
/** Stores a search: searchType 2 (recent, deduplicated by the server) or 1 (saved, with a title). */
export const upsertSearch = (req: SearchUpsert) => api<SavedSearch>('diamond/search/upsert', req, { loader: true })
export const searchById = (req: SearchById) => api<SavedSearch>('diamond/search/by-id', req)
export const listSearches = (req: SearchList) => api<SearchListPage>('diamond/search/list', req, { loader: true })
export const deleteSearch = (req: SearchById) => api<unknown>('diamond/search/delete', req)

import type {
  HoldRequest,
  HoldResult,
  MatchPairPage,
  MatchPairSearch,
  QuickSearch,
  QuickSearchResult,
  SavedSearch,
  SearchById,
  StatusResult,
  StoneDetail,
  StonePage,
  StoneSearch,
  ViewStone,
} from '@diamond/contracts/http/stock'
import { api } from '../../lib/api'

// Spec section 7: the calls marked * show the loading indicator.
export const paginateStones = (req: StoneSearch) => api<StonePage>('diamond/paginate', req)
export const exclusiveSearch = (req: StoneSearch) =>
  api<StonePage>('diamond/exclusive-search/list', req, { loader: true })
export const quickSearch = (req: QuickSearch) => api<QuickSearchResult>('diamond/quick-search', req)
export const searchById = (req: SearchById) => api<SavedSearch>('diamond/search/by-id', req)
export const matchPairs = (req: MatchPairSearch) =>
  api<MatchPairPage>('match-pair/diamond/filter', req, { loader: true })
export const viewStone = (req: ViewStone) => api<StoneDetail>('diamond/view', req)
export const holdStone = (req: HoldRequest) => api<HoldResult>('diamond/hold', req)
export const releaseHold = (req: HoldRequest) => api<StatusResult>('diamond/hold/release', req)
/** One of the user's track lists: stone rows, each with its `track` (contracts/http/tracks.ts). */
export const trackStones = (req: Record<string, unknown>) =>
  api<StonePage>('diamond-track/paginate', req, { loader: true })

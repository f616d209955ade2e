import type { SavedSearch, SearchListPage, SearchUpsert, StoneFilter } from '@diamond/contracts/http/stock'
import { MAX_RECENT_SEARCHES, MAX_SAVED_SEARCHES, SEARCH_TYPES } from '@diamond/contracts/http/stock.values'
import { seesPrices } from '@diamond/contracts/permissions'
import { AppError, type Database, type Principal } from '@diamond/runtime'
import { filterKey, filterProblems, isEmptyFilter } from '../search/search.rules'
import { invalidFields } from '@diamond/runtime/errors'
import type { SearchService } from '../search/search.service'
import * as repo from './saved-searches.repository'
import type { Search } from './saved-searches.schema'

/**
 * Saved searches (with a title, kept until deleted) and recent searches (kept by the server, the
 * newest 20, a repeated search moving to the top). Each answer says how many stones the search
 * finds now.
 */
export class SavedSearchService {
  constructor(
    private readonly database: Database,
    private readonly search: SearchService,
  ) {}

  private view(r: Search): SavedSearch {
    return {
      id: r.id,
      title: r.title,
      searchType: r.searchType,
      filter: r.filter,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      count: this.search.countOf(r.filter),
    }
  }

  async upsert(who: Principal, req: SearchUpsert): Promise<SavedSearch> {
    const problems = filterProblems(req.filter, seesPrices(who.perms))
    const type = req.searchType ?? SEARCH_TYPES.saved
    if (type === SEARCH_TYPES.saved && !req.id && !req.title?.trim())
      problems.push({ field: 'title', in: 'body', message: 'is required' })
    if (problems.length) throw invalidFields(problems)
    const key = filterKey(req.filter)
    const title = req.title?.trim()
    const row = await this.database.sql.begin(async (tx) => {
      await repo.lockSearchesOf(tx, who.id)
      if (type === SEARCH_TYPES.recent) {
        const r = await repo.upsertRecent(tx, who.id, title ?? '', req.filter, key)
        await repo.trimRecent(tx, who.id, MAX_RECENT_SEARCHES)
        return r
      }
      if (req.id) return repo.updateSaved(tx, who.id, req.id, title, req.filter, key)
      if ((await repo.countSearches(tx, who.id, SEARCH_TYPES.saved)) >= MAX_SAVED_SEARCHES) {
        throw invalidFields([
          { field: 'title', in: 'body', message: `at most ${MAX_SAVED_SEARCHES} saved searches; delete one first` },
        ])
      }
      return repo.insertSaved(tx, who.id, title!, req.filter, key)
    })
    if (!row) throw new AppError('E_NOT_FOUND')
    return this.view(row)
  }

  async list(who: Principal, type: number, page: number, limit: number): Promise<SearchListPage> {
    const { rows, count } = await repo.listSearches(this.database.sql, who.id, type, limit, (page - 1) * limit)
    return { list: rows.map((r) => this.view(r)), count }
  }

  async byId(who: Principal, id: string): Promise<SavedSearch> {
    const row = await repo.findSearch(this.database.sql, who.id, id)
    if (!row) throw new AppError('E_NOT_FOUND')
    return this.view(row)
  }

  async remove(who: Principal, id: string): Promise<void> {
    if (!(await repo.deleteSearch(this.database.sql, who.id, id))) throw new AppError('E_NOT_FOUND')
  }

  /**
   * A quick or match-pair search as the member's newest recent search (the diamond search form
   * stores its own). Browsing everything is no search: an empty filter is not recorded.
   */
  async recordRecent(who: Principal, filter: StoneFilter): Promise<void> {
    if (isEmptyFilter(filter)) return
    await this.database.sql.begin(async (tx) => {
      await repo.lockSearchesOf(tx, who.id)
      await repo.upsertRecent(tx, who.id, '', filter, filterKey(filter))
      await repo.trimRecent(tx, who.id, MAX_RECENT_SEARCHES)
    })
  }

  latestRecent = (userId: string): Promise<StoneFilter | null> => repo.latestRecentFilter(this.database.sql, userId)
}

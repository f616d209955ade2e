import type { AnalyticsCreate, HitCounterPage, HitCounterPaginate } from '@diamond/contracts/http/dashboard'
import { AppError, type Database, type Principal } from '@diamond/runtime'
import { addSearch, addView, emptyBuffer, noViewsSeen, turn, type HitBuffer, type SeenViews } from './analytics.rules'
import * as repo from './analytics.repository'
import { invalidField } from '@diamond/runtime/errors'

const fieldProblem = invalidField

/**
 * `analytics/create` counts stone views and searches in memory; `flush` (periodic, and at close)
 * writes what was counted in one transaction of two statements. `hit-counter/paginate` reads the
 * counters: a seller its own stones, operator staff all.
 */
export class AnalyticsService {
  private buffer: HitBuffer = emptyBuffer()
  private seen: SeenViews

  constructor(
    private readonly database: Database,
    /** Whether a stone is in live stock (the search index knows without asking the database). */
    private readonly knows: (stoneId: string) => boolean,
    private readonly now: () => number = Date.now,
  ) {
    this.seen = noViewsSeen(now())
  }

  record(who: Principal, req: AnalyticsCreate): { accepted: boolean } {
    if (req.kind === 'search') {
      if (req.stoneId) throw fieldProblem('stoneId', 'is only for a view')
      return { accepted: addSearch(this.buffer, who.id) }
    }
    if (!req.stoneId) throw fieldProblem('stoneId', 'is required for a view')
    const id = req.stoneId.toLowerCase()
    if (!this.knows(id)) throw new AppError('E_NOT_FOUND')
    this.seen = turn(this.seen, this.now())
    return { accepted: addView(this.buffer, this.seen, who.id, id) }
  }

  /** Writes what was counted since the last flush; answers how many counters moved. */
  async flush(): Promise<number> {
    const buf = this.buffer
    if (!buf.views.size && !buf.searches.size) return 0
    this.buffer = emptyBuffer()
    const views = [...buf.views].map(([stoneId, n]) => ({ stoneId, n }))
    const searches = [...buf.searches].map(([userId, n]) => ({ userId, n }))
    try {
      await this.database.sql.begin(async (tx) => {
        await repo.countHits(tx, 'views', views)
        await repo.countSearches(tx, searches)
      })
    } catch (err) {
      // Not lost on a failed write: merged back for the next flush.
      for (const [k, n] of buf.views) this.buffer.views.set(k, (this.buffer.views.get(k) ?? 0) + n)
      for (const [k, n] of buf.searches) this.buffer.searches.set(k, (this.buffer.searches.get(k) ?? 0) + n)
      throw err
    }
    return views.length + searches.length
  }

  async page(who: Principal, req: HitCounterPaginate): Promise<HitCounterPage> {
    let seller: string | null
    if (who.operator) seller = req.sellerCompanyId ?? null
    else if (who.userType === 'seller' && who.companyId) {
      if (req.sellerCompanyId && req.sellerCompanyId !== who.companyId) throw new AppError('E_NOT_FOUND')
      seller = who.companyId
    } else throw new AppError('E_FORBIDDEN')
    if (req.from && req.to && req.from > req.to) throw fieldProblem('to', 'is before from')
    if (req.stoneId && seller) {
      const stone = await repo.stoneSeller(this.database.sql, req.stoneId)
      // Another seller's stone is someone else's object: not found.
      if (!stone || stone.sellerCompanyId !== seller) throw new AppError('E_NOT_FOUND')
    }
    const page = req.page ?? 1
    const limit = req.limit ?? 50
    const { rows, totals } = await repo.pageHits(
      this.database.sql,
      { sellerCompanyId: seller, stoneId: req.stoneId, from: req.from, to: req.to },
      limit,
      (page - 1) * limit,
    )
    return {
      list: rows,
      count: totals.count,
      totals: { views: totals.views, holds: totals.holds, bids: totals.bids },
    }
  }
}

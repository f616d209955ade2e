import type {
  MatchPairPage,
  MatchPairSearch,
  QuickSearch,
  QuickSearchResult,
  StoneDetail,
  StoneFilter,
  StonePage,
  StoneRow,
  StoneSearch,
  Totals,
} from '@diamond/contracts/http/stock'
import { invalidFields } from '@diamond/runtime/errors'
import { searchLimitMessage, type ListType } from '@diamond/contracts/http/stock.values'
import { seesPrices } from '@diamond/contracts/permissions'
import { AppError, type Database, type Principal, type Sql } from '@diamond/runtime'
import { readStones, toStoneRow } from '../stones/stone-row'
import { scopeFor, dayOf, type ScopeResult } from './categories.rules'
import { mediaOf, type MediaHosts, type OwnLinks } from './media.rules'
import { matchingPairs, PAIR_DEFAULT } from './pairs.rules'
import { runSearch, type EngineResult } from './search.engine'
import { compile, makeTest } from './search.filter'
import { filterProblems, isEmptyFilter, parseQuickSearch, sortProblems } from './search.rules'
import { allIndexSources, indexSources } from './search.repository'
import { StoneIndex, type IndexSource } from './stone-index'

/** Stones written into the index between two turns of the event loop during a large refresh. */
const PUT_SLICE = 250
/** New stones of an open commit staged between two turns of the event loop (and looks for searches). */
const STAGE_SLICE = 50
const yieldToSearches = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Writes many stones into the index, giving searches the event loop every `PUT_SLICE` of them. */
async function inSlices(rows: readonly IndexSource[], write: (r: IndexSource) => void): Promise<void> {
  for (let j = 0; j < rows.length; j++) {
    write(rows[j]!)
    if ((j + 1) % PUT_SLICE === 0) await yieldToSearches()
  }
}

/** These stones read `batch` at a time through `client` (the next read while one is written), each written by `write` in slices. */
async function readInBatches(
  client: Sql,
  ids: readonly string[],
  batch: number,
  write: (r: IndexSource) => void,
): Promise<void> {
  const read = (i: number) => {
    if (i >= ids.length) return null
    const p = indexSources(client, ids.slice(i, i + batch))
    // Awaited below; until then a failure must not count as unhandled.
    p.catch(() => {})
    return p
  }
  let next = read(0)
  for (let i = 0; next; i += batch) {
    const rows = await next
    next = read(i + batch)
    await inSlices(rows, write)
  }
}

export interface SearchSettings {
  /** A filtered search finding more stones than this answers E_SEARCH_LIMIT. */
  limit: number
  newArrivalDays: number
  media: MediaHosts
  /** The stone's own uploaded or linked media (the media module), shown instead of the hosts' when it has some. */
  ownMedia?: (stone: { id: string; vStnId: string }) => Promise<OwnLinks>
}

const DAY_MS = 86_400_000

/** Totals a viewer may see: without the pricing right, the count and carats only. */
function visibleTotals(t: Totals, showPrices: boolean): Totals {
  return showPrices ? t : { count: t.count, crt: t.crt }
}

/**
 * Search over the stock: validates, asks the in-memory index which stones and in what order, and
 * reads those rows from PostgreSQL (the source of truth) for the viewer.
 */
export class SearchService {
  readonly index = new StoneIndex()
  /** Day-long answers (deal and stone of the day), recomputed at most once a minute. */
  private daily = new Map<string, { at: number; generation: number; scope: ScopeResult }>()

  constructor(
    private readonly database: Database,
    private readonly settings: SearchSettings,
    private readonly recentFilter: (userId: string) => Promise<StoneFilter | null>,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Reads every stone into the index, a few thousand rows at a time; `progress` hears the count so
   * far every `everyMs` (a large stock takes a while).
   */
  async load(progress?: (rows: number) => void, everyMs = 2000): Promise<number> {
    const cursor = allIndexSources(this.database.sql, 5000)
    let read = 0
    let said = Date.now()
    for await (const rows of cursor) {
      for (const r of rows) this.index.put(r)
      read += rows.length
      if (progress && Date.now() - said >= everyMs) {
        said = Date.now()
        progress(read)
      }
    }
    this.index.order()
    return this.index.size
  }

  /** Re-reads stones whose change came from elsewhere (another instance, an event) into the index. */
  async refresh(ids: readonly string[]): Promise<void> {
    if (!ids.length) return
    const rows = await indexSources(this.database.sql, ids)
    for (const r of rows) this.index.put(r)
  }

  /**
   * Re-reads many stones (an upload's commit), `batch` at a time: the next batch is read while this
   * one is written into the index, and searches get the event loop every `PUT_SLICE` stones (2,000
   * puts in one go held searches up for about 30 ms, their p95 during a commit).
   */
  refreshMany(ids: readonly string[], batch: number): Promise<void> {
    return readInBatches(this.database.sql, ids, batch, (r) => this.index.put(r))
  }

  /**
   * Stones of a transaction not yet committed, as their writer reads them (an upload's new stones
   * from its lines, while its inserts run), put in the index found by no search (`StoneIndex.stage`)
   * until the commit shows them, slice by slice, giving searches a turn of the event loop between
   * slices. Searches come first: beside the transaction's own work this runs only while nobody
   * searches — from the first search on, it waits until `hurried` (the transaction has nothing left
   * but to wait for the index) — so the two halves of a commit overlap on an idle portal and a
   * searched one pays at most one slice and one read for it (README, "Seller uploads"). The batches
   * are pulled one at a time, so while staging waits so does their reading.
   */
  async stage(batches: AsyncIterable<readonly IndexSource[]>, hurried: Promise<void>): Promise<void> {
    let hurry = false
    const wake = hurried.then(() => {
      hurry = true
    })
    const searchesBefore = this.searchesStarted
    for await (const rows of batches) {
      for (let j = 0; j < rows.length; j += STAGE_SLICE) {
        if (!hurry && (this.searching || this.searchesStarted !== searchesBefore)) await wake
        else if (j || !hurry) await yieldToSearches()
        for (let k = j; k < Math.min(j + STAGE_SLICE, rows.length); k++) this.index.stage(rows[k]!)
      }
    }
  }

  /**
   * Searches (a page of stones, pairs or one stone's view) under way, and started since the service
   * began: an open commit's staging gives way to them.
   */
  private searching = 0
  private searchesStarted = 0

  private async counted<T>(run: () => Promise<T>): Promise<T> {
    this.searching++
    this.searchesStarted++
    try {
      return await run()
    } finally {
      this.searching--
    }
  }

  private scope(type: ListType, suggested: StoneFilter | null): ScopeResult {
    const now = this.clock()
    if (type !== 'dealOfDay' && type !== 'stoneOfDay')
      return scopeFor(type, this.index, { now, newArrivalDays: this.settings.newArrivalDays, suggested })
    const key = `${type}:${dayOf(now)}`
    const hit = this.daily.get(key)
    if (hit && (hit.generation === this.index.generation || now - hit.at < 60_000)) return hit.scope
    const scope = scopeFor(type, this.index, { now, newArrivalDays: this.settings.newArrivalDays })
    this.daily.clear()
    this.daily.set(key, { at: now, generation: this.index.generation, scope })
    return scope
  }

  /** The rows of these stones, in this order, as this viewer may see them. */
  async rows(who: Principal | null, ids: readonly string[]): Promise<StoneRow[]> {
    const records = await readStones(this.database.sql, ids, who?.id ?? null)
    const byId = new Map(records.map((r) => [r.id, r]))
    const showPrices = !!who && seesPrices(who.perms)
    const newSince = this.clock() - this.settings.newArrivalDays * DAY_MS
    return ids.flatMap((id) => {
      const r = byId.get(id)
      return r ? [toStoneRow(r, showPrices, r.arrivedAt.getTime() >= newSince)] : []
    })
  }

  private check(who: Principal, filter: StoneFilter, sort: StoneSearch['sort']) {
    const showPrices = seesPrices(who.perms)
    const problems = [...filterProblems(filter, showPrices), ...sortProblems(sort, showPrices)]
    if (problems.length) throw invalidFields(problems)
    return showPrices
  }

  private async page(
    who: Principal,
    found: EngineResult,
    req: { countOnly?: boolean },
    showPrices: boolean,
  ): Promise<StonePage> {
    const list = req.countOnly
      ? []
      : await this.rows(
          who,
          found.page.map((i) => this.index.ids[i]!),
        )
    const page: StonePage = {
      list,
      count: found.count,
      totals: visibleTotals(found.totals, showPrices),
      resultLimit: this.settings.limit,
    }
    if (found.facets) page.facets = found.facets
    return page
  }

  /** diamond/paginate and diamond/exclusive-search/list. */
  search(who: Principal, req: StoneSearch, listType: ListType = req.listType ?? 'all'): Promise<StonePage> {
    return this.counted(() => this.searchNow(who, req, listType))
  }

  private async searchNow(who: Principal, req: StoneSearch, listType: ListType): Promise<StonePage> {
    const filter = req.filter ?? {}
    const showPrices = this.check(who, filter, req.sort)
    if (listType === 'matchPair') return this.pairPage(who, req, filter, showPrices)
    const suggested = listType === 'suggested' ? await this.recentFilter(who.id) : null
    const scope = this.scope(listType, suggested)
    const compiled = compile(this.index, scope.filter ? [filter, scope.filter] : [filter], scope.scope)
    const page = req.page ?? 1
    const limit = req.limit ?? 250
    const found = runSearch(this.index, compiled, {
      sort: req.sort?.length ? req.sort : scope.defaultSort,
      offset: (page - 1) * limit,
      limit,
      facets: req.facets,
      countOnly: req.countOnly,
    })
    this.checkLimit(req, filter, found.count)
    return this.page(who, found, req, showPrices)
  }

  /** A filtered search (not a count) that finds more stones than the settings allow is refused: E_SEARCH_LIMIT. */
  private checkLimit(req: StoneSearch, filter: StoneFilter, count: number): void {
    if (!req.countOnly && !isEmptyFilter(filter) && count > this.settings.limit) {
      throw new AppError(
        'E_SEARCH_LIMIT',
        { count, limit: this.settings.limit },
        searchLimitMessage(this.settings.limit),
      )
    }
  }

  /**
   * diamond/paginate with listType matchPair: the stones of the matching pairs (pairs.rules.ts, the
   * default tolerance, both stones passing the filter; the pairs call's rule), each pair's stones side
   * by side. Pairs come in the caller's sort, a pair where its first stone sorts (else in the pairs
   * call's order). A page holds the pairs whose first stone falls within its `limit` rows, so no page
   * splits a pair (a page may run one stone over, the next one under) and the pages stay those that
   * `count` / `limit` promise. Count, totals and facets are over the pairs' stones.
   */
  private async pairPage(
    who: Principal,
    req: StoneSearch,
    filter: StoneFilter,
    showPrices: boolean,
  ): Promise<StonePage> {
    const compiled = compile(this.index, filter)
    const pairs = matchingPairs(this.index, makeTest(this.index, compiled), PAIR_DEFAULT)
    const members = Int32Array.from(pairs.flat())
    const found = runSearch(this.index, compile(this.index, filter, { only: members, keepOrder: true }), {
      sort: req.sort,
      offset: 0,
      limit: members.length,
      facets: req.facets,
      countOnly: req.countOnly,
    })
    this.checkLimit(req, filter, found.count)
    if (req.countOnly) return this.page(who, found, req, showPrices)
    const pairOf = new Map<number, number>()
    pairs.forEach((p, n) => p.forEach((i) => pairOf.set(i, n)))
    const rank = new Map(found.page.map((i, r) => [i, r]))
    const placed = new Set<number>()
    const ordered: number[][] = []
    for (const i of found.page) {
      const n = pairOf.get(i)!
      if (placed.has(n)) continue
      placed.add(n)
      ordered.push([...pairs[n]!].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0)))
    }
    const limit = req.limit ?? 250
    const from = ((req.page ?? 1) - 1) * limit
    const page: number[] = []
    let at = 0
    for (const p of ordered) {
      if (at >= from + limit) break
      if (at >= from) page.push(...p)
      at += p.length
    }
    return this.page(who, { ...found, page }, req, showPrices)
  }

  /** diamond/quick-search: stone or report numbers, or words read as grades. */
  async quick(who: Principal, req: QuickSearch): Promise<QuickSearchResult> {
    const filter = parseQuickSearch(req.search)
    const result = await this.search(who, { filter, sort: req.sort, page: req.page, limit: req.limit })
    return { ...result, filter }
  }

  /** match-pair/diamond/filter: matching pairs both of whose stones pass the filter; a page never splits a pair. */
  matchPairs(who: Principal, req: MatchPairSearch): Promise<MatchPairPage> {
    return this.counted(() => this.matchPairsNow(who, req))
  }

  private async matchPairsNow(who: Principal, req: MatchPairSearch): Promise<MatchPairPage> {
    const filter = req.filter ?? {}
    const showPrices = this.check(who, filter, undefined)
    const test = makeTest(this.index, compile(this.index, filter))
    const pairs = matchingPairs(this.index, test, req.tolerance ?? PAIR_DEFAULT)
    const page = req.page ?? 1
    const limit = req.limit ?? 100
    const slice = pairs.slice((page - 1) * limit, page * limit)
    const rows = await this.rows(
      who,
      slice.flatMap((p) => p.map((i) => this.index.ids[i]!)),
    )
    const byId = new Map(rows.map((r) => [r.id, r]))
    const totals = runSearch(this.index, compile(this.index, {}, { only: Int32Array.from(pairs.flat()) }), {
      offset: 0,
      limit: 0,
      countOnly: true,
    }).totals
    return {
      list: slice.map((p) => ({
        pairNo: this.index.pairNos[p[0]!]!,
        stones: p.map((i) => byId.get(this.index.ids[i]!)).filter((r): r is StoneRow => !!r),
      })),
      count: pairs.length,
      totals: visibleTotals(totals, showPrices),
    }
  }

  /** diamond/view: one stone with its media links; signed-out visitors see it without prices. */
  view(who: Principal | null, idOrNumber: string): Promise<StoneDetail> {
    return this.counted(() => this.viewNow(who, idOrNumber))
  }

  private async viewNow(who: Principal | null, idOrNumber: string): Promise<StoneDetail> {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
    const slot = UUID.test(idOrNumber)
      ? this.index.byId.get(idOrNumber.toLowerCase())
      : this.index.byKey
          .get(idOrNumber.toUpperCase())
          ?.find((i) => this.index.vStnIds[i]!.toUpperCase() === idOrNumber.toUpperCase())
    // A stone that left live stock (removed by its seller, listing expired) is not found.
    const id = slot === undefined || this.index.enums.availability[slot] === 0 ? null : this.index.ids[slot]!
    const [row] = id ? await this.rows(who, [id]) : []
    if (!row) throw new AppError('E_NOT_FOUND')
    const own = (await this.settings.ownMedia?.(row)) ?? {}
    return { ...row, media: mediaOf(row, this.settings.media, own) }
  }

  /** How many stones that arrived within the last `days` days a saved filter finds (the personal dashboard). */
  countNew(filter: StoneFilter, days: number): number {
    const scope = { minArrivedAt: this.clock() - days * DAY_MS }
    return runSearch(this.index, compile(this.index, filter, scope), { offset: 0, limit: 0, countOnly: true }).count
  }

  /** How many stones a saved filter finds now (for the saved and recent search lists). */
  countOf(filter: StoneFilter): number {
    return runSearch(this.index, compile(this.index, filter), { offset: 0, limit: 0, countOnly: true }).count
  }
}

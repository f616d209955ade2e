import { Envelope } from '@diamond/contracts/common'
import {
  MatchPairPage,
  MatchPairSearch,
  QuickSearch,
  QuickSearchResult,
  StoneDetail,
  StonePage,
  StoneSearch,
  ViewStone,
} from '@diamond/contracts/http/stock'
import type { ListType } from '@diamond/contracts/http/stock.values'
import type { Module } from '@diamond/contracts/permissions'
import { authenticate, defineRoutes, ok, principal, requirePermission, type TokenService } from '@diamond/runtime'
import type { SavedSearchService } from '../saved-searches/saved-searches.service'
import type { SearchService } from './search.service'

const tags = ['stock']

/** The module whose view right opens each stock page (the rest are search-list pages). */
const LIST_MODULES: Partial<Record<ListType, Module>> = {
  exclusive: 'exclusive',
  stoneOfDay: 'stoneOfDay',
  suggested: 'suggestedStock',
  upcoming: 'upcoming',
  matchPair: 'matchPair',
  fancy: 'fancySearch',
  best: 'quoteDay',
}

/**
 * The search pages' answers (50 stones of about a hundred fields) written by V8's `JSON.stringify`
 * instead of the serializer Fastify compiles from the schema, which builds the 70 KB answer from some
 * 300 KB of intermediate strings: the collections that garbage causes were what searches beside an
 * upload's commit waited for. `bench:upload`, alternating, three runs each: searches' p50 2.4 against
 * 2.7–3.0 ms, p95 during the commit 12.2–14.7 against 13.4–16.7 ms, 16 % more searches answered. The
 * rows are built field by field (`toStoneRow`, prices left out for a viewer who may not see them), so
 * the schema has nothing to strip; `search.int.test.ts` holds each answer to what the schema's
 * serializer would write.
 */
const nativeJson = () => (data: unknown) => JSON.stringify(data)

export default defineRoutes(function searchRoutes(
  app,
  { search, saved, tokens }: { search: SearchService; saved: SavedSearchService; tokens: TokenService },
) {
  app.post(
    '/diamond/paginate',
    {
      config: { errors: ['E_SEARCH_LIMIT'], permission: ['searchList', 'view'] },
      serializerCompiler: nativeJson,
      schema: {
        tags,
        summary: 'Search the stock: filter, sort, page, totals and facets',
        body: StoneSearch,
        response: { 200: Envelope(StonePage) },
      },
    },
    async (req) => {
      const body = req.body
      const who = principal(req)
      const module = LIST_MODULES[body.listType ?? 'all']
      if (module) requirePermission(who, module, 'view')
      return ok(await search.search(who, body))
    },
  )

  app.post(
    '/diamond/exclusive-search/list',
    {
      config: { errors: ['E_SEARCH_LIMIT'], permission: ['exclusive', 'view'] },
      serializerCompiler: nativeJson,
      schema: {
        tags,
        summary: 'Search the exclusive stock',
        body: StoneSearch,
        response: { 200: Envelope(StonePage) },
      },
    },
    async (req) => ok(await search.search(principal(req), req.body, 'exclusive')),
  )

  app.post(
    '/diamond/quick-search',
    {
      config: { errors: ['E_SEARCH_LIMIT'], permission: ['quickSearch', 'view'] },
      serializerCompiler: nativeJson,
      schema: {
        tags,
        summary: 'Stone or report numbers, or words like "1.01 round G VS1"',
        body: QuickSearch,
        response: { 200: Envelope(QuickSearchResult) },
      },
    },
    async (req) => {
      const who = principal(req)
      const found = await search.quick(who, req.body)
      // The first page of a quick search is a search the member made: kept as a recent one.
      if ((req.body.page ?? 1) === 1) await saved.recordRecent(who, found.filter)
      return ok(found)
    },
  )

  app.post(
    '/match-pair/diamond/filter',
    {
      config: { errors: ['E_SEARCH_LIMIT'], permission: ['matchPair', 'view'] },
      schema: {
        tags,
        summary: 'Pairs of stones that match each other',
        body: MatchPairSearch,
        response: { 200: Envelope(MatchPairPage) },
      },
    },
    async (req) => {
      const who = principal(req)
      const found = await search.matchPairs(who, req.body)
      if ((req.body.page ?? 1) === 1) await saved.recordRecent(who, req.body.filter ?? {})
      return ok(found)
    },
  )

  // Open to signed-out visitors (shared detail links); a token, when sent, must be valid.
  app.post(
    '/diamond/view',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'One stone with its media links (prices only for viewers who may see them)',
        body: ViewStone,
        response: { 200: Envelope(StoneDetail) },
      },
    },
    async (req) => {
      const who = req.headers.authorization ? authenticate(tokens, req.headers.authorization) : null
      return ok(await search.view(who, req.body.id))
    },
  )
})

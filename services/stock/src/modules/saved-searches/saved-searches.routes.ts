import { Envelope } from '@diamond/contracts/common'
import { SavedSearch, SearchById, SearchList, SearchListPage, SearchUpsert } from '@diamond/contracts/http/stock'
import { SEARCH_TYPES } from '@diamond/contracts/http/stock.values'
import { defineRoutes, ok, principal, requirePermission } from '@diamond/runtime'
import { Type } from 'typebox'
import type { SavedSearchService } from './saved-searches.service'

const tags = ['stock']

export default defineRoutes(function savedSearchRoutes(app, { saved }: { saved: SavedSearchService }) {
  app.post(
    '/diamond/search/upsert',
    {
      config: { permission: ['searchList', 'view'] },
      schema: {
        tags,
        summary: 'Save a search (searchType 1, with a title) or record a recent one (2)',
        body: SearchUpsert,
        response: { 200: Envelope(SavedSearch) },
      },
    },
    async (req) => {
      const who = principal(req)
      const body = req.body
      // Recent searches are anyone's own history (a guest's too); saving one needs the save-search right.
      if ((body.searchType ?? SEARCH_TYPES.saved) === SEARCH_TYPES.saved) requirePermission(who, 'saveSearch', 'insert')
      return ok(await saved.upsert(who, body), body.searchType === SEARCH_TYPES.recent ? 'OK' : 'Search saved')
    },
  )

  app.post(
    '/diamond/search/list',
    {
      config: { permission: ['searchList', 'view'] },
      schema: {
        tags,
        summary: "The caller's saved (1) or recent (2) searches, newest first",
        body: SearchList,
        response: { 200: Envelope(SearchListPage) },
      },
    },
    async (req) => {
      const { searchType = SEARCH_TYPES.saved, page = 1, limit = 50 } = req.body
      const who = principal(req)
      if (searchType === SEARCH_TYPES.saved) requirePermission(who, 'saveSearch', 'view')
      return ok(await saved.list(who, searchType, page, limit))
    },
  )

  app.post(
    '/diamond/search/by-id',
    {
      config: { permission: ['searchList', 'view'] },
      schema: {
        tags,
        summary: "One of the caller's searches",
        body: SearchById,
        response: { 200: Envelope(SavedSearch) },
      },
    },
    async (req) => ok(await saved.byId(principal(req), req.body.id)),
  )

  app.post(
    '/diamond/search/delete',
    {
      config: { permission: ['searchList', 'view'], member: true },
      schema: {
        tags,
        summary: "Delete one of the caller's searches",
        body: SearchById,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await saved.remove(principal(req), req.body.id)
      return ok(null, 'Search deleted')
    },
  )
})

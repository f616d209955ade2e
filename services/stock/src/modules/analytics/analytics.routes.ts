import { Envelope } from '@diamond/contracts/common'
import {
  AnalyticsAccepted,
  AnalyticsCreate,
  HitCounterPage,
  HitCounterPaginate,
} from '@diamond/contracts/http/dashboard'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { AnalyticsService } from './analytics.service'

const tags = ['analytics']

export default defineRoutes(function analyticsRoutes(app, { analytics }: { analytics: AnalyticsService }) {
  app.post(
    '/analytics/create',
    {
      config: { member: true, errors: ['E_NOT_FOUND'] },
      schema: {
        tags,
        summary: 'Count a stone view or a search by the signed-in user (coalesced; accepted false past the caps)',
        body: AnalyticsCreate,
        response: { 200: Envelope(AnalyticsAccepted) },
      },
    },
    (req) => ok(analytics.record(principal(req), req.body)),
  )

  app.post(
    '/hit-counter/paginate',
    {
      config: { member: true, errors: ['E_NOT_FOUND', 'E_FORBIDDEN'] },
      schema: {
        tags,
        summary: "Views, holds and bids per stone and day: a seller's own stones, operator staff all",
        body: HitCounterPaginate,
        response: { 200: Envelope(HitCounterPage) },
      },
    },
    async (req) => ok(await analytics.page(principal(req), req.body)),
  )
})

import { Envelope } from '@diamond/contracts/common'
import { Dashboard, DashboardRequest } from '@diamond/contracts/http/dashboard'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { DashboardService } from './dashboard.service'

export default defineRoutes(function dashboardRoutes(app, { dashboards }: { dashboards: DashboardService }) {
  app.post(
    '/user/dashboard',
    {
      config: { permission: ['dashboard', 'view'] },
      schema: {
        tags: ['dashboard'],
        summary:
          'The personal (my holds, offers, bids, orders, …) or global (market, price index) dashboard in one answer',
        body: DashboardRequest,
        response: { 200: Envelope(Dashboard) },
      },
    },
    async (req) => ok(await dashboards.dashboard(principal(req), req.body.kind)),
  )
})

import { Envelope } from '@diamond/contracts/common'
import { LoadtestEcho } from '@diamond/contracts/http/loadtest'
import { defineRoutes, ok } from '@diamond/runtime'

/**
 * The load kit's baseline on the target itself (`npm run loadtest -- --target <url>`): the same
 * HTTP stack, network path and proxies in front as the bid path, minus everything a bid does. The
 * gateway mounts it only when LOADTEST_ECHO=true; it needs no token (a baseline of HTTP and JSON),
 * so it is off by default and meant to be switched on only for a measured run.
 */
export default defineRoutes(function loadtestRoutes(app) {
  app.post(
    '/web/v1/loadtest/echo',
    {
      config: { public: true },
      schema: {
        tags: ['loadtest'],
        summary: 'Echo a JSON body (load-test baseline; only with LOADTEST_ECHO=true)',
        security: [],
        body: LoadtestEcho,
        response: { 200: Envelope(LoadtestEcho) },
      },
      logLevel: 'warn',
    },
    (req) => ok(req.body),
  )
})

import { Envelope } from '@diamond/contracts/common'
import { MasterList, MasterListRequest, ServerTime } from '@diamond/contracts/http/misc'
import { AppError, defineRoutes, ok } from '@diamond/runtime'
import { masterList, serverTime } from './masters.rules'

export default defineRoutes(function commonRoutes(app) {
  // The web app adds a random query value to defeat caches; no query schema, so it is ignored.
  app.get(
    '/common/server-time',
    { config: { public: true }, schema: { tags: ['common'], response: { 200: Envelope(ServerTime) } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store')
      return ok(serverTime(new Date()))
    },
  )
  app.post(
    '/master/list-by-code-no-auth',
    {
      config: { public: true },
      schema: { tags: ['common'], body: MasterListRequest, response: { 200: Envelope(MasterList) } },
    },
    (req) => {
      const { code } = req.body
      const list = masterList(code)
      if (!list)
        throw new AppError(
          'E_VALIDATION',
          { fields: [{ field: 'code', in: 'body', message: 'is not a known master list' }] },
          'Invalid Fields: code is not a known master list',
        )
      return ok({ list })
    },
  )
})

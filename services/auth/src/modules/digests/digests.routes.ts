import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import { DigestUnsubscribe } from '@diamond/contracts/http/digests'
import { AppError, defineRoutes, ok } from '@diamond/runtime'
import type { DigestService } from './digests.service'

const tags = ['auth']

export default defineRoutes(function digestRoutes(app, { digests }: { digests: DigestService }) {
  // The link in every stock digest: it turns the digests off without signing in, and nothing else.
  app.post(
    '/user/stock-notification/unsubscribe',
    {
      config: { public: true },
      schema: { tags, security: [], body: DigestUnsubscribe, response: { 200: Envelope(Type.Null()) } },
    },
    async (req) => {
      if (!(await digests.unsubscribe(req.body.token))) {
        throw new AppError('E_LINK_INVALID', {
          fields: [{ field: 'token', in: 'body', message: 'is not a valid unsubscribe link' }],
        })
      }
      return ok(null, 'You will no longer receive stock notification mails.')
    },
  )
})

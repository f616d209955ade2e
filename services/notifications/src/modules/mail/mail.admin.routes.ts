import { Envelope } from '@diamond/contracts/common'
import { FailedMailPage, FailedMailRequest, MailRetried, MailRetryRequest } from '@diamond/contracts/http/notifications'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { MailService } from './mail.service'

const tags = ['notifications']
const member = { member: true }

/**
 * Operator staff see the mails SMTP gave up on and send them again. Under the service's own path
 * segment, so the gateway routes them here (admin/… belongs to the auth service); who is staff is
 * checked by the service.
 */
export default defineRoutes(function mailAdminRoutes(app, { mail }: { mail: MailService }) {
  app.post(
    '/notifications/mail/failed',
    { config: member, schema: { tags, body: FailedMailRequest, response: { 200: Envelope(FailedMailPage) } } },
    async (req) => {
      const { page = 1, limit = 50 } = req.body
      return ok(await mail.failed(principal(req), page, limit))
    },
  )
  app.post(
    '/notifications/mail/retry',
    { config: member, schema: { tags, body: MailRetryRequest, response: { 200: Envelope(MailRetried) } } },
    async (req) => {
      const retried = await mail.retry(principal(req), req.body.ids)
      return ok({ retried }, `${retried.length} mail(s) queued again.`)
    },
  )
})

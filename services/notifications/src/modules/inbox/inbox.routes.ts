import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import { MarkAsRead, NotificationList, NotificationPage } from '@diamond/contracts/http/notifications'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { InboxService } from './inbox.service'

const tags = ['notifications']

export default defineRoutes(function inboxRoutes(app, { inbox }: { inbox: InboxService }) {
  app.post(
    '/notification/list',
    {
      config: { permission: ['notifications', 'view'] },
      schema: { tags, body: NotificationList, response: { 200: Envelope(NotificationPage) } },
    },
    async (req) => {
      const { page = 1, limit = 50, group } = req.body
      return ok(await inbox.list(principal(req), page, limit, group))
    },
  )
  app.post(
    '/notification/markAsRead',
    {
      config: { permission: ['notifications', 'view'] },
      schema: { tags, body: MarkAsRead, response: { 200: Envelope(Type.Object({ updated: Type.Integer() })) } },
    },
    async (req) => ok({ updated: await inbox.markRead(principal(req), req.body.ids) }),
  )
})

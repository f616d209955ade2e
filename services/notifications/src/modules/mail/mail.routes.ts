import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import { DevMailboxQuery, DevMailList } from '@diamond/contracts/http/misc'
import { defineRoutes, ok } from '@diamond/runtime'
import { mailboxPage } from './mail.page'
import type { MailService } from './mail.service'

const tags = ['dev']
const DEFAULT_LIMIT = 50

const filterOf = (q: DevMailboxQuery) => ({
  to: q.to?.trim() || undefined,
  limit: q.limit ? Number(q.limit) : DEFAULT_LIMIT,
})

/** The development mailbox. Registered only when it is enabled, so elsewhere these paths are E_NOT_FOUND. */
export default defineRoutes(function devMailboxRoutes(app, { mail }: { mail: MailService }) {
  app.get(
    '/dev/mailbox',
    {
      config: { public: true },
      schema: { tags, querystring: DevMailboxQuery, response: { 200: Envelope(DevMailList) } },
    },
    async (req) => ok({ list: await mail.devMailbox(filterOf(req.query)) }),
  )
  app.get(
    '/dev/mailbox/page',
    { config: { public: true }, schema: { tags, querystring: DevMailboxQuery } },
    async (req, reply) => {
      const filter = filterOf(req.query)
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'",
        )
        .send(mailboxPage(await mail.devMailbox(filter), filter))
    },
  )
  app.delete(
    '/dev/mailbox',
    {
      config: { public: true },
      schema: {
        tags,
        querystring: Type.Object(
          { to: Type.Optional(Type.String({ maxLength: 254 })) },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(Type.Object({ deleted: Type.Integer() })) },
      },
    },
    async (req) => ok({ deleted: await mail.clearDevMailbox(req.query.to?.trim() || undefined) }),
  )
})

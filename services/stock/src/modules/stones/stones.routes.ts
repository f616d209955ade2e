import type { FastifyInstance } from 'fastify'
import { Envelope, type PageRequest } from '@diamond/contracts/common'
import { HoldRequest, HoldResult, PaginateStones, StatusResult, StonePage } from '@diamond/contracts/http/stock'
import { ok, principal } from '@diamond/runtime'
import type { StoneService } from './stones.service'

const tags = ['stock']

export default async function stoneRoutes(app: FastifyInstance, { stones }: { stones: StoneService }) {
  app.post(
    '/diamond/paginate',
    {
      config: { permission: ['searchList', 'view'] },
      schema: { tags, body: PaginateStones, response: { 200: Envelope(StonePage) } },
    },
    async (req) => {
      const { page = 1, limit = 250 } = req.body as PageRequest
      return ok(await stones.page(principal(req), page, limit))
    },
  )

  app.post(
    '/diamond/hold',
    {
      config: { permission: ['hold', 'insert'] },
      schema: { tags, body: HoldRequest, response: { 200: Envelope(HoldResult) } },
    },
    async (req) => ok(await stones.hold(principal(req), (req.body as HoldRequest).id), 'Stone is on hold for you.'),
  )

  app.post(
    '/diamond/hold/release',
    {
      config: { permission: ['hold', 'insert'] },
      schema: { tags, body: HoldRequest, response: { 200: Envelope(StatusResult) } },
    },
    async (req) => ok(await stones.release(principal(req), (req.body as HoldRequest).id), 'Hold released.'),
  )
}

import { Envelope } from '@diamond/contracts/common'
import {
  HoldRequest,
  HoldResult,
  PriceUpdate,
  StatusResult,
  StatusUpdate,
  StoneCreate,
} from '@diamond/contracts/http/stock'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { StoneService } from './stones.service'

const tags = ['stock']

export default defineRoutes(function stoneRoutes(app, { stones }: { stones: StoneService }) {
  app.post(
    '/diamond/hold',
    {
      config: { errors: ['E_STONE_UNAVAILABLE'], permission: ['hold', 'insert'] },
      schema: { tags, body: HoldRequest, response: { 200: Envelope(HoldResult) } },
    },
    async (req) => ok(await stones.hold(principal(req), req.body.id), 'Stone is on hold for you.'),
  )

  app.post(
    '/diamond/hold/release',
    {
      config: { errors: ['E_NOT_HOLDER'], permission: ['hold', 'insert'] },
      schema: { tags, body: HoldRequest, response: { 200: Envelope(StatusResult) } },
    },
    async (req) => ok(await stones.release(principal(req), req.body.id), 'Hold released.'),
  )

  app.post(
    '/diamond/status-update',
    {
      config: { errors: ['E_STONE_UNAVAILABLE', 'E_STONE_IN_AUCTION'], permission: ['memo', 'all'], member: true },
      schema: {
        tags,
        summary: 'Staff: put a stone on memo, back in stock, on show, sold, …',
        body: StatusUpdate,
        response: { 200: Envelope(StatusResult) },
      },
    },
    async (req) => {
      const { id, wSts } = req.body
      return ok(await stones.setStatus(id, wSts), 'Status updated')
    },
  )

  app.post(
    '/diamond/price-update',
    {
      config: { permission: ['pricing', 'all'], member: true },
      schema: {
        tags,
        summary: 'Staff: a new discount (price per carat and amount follow)',
        body: PriceUpdate,
        response: { 200: Envelope(StatusResult) },
      },
    },
    async (req) => {
      const { id, back } = req.body
      return ok(await stones.setDiscount(id, back), 'Price updated')
    },
  )

  app.post(
    '/diamond/create',
    {
      config: { permission: ['searchList', 'all'], member: true },
      schema: {
        tags,
        summary: 'Staff: a new stone in stock (a new arrival)',
        body: StoneCreate,
        response: { 200: Envelope(StatusResult) },
      },
    },
    async (req) => ok(await stones.create(req.body), 'Stone added'),
  )
})

import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import { BidCreate, BidDelete, BidPage, BidPageRequest, BidResult, LotView } from '@diamond/contracts/http/bidding'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { BidService } from './bids.service'

const tags = ['bidding']

export default defineRoutes(function bidRoutes(app, { bids }: { bids: BidService }) {
  app.post(
    '/dynamic-diamond-bid/create',
    {
      config: {
        errors: [
          'E_BID_TOO_LOW',
          'E_BID_BELOW_START',
          'E_BID_LEADING',
          'E_BID_NOT_OPEN',
          'E_BID_CLOSED',
          'E_BID_OWN_STONE',
          'E_BID_NO_PRICE',
          'E_BID_PRECISION',
          'E_IDEMPOTENCY_MISMATCH',
        ],
        permission: ['bid', 'insert'],
        member: true,
      },
      schema: {
        tags,
        summary: 'A bid; acknowledged once stored. The same requestId again answers the stored bid.',
        body: BidCreate,
        response: { 200: Envelope(BidResult) },
      },
    },
    async (req) => ok(await bids.place(principal(req), req.body, 'create'), 'Bid placed'),
  )

  app.post(
    '/dynamic-diamond-bid/update',
    {
      config: {
        errors: [
          'E_BID_TOO_LOW',
          'E_BID_NOT_RAISED',
          'E_BID_LEADING',
          'E_BID_NOT_OPEN',
          'E_BID_CLOSED',
          'E_BID_OWN_STONE',
          'E_BID_NO_PRICE',
          'E_BID_PRECISION',
          'E_IDEMPOTENCY_MISMATCH',
        ],
        permission: ['bid', 'insert'],
        member: true,
      },
      schema: {
        tags,
        summary: 'Raise my bid: a new bid superseding my standing one',
        body: BidCreate,
        response: { 200: Envelope(BidResult) },
      },
    },
    async (req) => ok(await bids.place(principal(req), req.body, 'update'), 'Bid updated'),
  )

  app.post(
    '/dynamic-diamond-bid/delete',
    {
      config: { errors: ['E_BID_CANNOT_WITHDRAW'], permission: ['bid', 'insert'], member: true },
      schema: {
        tags,
        summary: 'Withdraw my sealed bid before the close',
        body: BidDelete,
        response: { 200: Envelope(Type.Object({ lot: LotView })) },
      },
    },
    async (req) => ok(await bids.withdraw(principal(req), req.body), 'Bid withdrawn'),
  )

  app.post(
    '/dynamic-diamond-bid/paginate',
    {
      config: { permission: ['bid', 'view'] },
      schema: { tags, body: BidPageRequest, response: { 200: Envelope(BidPage) } },
    },
    async (req) => ok(await bids.page(principal(req), req.body)),
  )
})

import { Type } from 'typebox'
import { Envelope, Uuid } from '@diamond/contracts/common'
import {
  AuctionCreate,
  AuctionPage,
  AuctionWithdraw,
  AuctionPageRequest,
  AuctionStonePage,
  AuctionStonePageRequest,
  BidCartCreate,
  BidConfig,
  LotPage,
  LotPageRequest,
  LotView,
} from '@diamond/contracts/http/bidding'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { AuctionService } from './auctions.service'

const tags = ['bidding']
const AuctionCreated = Type.Object({ auctionId: Uuid, lots: Type.Array(LotView) })
const LotIdParams = Type.Object({ id: Uuid }, { additionalProperties: false })

export default defineRoutes(function auctionRoutes(app, { auctions }: { auctions: AuctionService }) {
  app.post(
    '/diamond-bid/auction/create',
    {
      config: { errors: ['E_STONE_UNAVAILABLE', 'E_BID_NO_PRICE'], permission: ['bid', 'all'], member: true },
      schema: {
        tags,
        summary: 'Staff: a new auction of stones put up for bid',
        body: AuctionCreate,
        response: { 200: Envelope(AuctionCreated) },
      },
    },
    async (req) => ok(await auctions.create(principal(req), req.body), 'Auction created'),
  )

  app.post(
    '/diamond-bid/auction/stones',
    {
      config: { permission: ['bid', 'all'], member: true },
      schema: {
        tags,
        summary: 'Staff: stones up for bid and in no unfinished lot',
        body: AuctionStonePageRequest,
        response: { 200: Envelope(AuctionStonePage) },
      },
    },
    async (req) => ok(await auctions.freeStones(req.body)),
  )

  app.post(
    '/diamond-bid/auction/paginate',
    {
      config: { permission: ['bid', 'all'], member: true },
      schema: {
        tags,
        summary: 'Staff: the auctions, newest first',
        body: AuctionPageRequest,
        response: { 200: Envelope(AuctionPage) },
      },
    },
    async (req) => ok(await auctions.auctions(req.body)),
  )

  app.post(
    '/diamond-bid/auction/withdraw',
    {
      config: { permission: ['bid', 'all'], member: true },
      schema: {
        tags,
        summary: 'Staff: end every running lot of an auction without a winner',
        body: AuctionWithdraw,
        response: { 200: Envelope(Type.Object({ withdrawn: Type.Integer({ minimum: 0 }) })) },
      },
    },
    async (req) => ok(await auctions.withdraw(req.body.auctionId), 'Auction withdrawn'),
  )

  app.get(
    '/diamond-bid/dynamic-bid-config',
    {
      config: { permission: ['bid', 'view'] },
      schema: {
        tags,
        summary: 'The bid kinds (sub_types) and the lots open or coming',
        response: { 200: Envelope(BidConfig) },
      },
    },
    async (req) => ok(await auctions.config(principal(req))),
  )

  app.post(
    '/diamond-bid/lot/paginate',
    {
      config: { permission: ['bid', 'view'] },
      schema: { tags, body: LotPageRequest, response: { 200: Envelope(LotPage) } },
    },
    async (req) => ok(await auctions.page(principal(req), req.body)),
  )

  app.get(
    '/diamond-bid/lot/:id',
    {
      config: { permission: ['bid', 'view'] },
      schema: { tags, params: LotIdParams, response: { 200: Envelope(LotView) } },
    },
    async (req) => ok(await auctions.view(principal(req), req.params.id)),
  )

  app.post(
    '/bid-cart/create',
    {
      config: { permission: ['bid', 'insert'], member: true },
      schema: { tags, body: BidCartCreate, response: { 200: Envelope(LotPage) } },
    },
    async (req) => ok(await auctions.addToCart(principal(req), req.body.lotIds), 'Added to bid cart'),
  )

  app.post(
    '/bid-cart/paginate',
    {
      config: { permission: ['bid', 'view'] },
      schema: { tags, body: LotPageRequest, response: { 200: Envelope(LotPage) } },
    },
    async (req) => ok(await auctions.page(principal(req), req.body, { cartOnly: true })),
  )

  app.post(
    '/bid-cart/delete',
    {
      config: { permission: ['bid', 'insert'], member: true },
      schema: { tags, body: BidCartCreate, response: { 200: Envelope(Type.Object({ removed: Type.Integer() })) } },
    },
    async (req) => ok(await auctions.removeFromCart(principal(req), req.body.lotIds), 'Removed from bid cart'),
  )
})

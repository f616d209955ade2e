import { Envelope } from '@diamond/contracts/common'
import {
  SellerStone,
  SellerStoneDeleted,
  SellerStonePage,
  SellerStonePaginate,
  SellerStoneRefreshed,
  SellerStoneSelection,
  SellerStoneUpdate,
} from '@diamond/contracts/http/inventory'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { SellerStoneService } from './inventory.manage'

const tags = ['stock']

/** Manage diamonds: a seller's own stock (staff name the seller). */
export default defineRoutes(function sellerStoneRoutes(app, { sellerStones }: { sellerStones: SellerStoneService }) {
  app.post(
    '/seller/diamond/paginate',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary: "The seller's stones with their status (listed, expiring, expired, held, memo, sold, auction)",
        body: SellerStonePaginate,
        response: { 200: Envelope(SellerStonePage) },
      },
    },
    async (req) => ok(await sellerStones.paginate(principal(req), req.body)),
  )
  app.post(
    '/seller/diamond/update',
    {
      config: { seller: true, errors: ['E_STONE_UNAVAILABLE'], member: true },
      schema: {
        tags,
        summary: 'Edit one stone (its fields as upload cells; checked by the listing rules)',
        body: SellerStoneUpdate,
        response: { 200: Envelope(SellerStone) },
      },
    },
    async (req) => ok(await sellerStones.update(principal(req), req.body), 'Stone updated'),
  )
  app.post(
    '/seller/diamond/delete',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary: 'Delete the stones named, or all: held, memo, confirmed and auction stones are kept',
        body: SellerStoneSelection,
        response: { 200: Envelope(SellerStoneDeleted) },
      },
    },
    async (req) => ok(await sellerStones.remove(principal(req), req.body), 'Stones deleted'),
  )
  app.post(
    '/seller/diamond/refresh',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary: 'Refresh the listings of the stones named, or all, for 7 more days',
        body: SellerStoneSelection,
        response: { 200: Envelope(SellerStoneRefreshed) },
      },
    },
    async (req) => ok(await sellerStones.refresh(principal(req), req.body), 'Listings refreshed'),
  )
})

import { Envelope } from '@diamond/contracts/common'
import {
  CounterOffer,
  Track,
  TrackCreate,
  TrackCreateResult,
  TrackDelete,
  TrackDeleteResult,
  TrackPage,
  TrackPaginate,
  TrackStatusUpdate,
  TrackUpdate,
} from '@diamond/contracts/http/tracks'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { TrackService } from './tracks.service'

const tags = ['stock']

/** Each list's own module right is checked by the service (the module depends on the list type). */
export default defineRoutes(function trackRoutes(app, { tracks }: { tracks: TrackService }) {
  app.post(
    '/diamond-track/paginate',
    {
      schema: {
        tags,
        summary:
          "One of the caller's lists (cart 1, watchlist 2, quote 4, …), newest first, with the stones as they are now",
        body: TrackPaginate,
        response: { 200: Envelope(TrackPage) },
      },
    },
    async (req) => ok(await tracks.paginate(principal(req), req.body)),
  )
  app.post(
    '/diamond-track/create',
    {
      config: { errors: ['E_STONE_UNAVAILABLE', 'E_QUOTE_MIN_DIFF'], member: true },
      schema: {
        tags,
        summary: 'Add the selected stones to a list (a quote opens an offer)',
        body: TrackCreate,
        response: { 200: Envelope(TrackCreateResult) },
      },
    },
    async (req) => {
      const r = await tracks.create(principal(req), req.body)
      return ok(r, r.added ? 'Added' : 'Already in the list')
    },
  )
  app.post(
    '/diamond-track/update',
    {
      config: { member: true },
      schema: {
        tags,
        summary: "Change remarks, reminder date or enquiry of one of the caller's tracks",
        body: TrackUpdate,
        response: { 200: Envelope(Track) },
      },
    },
    async (req) => ok(await tracks.update(principal(req), req.body), 'Updated'),
  )
  app.post(
    '/diamond-track/delete',
    {
      config: { member: true },
      schema: {
        tags,
        summary: 'Remove tracks by id, or stones from one list',
        body: TrackDelete,
        response: { 200: Envelope(TrackDeleteResult) },
      },
    },
    async (req) => ok(await tracks.remove(principal(req), req.body), 'Deleted'),
  )
  app.post(
    '/diamond-track/counter-offer',
    {
      config: {
        errors: ['E_OFFER_CLOSED', 'E_OFFER_NOT_YOUR_TURN', 'E_QUOTE_MIN_DIFF'],
        permission: ['quote', 'insert'],
        member: true,
      },
      schema: {
        tags,
        summary: 'Answer an offer with a new price per carat (buyer or sales team, in turn)',
        body: CounterOffer,
        response: { 200: Envelope(Track) },
      },
    },
    async (req) => {
      const { id, offerPrice } = req.body
      return ok(await tracks.counter(principal(req), id, offerPrice), 'Counter-offer sent')
    },
  )
  app.post(
    '/diamond-track/status-update',
    {
      config: { errors: ['E_OFFER_CLOSED', 'E_OFFER_NOT_YOUR_TURN'], permission: ['quote', 'insert'], member: true },
      schema: {
        tags,
        summary: "Accept the other side's price or reject the offer",
        body: TrackStatusUpdate,
        response: { 200: Envelope(Track) },
      },
    },
    async (req) => {
      const { id, status } = req.body
      return ok(
        await tracks.answer(principal(req), id, status),
        status === 'accepted' ? 'Offer accepted' : 'Offer rejected',
      )
    },
  )
})

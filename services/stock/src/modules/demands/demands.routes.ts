import { Envelope } from '@diamond/contracts/common'
import {
  Demand,
  DemandById,
  DemandCreate,
  DemandPage,
  DemandPaginate,
  DemandReplyRequest,
  DemandUpdate,
} from '@diamond/contracts/http/demands'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import { Type } from 'typebox'
import type { DemandService } from './demands.service'

const tags = ['stock']

/** My Demand (module `demand`): view to list, insert to change; a guest has neither. */
export default defineRoutes(function demandRoutes(app, { demands }: { demands: DemandService }) {
  app.post(
    '/diamond-demand/paginate',
    {
      config: { permission: ['demand', 'view'] },
      schema: {
        tags,
        summary:
          "The caller's demands (buy requests), newest first, each with its state, the stones it matches now and the sales team's answers; `all`: every buyer's (sales team)",
        body: DemandPaginate,
        response: { 200: Envelope(DemandPage) },
      },
    },
    async (req) => ok(await demands.paginate(principal(req), req.body)),
  )
  app.post(
    '/diamond-demand/reply',
    {
      config: { permission: ['demand', 'all'], member: true },
      schema: {
        tags,
        summary: "Sales team: answer a buyer's buy request (the buyer is told)",
        body: DemandReplyRequest,
        response: { 200: Envelope(Demand) },
      },
    },
    async (req) => ok(await demands.reply(principal(req), req.body), 'Answer sent'),
  )
  app.post(
    '/diamond-demand/by-id',
    {
      config: { permission: ['demand', 'view'] },
      schema: { tags, summary: "One of the caller's demands", body: DemandById, response: { 200: Envelope(Demand) } },
    },
    async (req) => ok(await demands.byId(principal(req), req.body.id)),
  )
  app.post(
    '/diamond-demand/create',
    {
      config: { permission: ['demand', 'insert'], member: true },
      schema: {
        tags,
        summary: 'Add a demand: a title, a till date and search criteria',
        body: DemandCreate,
        response: { 200: Envelope(Demand) },
      },
    },
    async (req) => ok(await demands.create(principal(req), req.body), 'Demand added'),
  )
  app.post(
    '/diamond-demand/update',
    {
      config: { errors: ['E_DEMAND_CLOSED'], permission: ['demand', 'insert'], member: true },
      schema: {
        tags,
        summary: 'Change an active demand, or close it (closed) or mark it won',
        body: DemandUpdate,
        response: { 200: Envelope(Demand) },
      },
    },
    async (req) => ok(await demands.update(principal(req), req.body), 'Demand updated'),
  )
  app.post(
    '/diamond-demand/delete',
    {
      config: { errors: ['E_DEMAND_CLOSED'], permission: ['demand', 'insert'], member: true },
      schema: {
        tags,
        summary: "Delete one of the caller's demands",
        body: DemandById,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await demands.remove(principal(req), req.body.id)
      return ok(null, 'Demand deleted')
    },
  )
})

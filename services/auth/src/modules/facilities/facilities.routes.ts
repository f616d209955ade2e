import { Envelope } from '@diamond/contracts/common'
import { IdRequest } from '@diamond/contracts/http/account'
import {
  Facility,
  FacilityDelete,
  FacilityPage,
  FacilityPaginate,
  FacilitySave,
} from '@diamond/contracts/http/facilities'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { FacilityService } from './facilities.service'

const tags = ['account']
const member = { member: true }

export default defineRoutes(function facilityRoutes(app, { facilities }: { facilities: FacilityService }) {
  app.post(
    '/company/facility/paginate',
    {
      config: member,
      schema: {
        tags,
        summary: "My company's manufacturing facilities, by name (every member of the company reads them).",
        body: FacilityPaginate,
        response: { 200: Envelope(FacilityPage) },
      },
    },
    async (req) => {
      const { page = 1, limit = 20 } = req.body
      return ok(await facilities.paginate(principal(req), page, limit))
    },
  )
  app.post(
    '/company/facility/save',
    {
      config: member,
      schema: {
        tags,
        summary: 'Adds a facility (no id) or replaces one (company admin only; at most 20 per company).',
        body: FacilitySave,
        response: { 200: Envelope(Facility) },
      },
    },
    async (req) => ok(await facilities.save(principal(req), req.body), 'Facility saved.'),
  )
  app.post(
    '/company/facility/delete',
    {
      config: member,
      schema: {
        tags,
        summary: 'Deletes a facility (company admin only).',
        body: FacilityDelete,
        response: { 200: Envelope(IdRequest) },
      },
    },
    async (req) => ok(await facilities.delete(principal(req), req.body.id), 'Facility deleted.'),
  )
})

import { Envelope } from '@diamond/contracts/common'
import {
  ViewingRequestAccept,
  ViewingRequestAccepted,
  ViewingRequestCreate,
  ViewingRequestDecline,
  ViewingRequestPage,
  ViewingRequestPageRequest,
  ViewingRequestView,
  ViewingRequestWithdraw,
} from '@diamond/contracts/http/viewing-requests'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { ViewingRequestService } from './requests.service'

const tags = ['appointments']

/** Office viewing requests: office view to list, insert (a member) to ask, answer or withdraw. */
export default defineRoutes(function requestRoutes(app, { requests }: { requests: ViewingRequestService }) {
  app.post(
    '/viewing-request/create',
    {
      config: { permission: ['office', 'insert'], member: true },
      schema: {
        tags,
        summary: 'Ask to see stones at an office, no slot chosen',
        body: ViewingRequestCreate,
        response: { 200: Envelope(ViewingRequestView) },
      },
    },
    async (req) => ok(await requests.create(principal(req), req.body), 'View request sent'),
  )

  app.post(
    '/viewing-request/paginate',
    {
      config: { permission: ['office', 'view'], member: true },
      schema: {
        tags,
        summary: "Viewing requests: a buyer's own, a sales person's office's, every office's for office staff",
        body: ViewingRequestPageRequest,
        response: { 200: Envelope(ViewingRequestPage) },
      },
    },
    async (req) => {
      const page = await requests.page(principal(req), req.body)
      return ok(page, page.count ? 'OK' : 'No view request found.')
    },
  )

  app.post(
    '/viewing-request/accept',
    {
      config: {
        permission: ['office', 'insert'],
        member: true,
        errors: ['E_REQUEST_CLOSED', 'E_SLOT_INVALID', 'E_SLOT_TAKEN', 'E_APPOINTMENT_OVERLAP'],
      },
      schema: {
        tags,
        summary: "Book one of the office's slots for the request (the sales side)",
        body: ViewingRequestAccept,
        response: { 200: Envelope(ViewingRequestAccepted) },
      },
    },
    async (req) => ok(await requests.accept(principal(req), req.body), 'Appointment booked'),
  )

  app.post(
    '/viewing-request/decline',
    {
      config: { permission: ['office', 'insert'], member: true, errors: ['E_REQUEST_CLOSED'] },
      schema: {
        tags,
        summary: 'Decline the request with a note to the buyer (the sales side)',
        body: ViewingRequestDecline,
        response: { 200: Envelope(ViewingRequestView) },
      },
    },
    async (req) => ok(await requests.decline(principal(req), req.body), 'View request declined'),
  )

  app.post(
    '/viewing-request/withdraw',
    {
      config: { permission: ['office', 'insert'], member: true, errors: ['E_REQUEST_CLOSED'] },
      schema: {
        tags,
        summary: 'Withdraw my open request',
        body: ViewingRequestWithdraw,
        response: { 200: Envelope(ViewingRequestView) },
      },
    },
    async (req) => ok(await requests.withdraw(principal(req), req.body), 'View request withdrawn'),
  )
})

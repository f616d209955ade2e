import { Envelope } from '@diamond/contracts/common'
import { Enquiry, EnquiryPage, EnquiryPaginate, EnquiryReply } from '@diamond/contracts/http/enquiries'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { EnquiryService } from './enquiries.service'

const tags = ['stock']

/** Enquiry conversations (module `enquiry`): view to read, insert to write; the sales team (all) sees every buyer's. */
export default defineRoutes(function enquiryRoutes(app, { enquiries }: { enquiries: EnquiryService }) {
  app.post(
    '/diamond-enquiry/paginate',
    {
      config: { permission: ['enquiry', 'view'] },
      schema: {
        tags,
        summary:
          "Enquiries with their conversations, newest first: the caller's own, or (sales team) every buyer's, open or answered",
        body: EnquiryPaginate,
        response: { 200: Envelope(EnquiryPage) },
      },
    },
    async (req) => ok(await enquiries.paginate(principal(req), req.body)),
  )
  app.post(
    '/diamond-enquiry/reply',
    {
      config: { permission: ['enquiry', 'insert'], member: true },
      schema: {
        tags,
        summary: 'Write on an enquiry: its buyer, or the sales team (the other side is told)',
        body: EnquiryReply,
        response: { 200: Envelope(Enquiry) },
      },
    },
    async (req) => ok(await enquiries.reply(principal(req), req.body), 'Message sent'),
  )
})

import { Envelope } from '@diamond/contracts/common'
import { ApprovalStatus } from '@diamond/contracts/http/account'
import {
  ApprovalRequest,
  Registration,
  RegistrationPage,
  REGISTRATIONS_PAGE_SIZE,
  RegistrationsRequest,
} from '@diamond/contracts/http/approvals'
import type { Database, TokenService } from '@diamond/runtime'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import { ApprovalService } from './approvals.service'

const tags = ['account']
const member = { member: true }

/** Operator staff approve or reject registrations (who is staff is checked by the service). */
export default defineRoutes(function approvalRoutes(
  app,
  { database, tokens }: { database: Database; tokens: TokenService },
) {
  const approvals = new ApprovalService(database, tokens)

  app.post(
    '/admin/v1/user/registrations',
    { config: member, schema: { tags, body: RegistrationsRequest, response: { 200: Envelope(RegistrationPage) } } },
    async (req) => {
      const { page = 1, limit = REGISTRATIONS_PAGE_SIZE, status = ApprovalStatus.pending } = req.body
      return ok(await approvals.page(principal(req).id, status, page, limit))
    },
  )

  app.post(
    '/admin/v1/user/approval',
    { config: member, schema: { tags, body: ApprovalRequest, response: { 200: Envelope(Registration) } } },
    async (req) => {
      const body = req.body
      const saved = await approvals.decide(principal(req).id, body)
      return ok(saved, body.approvalStatus === ApprovalStatus.approved ? 'Account approved.' : 'Account rejected.')
    },
  )
})

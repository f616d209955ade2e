import { Envelope } from '@diamond/contracts/common'
import {
  ConciergeAnswer,
  ConciergeClose,
  ConciergeCreate,
  ConciergePage,
  ConciergePageRequest,
  ConciergeRequest,
  ContactCreate,
  ContactCreated,
  ContactPage,
  ContactPageRequest,
  FeedbackCreate,
  FeedbackCreated,
  FeedbackPage,
  FeedbackPageRequest,
  FeedbackQuestionList,
  FeedbackQuestionsRequest,
  FeedbackSummary,
  FeedbackSummaryRequest,
} from '@diamond/contracts/http/care'
import { authenticate, defineRoutes, ok, principal, type Principal, type TokenService } from '@diamond/runtime'
import type { CareService } from './care.service'

const tags = ['care']

/** The caller of an open route, when they sent a valid token (the contact form works signed out too). */
function caller(tokens: TokenService, header: string | undefined): Principal | null {
  if (!header) return null
  try {
    return authenticate(tokens, header)
  } catch {
    return null
  }
}

const today = () => new Date().toISOString().slice(0, 10)

export default defineRoutes(function careRoutes(app, { care, tokens }: { care: CareService; tokens: TokenService }) {
  app.post(
    '/feedback/questions',
    { schema: { tags, body: FeedbackQuestionsRequest, response: { 200: Envelope(FeedbackQuestionList) } } },
    async () => ok({ list: await care.questions() }),
  )
  app.post(
    '/feedback/create',
    {
      config: { member: true, errors: ['E_VALIDATION'] },
      schema: { tags, body: FeedbackCreate, response: { 200: Envelope(FeedbackCreated) } },
    },
    async (req) => ok({ id: await care.createFeedback(principal(req), req.body) }, 'Thank you for your feedback'),
  )
  app.post(
    '/feedback/paginate',
    {
      config: { member: true, errors: ['E_NOT_FOUND'] },
      schema: { tags, body: FeedbackPageRequest, response: { 200: Envelope(FeedbackPage) } },
    },
    async (req) => ok(await care.feedbackPage(principal(req), req.body.page ?? 1, req.body.limit ?? 50)),
  )
  app.post(
    '/feedback/summary',
    {
      config: { member: true, errors: ['E_NOT_FOUND'] },
      schema: { tags, body: FeedbackSummaryRequest, response: { 200: Envelope(FeedbackSummary) } },
    },
    async (req) => ok(await care.feedbackSummary(principal(req), req.body.by, req.body.periods ?? 12)),
  )

  app.post(
    '/concierge/create',
    {
      config: { member: true, errors: ['E_VALIDATION'] },
      schema: { tags, body: ConciergeCreate, response: { 200: Envelope(ConciergeRequest) } },
    },
    async (req) => ok(await care.createConcierge(principal(req), req.body, today()), 'Request sent'),
  )
  app.post(
    '/concierge/paginate',
    {
      config: { member: true },
      schema: { tags, body: ConciergePageRequest, response: { 200: Envelope(ConciergePage) } },
    },
    async (req) => ok(await care.conciergePage(principal(req), req.body)),
  )
  app.post(
    '/concierge/answer',
    {
      config: { member: true, errors: ['E_VALIDATION', 'E_NOT_FOUND', 'E_CONCIERGE_CLOSED'] },
      schema: { tags, body: ConciergeAnswer, response: { 200: Envelope(ConciergeRequest) } },
    },
    async (req) => ok(await care.answerConcierge(principal(req), req.body), 'Answer sent'),
  )
  app.post(
    '/concierge/close',
    {
      config: { member: true, errors: ['E_NOT_FOUND'] },
      schema: { tags, body: ConciergeClose, response: { 200: Envelope(ConciergeRequest) } },
    },
    async (req) => ok(await care.closeConcierge(principal(req), req.body.id), 'Closed'),
  )

  app.post(
    '/contact/create',
    {
      config: { public: true, errors: ['E_VALIDATION', 'E_RATE_LIMITED'] },
      schema: { tags, body: ContactCreate, response: { 200: Envelope(ContactCreated) } },
    },
    async (req) =>
      ok({ id: await care.contact(caller(tokens, req.headers.authorization), req.body, req.ip) }, 'Message sent'),
  )
  app.post(
    '/contact/paginate',
    {
      config: { member: true, errors: ['E_NOT_FOUND'] },
      schema: { tags, body: ContactPageRequest, response: { 200: Envelope(ContactPage) } },
    },
    async (req) => ok(await care.contactPage(principal(req), req.body.page ?? 1, req.body.limit ?? 50)),
  )
})

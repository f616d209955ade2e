import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'
import { StoneFilter } from './stock'
import {
  CONCIERGE_OUTCOMES,
  CONCIERGE_STATUSES,
  CONCIERGE_TEXT_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  FEEDBACK_COMMENT_MAX,
} from './care.values'

export * from './care.values'

/**
 * Customer care (issue 25), answered by the notifications service: feedback (`feedback/*`), the
 * concierge (`concierge/*`) and the contact form (`contact/*`). Types bound the shapes; the rules
 * (`care.rules.ts`) say what a good value is and name the field when it is not.
 */

const PageOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({ list: Type.Array(item), count: Type.Integer() })
const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
}

// ---------------------------------------------------------------- feedback

/** `feedback/questions`: the questions scored 0 to 10, in their order. */
export const FeedbackQuestionsRequest = Type.Object({}, { additionalProperties: false })
export const FeedbackQuestion = Type.Object({
  id: Uuid,
  /** The question in each language. */
  text: Type.Record(Type.String(), Type.String()),
  sort: Type.Integer(),
})
export type FeedbackQuestion = Static<typeof FeedbackQuestion>
export const FeedbackQuestionList = Type.Object({ list: Type.Array(FeedbackQuestion) })
export type FeedbackQuestionList = Static<typeof FeedbackQuestionList>

/**
 * `feedback/create`: every current question answered exactly once with a whole score 0 to 10, and
 * an optional comment. A missing, repeated or unknown question, or a score out of range, is
 * E_VALIDATION naming the field (`answers.2.score`, `answers`).
 */
export const FeedbackCreate = Type.Object(
  {
    answers: Type.Array(Type.Object({ questionId: Uuid, score: Type.Number() }, { additionalProperties: false }), {
      maxItems: 50,
    }),
    comment: Type.Optional(Type.String({ maxLength: FEEDBACK_COMMENT_MAX * 2 })),
  },
  { additionalProperties: false },
)
export type FeedbackCreate = Static<typeof FeedbackCreate>
export const FeedbackCreated = Type.Object({ id: Uuid })

/** `feedback/paginate` (operator staff): the answers, newest first. */
export const FeedbackPageRequest = Type.Object(Paging, { additionalProperties: false })
export const FeedbackEntry = Type.Object({
  id: Uuid,
  username: Type.String(),
  company: Type.String(),
  answers: Type.Array(Type.Object({ questionId: Uuid, score: Type.Integer() })),
  comment: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
})
export type FeedbackEntry = Static<typeof FeedbackEntry>
export const FeedbackPage = PageOf(FeedbackEntry)
export type FeedbackPage = Static<typeof FeedbackPage>

/** `feedback/summary` (operator staff): per week or month, how many answered and each question's average. */
export const FeedbackSummaryRequest = Type.Object(
  {
    by: literals(['week', 'month'] as const),
    /** Periods to show, the latest last (default 12). */
    periods: Type.Optional(Type.Integer({ minimum: 1, maximum: 104 })),
  },
  { additionalProperties: false },
)
export type FeedbackSummaryRequest = Static<typeof FeedbackSummaryRequest>
export const FeedbackSummary = Type.Object({
  questions: Type.Array(FeedbackQuestion),
  periods: Type.Array(
    Type.Object({
      /** The first day of the week (Monday) or month, YYYY-MM-DD. */
      start: Type.String(),
      responses: Type.Integer(),
      /** Average score per question id, two decimals. */
      averages: Type.Record(Type.String(), Type.Number()),
    }),
  ),
})
export type FeedbackSummary = Static<typeof FeedbackSummary>

// ---------------------------------------------------------------- concierge

const Status = literals(CONCIERGE_STATUSES)
const Outcome = literals(CONCIERGE_OUTCOMES)

/** `concierge/create`: a member asks for help finding a stone. */
export const ConciergeCreate = Type.Object(
  {
    /** What they look for, in their words (shape, size, colour, clarity, certificate…). */
    criteria: Type.String({ maxLength: CONCIERGE_TEXT_MAX * 2 }),
    /** Budget in US dollars (whole), if they give one. */
    budgetUsd: Type.Optional(Type.Number()),
    /** The date they need it by (YYYY-MM-DD), if any. */
    deadline: Type.Optional(Type.String({ maxLength: 10 })),
  },
  { additionalProperties: false },
)
export type ConciergeCreate = Static<typeof ConciergeCreate>

export const ConciergeRequest = Type.Object({
  id: Uuid,
  /** R-000123: how people name it. */
  number: Type.String(),
  userId: Uuid,
  username: Type.String(),
  company: Type.String(),
  criteria: Type.String(),
  budgetUsd: Type.Union([Type.Integer(), Type.Null()]),
  deadline: Type.Union([Type.String(), Type.Null()]),
  status: Status,
  reply: Type.Union([Type.String(), Type.Null()]),
  outcome: Type.Union([Outcome, Type.Null()]),
  /** Turned into a buy request: its criteria as a search filter (the member's demand in My Demand). */
  filter: Type.Union([StoneFilter, Type.Null()]),
  /** Turned into an offer: the stones offered, by their numbers. */
  stoneNumbers: Type.Array(Type.String()),
  answeredBy: Type.Union([Type.String(), Type.Null()]),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
})
export type ConciergeRequest = Omit<Static<typeof ConciergeRequest>, 'filter'> & { filter: StoneFilter | null }
export const ConciergePage = PageOf(ConciergeRequest)
export type ConciergePage = Static<typeof ConciergePage>

/** `concierge/paginate`: a member's own requests; operator staff see everyone's (the sales inbox), `status` filters. */
export const ConciergePageRequest = Type.Object(
  { ...Paging, status: Type.Optional(Status) },
  { additionalProperties: false },
)
export type ConciergePageRequest = Static<typeof ConciergePageRequest>

/** `concierge/answer` (operator staff): the reply, and what the request turned into, if anything. */
export const ConciergeAnswer = Type.Object(
  {
    id: Uuid,
    reply: Type.String({ maxLength: CONCIERGE_TEXT_MAX * 2 }),
    outcome: Type.Optional(Type.Union([Outcome, Type.Null()])),
    /** With outcome `buyRequest` (required): what to look for, as a search filter; stock makes it the member's demand. */
    filter: Type.Optional(StoneFilter),
    /** With outcome `offer` (required): the stones offered, by stone, certificate or seller's number (1–20). */
    stoneNumbers: Type.Optional(Type.Array(Type.String({ maxLength: 60 }), { maxItems: 50 })),
  },
  { additionalProperties: false },
)
export type ConciergeAnswer = Omit<Static<typeof ConciergeAnswer>, 'filter'> & { filter?: StoneFilter }

/** `concierge/close`: the member closes their own request (found elsewhere, no longer needed). */
export const ConciergeClose = Type.Object({ id: Uuid }, { additionalProperties: false })

// ---------------------------------------------------------------- contact

/** `contact/create`: open to everyone, signed in or not; rate-limited per address, per email and per user. */
export const ContactCreate = Type.Object(
  {
    name: Type.String({ maxLength: CONTACT_NAME_MAX * 2 }),
    email: Type.String({ maxLength: 254 }),
    subject: Type.String({ maxLength: CONTACT_SUBJECT_MAX * 2 }),
    message: Type.String({ maxLength: CONTACT_MESSAGE_MAX * 2 }),
    /** The reader's language: the acknowledgement is worded in it (default English). */
    lang: Type.Optional(Type.String({ maxLength: 10 })),
  },
  { additionalProperties: false },
)
export type ContactCreate = Static<typeof ContactCreate>
export const ContactCreated = Type.Object({ id: Uuid })

/** `contact/paginate` (operator staff): messages received, newest first. */
export const ContactPageRequest = Type.Object(Paging, { additionalProperties: false })
export const ContactMessage = Type.Object({
  id: Uuid,
  name: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  message: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
})
export type ContactMessage = Static<typeof ContactMessage>
export const ContactPage = PageOf(ContactMessage)
export type ContactPage = Static<typeof ContactPage>

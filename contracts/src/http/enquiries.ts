import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'
import { ENQUIRY_MESSAGE_MAX, ENQUIRY_PAGE_MAX, ENQUIRY_STATES } from './enquiries.values'

export * from './enquiries.values'

/**
 * `diamond-enquiry/paginate`: enquiries, newest first. A buyer gets their own; the sales team (enquiry
 * all, operator staff) every buyer's: the inbox, optionally only the open or the answered ones.
 */
export const EnquiryPaginate = Type.Object(
  {
    state: Type.Optional(literals(ENQUIRY_STATES)),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ENQUIRY_PAGE_MAX, default: 50 })),
  },
  { additionalProperties: false },
)
export type EnquiryPaginate = Static<typeof EnquiryPaginate>

export const EnquiryMessage = Type.Object({
  side: Type.Union([Type.Literal('buyer'), Type.Literal('sales')]),
  /** The writer's user name (the sales person's, or the buyer's). */
  author: Type.String(),
  message: Type.String(),
  at: Type.String(),
})
export type EnquiryMessage = Static<typeof EnquiryMessage>

/** One enquiry: the stone it is about (as it was asked), who asked, and the whole conversation, oldest first. */
export const Enquiry = Type.Object({
  /** The enquiry's track id. */
  id: Uuid,
  stoneId: Uuid,
  vStnId: Type.String(),
  /** A line to recognise the stone by: shape, carat, colour, clarity. */
  stone: Type.String(),
  buyer: Type.String(),
  state: literals(ENQUIRY_STATES),
  createdAt: Type.String(),
  /** When the last message was written. */
  lastAt: Type.String(),
  messages: Type.Array(EnquiryMessage),
})
export type Enquiry = Static<typeof Enquiry>

export const EnquiryPage = Type.Object({
  list: Type.Array(Enquiry),
  count: Type.Integer(),
  /** Of all the enquiries the caller sees (not only this state's): how many wait for the sales team. */
  open: Type.Integer(),
})
export type EnquiryPage = Static<typeof EnquiryPage>

/** `diamond-enquiry/reply`: a message on an enquiry, by its buyer or by the sales team. */
export const EnquiryReply = Type.Object(
  { id: Uuid, message: Type.String({ minLength: 1, maxLength: ENQUIRY_MESSAGE_MAX }) },
  { additionalProperties: false },
)
export type EnquiryReply = Static<typeof EnquiryReply>

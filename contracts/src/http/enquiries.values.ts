/**
 * Enquiry conversations (issue 26) as plain values, so the web app can import them without the schema
 * library. An enquiry is a buyer's track of type 6 (diamond-track/create); its conversation is the
 * enquiry's text and every message after it, from the buyer or the sales team.
 */

/** Open: the last word is the buyer's (the sales team owes an answer); answered: the sales team's. */
export const ENQUIRY_STATES = ['open', 'answered'] as const
export type EnquiryState = (typeof ENQUIRY_STATES)[number]

export const ENQUIRY_MESSAGE_MAX = 2000
export const ENQUIRY_PAGE_MAX = 100

/** Notice kinds of the conversation (TradeEvent.kind); the web has a text for each. */
export const ENQUIRY_KINDS = {
  /** The sales team answered a buyer's enquiry (to the buyer; params trackId, stoneId, vStnId, message). */
  answered: 'enquiry.answered',
  /** The buyer wrote again on an enquiry (to the sales team; params trackId, stoneId, vStnId, buyer, message). */
  replied: 'enquiry.replied',
} as const

import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'
import { CONCIERGE_OUTCOMES } from '../http/care.values'
import { StoneFilter } from '../http/stock'

/**
 * The concierge (issue 25): the sales team answered a member's request (topic
 * `notifications.concierge`, keyed by request id). Turned into a buy request, it carries the
 * criteria as a search filter, and stock makes the member's demand of it (My Demand), which then
 * tells the member of matching stones as every demand does; turned into an offer, the stones
 * offered travel by their numbers (the member opens them as a search).
 */
export const ConciergeEventTypes = {
  answered: 'notifications.concierge.answered',
} as const

export const ConciergeAnswered = Type.Object(
  {
    requestId: Uuid,
    /** R-000123: how people name it. */
    number: Type.String({ maxLength: 20 }),
    userId: Uuid,
    username: Type.String({ maxLength: 200 }),
    outcome: Type.Union([literals(CONCIERGE_OUTCOMES), Type.Null()]),
    /** The member's own words, the demand's description. */
    criteria: Type.String({ maxLength: 4000 }),
    /** YYYY-MM-DD: until when the member needs it, if they said. */
    deadline: Type.Union([Type.String({ maxLength: 10 }), Type.Null()]),
    filter: Type.Union([StoneFilter, Type.Null()]),
    stoneNumbers: Type.Array(Type.String({ maxLength: 60 }), { maxItems: 20 }),
  },
  { additionalProperties: false },
)
export type ConciergeAnswered = Omit<Static<typeof ConciergeAnswered>, 'filter'> & { filter: StoneFilter | null }

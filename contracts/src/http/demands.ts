import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'
import { StoneFilter } from './stock'
import {
  DEMAND_DESCRIPTION_MAX,
  DEMAND_PAGE_MAX,
  DEMAND_STATES,
  DEMAND_STATUSES,
  DEMAND_TITLE_MAX,
} from './demands.values'

export * from './demands.values'

/** A calendar date (YYYY-MM-DD): the last day the demand stands, in the portal's time zone (Asia/Kolkata). */
const TillDate = Type.String({ format: 'date', maxLength: 10 })
const Title = Type.String({ minLength: 1, maxLength: DEMAND_TITLE_MAX })
const Description = Type.String({ maxLength: DEMAND_DESCRIPTION_MAX })

/**
 * `diamond-demand/create`: a buy request by criteria. The filter is a search filter, checked as a
 * search's is (unknown keys and values refused with the field named) and must ask for something.
 */
export const DemandCreate = Type.Object(
  { title: Title, description: Type.Optional(Description), tillDate: TillDate, filter: StoneFilter },
  { additionalProperties: false },
)
export type DemandCreate = Omit<Static<typeof DemandCreate>, 'filter'> & { filter: StoneFilter }

/**
 * `diamond-demand/update`: change any of the fields of an active demand (a new till date revives
 * one that ran out), or end it: `status` closed (no longer wanted) or won (got a matching stone).
 */
export const DemandUpdate = Type.Object(
  {
    id: Uuid,
    title: Type.Optional(Title),
    description: Type.Optional(Description),
    tillDate: Type.Optional(TillDate),
    filter: Type.Optional(StoneFilter),
    status: Type.Optional(Type.Union([Type.Literal('closed'), Type.Literal('won')])),
  },
  { additionalProperties: false },
)
export type DemandUpdate = Omit<Static<typeof DemandUpdate>, 'filter'> & { filter?: StoneFilter }

export const DemandPaginate = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DEMAND_PAGE_MAX, default: 50 })),
    /** Issue 26, the sales team (demand all, operator staff): every buyer's buy requests, newest first. */
    all: Type.Optional(Type.Boolean()),
    /** With `all`: only those the sales team has answered (true) or not yet (false). */
    answered: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type DemandPaginate = Static<typeof DemandPaginate>

export const DemandById = Type.Object({ id: Uuid }, { additionalProperties: false })
export type DemandById = Static<typeof DemandById>

/** The sales team's answer to a buy request (issue 26). */
export const DemandReply = Type.Object({ author: Type.String(), message: Type.String(), at: Type.String() })
export type DemandReply = Static<typeof DemandReply>

export const Demand = Type.Object({
  id: Uuid,
  title: Type.String(),
  description: Type.String(),
  tillDate: Type.String(),
  filter: StoneFilter,
  status: literals(DEMAND_STATUSES),
  state: literals(DEMAND_STATES),
  /** Stones the criteria find in the stock now (as a search with the same filter finds them). */
  matches: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  /** The buyer's user name: shown to the sales team (paginate with `all`). */
  buyer: Type.Optional(Type.String()),
  /** The sales team's answers, oldest first (issue 26). */
  replies: Type.Optional(Type.Array(DemandReply)),
})
export type Demand = Omit<Static<typeof Demand>, 'filter'> & { filter: StoneFilter }

export const DemandPage = Type.Object({ list: Type.Array(Demand), count: Type.Integer() })

/** `diamond-demand/reply` (issue 26): the sales team answers a buyer's buy request; the buyer is told. */
export const DemandReplyRequest = Type.Object(
  { id: Uuid, message: Type.String({ minLength: 1, maxLength: DEMAND_DESCRIPTION_MAX }) },
  { additionalProperties: false },
)
export type DemandReplyRequest = Static<typeof DemandReplyRequest>
export type DemandPage = { list: Demand[]; count: number }

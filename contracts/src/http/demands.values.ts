/**
 * Demands (buy requests by criteria, spec section 3) as plain values, so the web app can import
 * them without the schema library.
 */

/** Spec section 4: bid and demand states. New: nothing matches yet; open: stones match now; won: the
 * buyer got a matching stone; closed: past its till date or closed by the buyer. */
export const DEMAND_STATES = ['new', 'open', 'won', 'closed'] as const
export type DemandState = (typeof DEMAND_STATES)[number]

/** What the buyer decided: still wanted, closed, or won. The state is derived from it, the till date and the stock. */
export const DEMAND_STATUSES = ['active', 'closed', 'won'] as const
export type DemandStatus = (typeof DEMAND_STATUSES)[number]

export const DEMAND_TITLE_MAX = 100
export const DEMAND_DESCRIPTION_MAX = 1000
/** A till date at most this many days ahead. */
export const DEMAND_MAX_DAYS = 366
/** Open demands per buyer: each is evaluated against every stone that arrives. */
export const MAX_DEMANDS = 100
export const DEMAND_PAGE_MAX = 100

/** Issue 26: buy-request notices (TradeEvent.kind); the web has a text for each. */
export const BUY_REQUEST_KINDS = {
  /** A buyer asked for a stone (to the sales team; params demandId, title, buyer). */
  created: 'demand.created',
  /** The sales team answered a buy request (to the buyer; params demandId, title, message). */
  answered: 'demand.answered',
} as const

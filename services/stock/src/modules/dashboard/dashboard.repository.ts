import { sql, type SQL } from 'drizzle-orm'
import { DASHBOARD_LIST_MAX as MAX, DASHBOARD_NEW_DAYS } from '@diamond/contracts/http/dashboard.values'
import { SEARCH_TYPES } from '@diamond/contracts/http/stock.values'
import { TRACK_TYPES } from '@diamond/contracts/http/tracks.values'
import { GONE_W_STS } from '@diamond/contracts/events/stock'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import type { Sql } from '@diamond/runtime/db'
import { query } from '@diamond/runtime/statements'
import { demandMatches, demands } from '../demands/demands.schema'
import { orders, shipments } from '../orders/orders.schema'
import { searches } from '../saved-searches/saved-searches.schema'
import { holds, stones } from '../stones/stones.schema'
import { tracks } from '../tracks/tracks.schema'
import { dashAppointments, dashBids, dashFollows, dashLots, stoneHits } from './dashboard.schema'

/**
 * The personal dashboard's reads: one statement per card, each an indexed read of the user's own
 * rows, its first lines and (a window count, before the limit) how many in all; `personalCards`
 * runs them all as one statement.
 */

/** Every line carries `total`: the count of all rows the card stands for. */
type Counted<T> = T & { total: number }
const s = stones
const STONE = sql`${s.id} as "stoneId", ${s.vStnId} as "vStnId", ${s.shape} as shape, ${s.carat}::float8 as carat`
/**
 * The cards' constants written into the statements, not sent as parameters: the cards run on generic
 * plans (DASHBOARD_SETTINGS), which cannot see a parameter's value — a partial index such as
 * `tracks_watchlist_added (… where track_type = 2)` applies only when the 2 is in the text, and a
 * limit known to be 8 plans as 8. Numbers only, from this codebase's constants.
 */
const lit = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer constant: ${n}`)
  return sql.raw(String(n))
}
const LIMIT = lit(MAX)
const NEW_DAYS = lit(DASHBOARD_NEW_DAYS)
const GONE = sql.raw(`array['${GONE_W_STS.removed}', '${GONE_W_STS.expired}']::text[]`)

export type Line = { stoneId: string; vStnId: string; shape: string; carat: number }

const myHoldsSql = (userId: string) =>
  sql`select ${STONE}, ${holds.expiresAt} as "expiresAt", count(*) over ()::int as total
          from ${holds} join ${s} on ${s.id} = ${holds.stoneId}
         where ${holds.holderId} = ${userId}
         order by ${holds.expiresAt} limit ${LIMIT}`
export type HoldsRow = Counted<Line & { expiresAt: Date }>
export const myHolds = (c: Sql, userId: string) => query<HoldsRow>(c, myHoldsSql(userId))

/** Offers whose turn is the buyer's: the sales side answered and waits. */
const myOffersSql = (userId: string) =>
  sql`select ${STONE}, ${tracks.id} as "trackId", ${tracks.salesCents}::float8 as "priceCents",
               ${tracks.offerExpiresAt} as "expiresAt", count(*) over ()::int as total
          from ${tracks} join ${s} on ${s.id} = ${tracks.stoneId}
         where ${tracks.userId} = ${userId} and ${tracks.trackType} = ${lit(TRACK_TYPES.quote)}
           and ${tracks.offerStatus} = 'open' and ${tracks.offerTurn} = 'buyer'
         order by ${tracks.offerExpiresAt} nulls last limit ${LIMIT}`
export type OffersRow = Counted<Line & { trackId: string; priceCents: number | null; expiresAt: Date | null }>
export const myOffers = (c: Sql, userId: string) => query<OffersRow>(c, myOffersSql(userId))

const myBidsSql = (userId: string) =>
  sql`select ${STONE}, ${dashLots.lotId} as "lotId", ${dashLots.auctionId} as "auctionId", ${dashBids.state} as state,
               ${dashLots.highCents}::float8 as "highCents", ${dashLots.closesAt} as "closesAt",
               count(*) over ()::int as total,
               (count(*) filter (where ${dashBids.state} = 'leading') over ())::int as leading
          from ${dashBids} join ${dashLots} on ${dashLots.lotId} = ${dashBids.lotId}
          join ${s} on ${s.id} = ${dashLots.stoneId}
         where ${dashBids.userId} = ${userId}
         order by ${dashLots.closesAt} nulls last limit ${LIMIT}`
export type BidsRow = Counted<
  Line & {
    lotId: string
    auctionId: string
    state: 'leading' | 'outbid'
    highCents: number | null
    closesAt: Date | null
    leading: number
  }
>
export const myBids = (c: Sql, userId: string) => query<BidsRow>(c, myBidsSql(userId))

const myAppointmentsSql = (userId: string) =>
  sql`select ${dashAppointments.appointmentId} as "appointmentId", ${dashAppointments.officeName} as "officeName",
               ${dashAppointments.startsAt} as "startsAt", ${dashAppointments.endsAt} as "endsAt",
               ${dashAppointments.status} as status, count(*) over ()::int as total
          from ${dashAppointments}
         where ${dashAppointments.buyerId} = ${userId} and ${dashAppointments.endsAt} > now()
           and ${dashAppointments.status} not in ('cancelled', 'done', 'no_show')
         order by ${dashAppointments.startsAt} limit ${LIMIT}`
export type AppointmentsRow = Counted<{
  appointmentId: string
  officeName: string
  startsAt: Date
  endsAt: Date
  status: string
}>
export const myAppointments = (c: Sql, userId: string) => query<AppointmentsRow>(c, myAppointmentsSql(userId))

/** Orders of the last 30 days, newest first, with their shipment's state. */
const myOrdersSql = (userId: string) =>
  sql`select ${orders.id} as "orderId", ${orders.orderNo} as "orderNo", ${orders.pcs} as pcs,
               ${orders.finalCents}::float8 as "finalCents", ${orders.createdAt} as "createdAt",
               ${shipments.status} as shipment, count(*) over ()::int as total
          from ${orders} left join ${shipments} on ${shipments.orderId} = ${orders.id}
         where ${orders.buyerId} = ${userId} and ${orders.createdAt} > now() - interval '30 days'
         order by ${orders.createdAt} desc limit ${LIMIT}`
export type OrdersRow = Counted<{
  orderId: string
  orderNo: string
  pcs: number
  finalCents: number
  createdAt: Date
  shipment: string | null
}>
export const myOrders = (c: Sql, userId: string) => query<OrdersRow>(c, myOrdersSql(userId))

/** Reminders whose time has come or comes within a day. */
const myRemindersSql = (userId: string) =>
  sql`select ${STONE}, ${tracks.id} as "trackId", ${tracks.reminderAt} as "reminderAt", count(*) over ()::int as total
          from ${tracks} join ${s} on ${s.id} = ${tracks.stoneId}
         where ${tracks.userId} = ${userId} and ${tracks.trackType} = ${lit(TRACK_TYPES.reminder)}
           and ${tracks.reminderAt} <= now() + interval '1 day'
         order by ${tracks.reminderAt} limit ${LIMIT}`
export type RemindersRow = Counted<Line & { trackId: string; reminderAt: Date }>
export const myReminders = (c: Sql, userId: string) => query<RemindersRow>(c, myRemindersSql(userId))

/** Stones my open demands matched lately (still in stock). */
const myMatchesSql = (userId: string) =>
  sql`select ${STONE}, ${demands.id} as "demandId", ${demands.title} as title, ${demandMatches.notifiedAt} as at,
               count(*) over ()::int as total
          from ${demands} join ${demandMatches} on ${demandMatches.demandId} = ${demands.id}
          join ${s} on ${s.id} = ${demandMatches.stoneId}
         where ${demands.userId} = ${userId} and ${demandMatches.notifiedAt} > now() - make_interval(days => ${NEW_DAYS})
           and ${s.wSts} <> all(${GONE})
         order by ${demandMatches.notifiedAt} desc limit ${LIMIT}`
export type MatchesRow = Counted<Line & { demandId: string; title: string; at: Date }>
export const myMatches = (c: Sql, userId: string) => query<MatchesRow>(c, myMatchesSql(userId))

const mySavedSearchesSql = (userId: string) =>
  sql`select ${searches.id} as "searchId", ${searches.title} as title, ${searches.filter} as filter
          from ${searches}
         where ${searches.userId} = ${userId} and ${searches.searchType} = ${lit(SEARCH_TYPES.saved)}
         order by ${searches.updatedAt} desc limit 5`
export type SavedSearchesRow = { searchId: string; title: string; filter: StoneFilter }
export const mySavedSearches = (c: Sql, userId: string) => query<SavedSearchesRow>(c, mySavedSearchesSql(userId))

/** New stones of the companies I follow (each company's newest through its index), newest first. */
const myFollowedSql = (userId: string) =>
  sql`select ${STONE}, ${s.seller} as "companyName", ${s.arrivedAt} as "arrivedAt", count(*) over ()::int as total
          from ${dashFollows} join ${s} on ${s.sellerCompanyId} = ${dashFollows.companyId}
         where ${dashFollows.userId} = ${userId} and ${s.arrivedAt} > now() - make_interval(days => ${NEW_DAYS})
           and ${s.wSts} <> all(${GONE}) and ${s.wSts} not in ('C', 'X')
         order by ${s.arrivedAt} desc, ${s.vStnId} limit ${LIMIT}`
export type FollowedRow = Counted<Line & { companyName: string; arrivedAt: Date }>
export const myFollowed = (c: Sql, userId: string) => query<FollowedRow>(c, myFollowedSql(userId))

/** A seller's listings that run out within a day. */
const sellerExpiringSql = (companyId: string) =>
  sql`select ${STONE}, ${s.listedUntil} as "listedUntil", count(*) over ()::int as total
          from ${s}
         where ${s.sellerCompanyId} = ${companyId} and ${s.listedUntil} < now() + interval '1 day'
           and ${s.wSts} <> all(${GONE})
         order by ${s.listedUntil} limit ${LIMIT}`
export type SellerExpiringRow = Counted<Line & { listedUntil: Date }>
export const sellerExpiring = (c: Sql, companyId: string) => query<SellerExpiringRow>(c, sellerExpiringSql(companyId))

/** Today's views, holds and bids on a seller's stones, and the watchlist adds. */
export const sellerTodaySql = (companyId: string) =>
  sql`select coalesce(sum(h.views), 0)::int as views, coalesce(sum(h.holds), 0)::int as holds,
               coalesce(sum(h.bids), 0)::int as bids,
               (select count(*) from ${tracks} join ${s} on ${s.id} = ${tracks.stoneId}
                 where ${tracks.trackType} = ${lit(TRACK_TYPES.watchlist)} and ${tracks.createdAt} >= current_date
                   and ${s.sellerCompanyId} = ${companyId})::int as "watchlistAdds"
          from ${stoneHits} h join ${s} on ${s.id} = h.stone_id
         where h.day = current_date and ${s.sellerCompanyId} = ${companyId}`
export type TodayRow = { views: number; holds: number; bids: number; watchlistAdds: number }
export async function sellerToday(c: Sql, companyId: string): Promise<TodayRow> {
  const [row] = await query<TodayRow>(c, sellerTodaySql(companyId))
  return row ?? { views: 0, holds: 0, bids: 0, watchlistAdds: 0 }
}

/** Every card of one user's personal dashboard; a seller's two cards only for a seller. */
export interface PersonalRows {
  holds: HoldsRow[]
  offers: OffersRow[]
  bids: BidsRow[]
  appointments: AppointmentsRow[]
  orders: OrdersRow[]
  reminders: RemindersRow[]
  matches: MatchesRow[]
  savedSearches: SavedSearchesRow[]
  followed: FollowedRow[]
  expiring: SellerExpiringRow[]
  today: TodayRow | null
}

/** A card's rows as JSON, its statement a subquery: rows keep the statement's order (a plain scan of it). */
const card = (statement: SQL) => sql`(select coalesce(json_agg(t), '[]'::json) from (${statement}) t)`
/** The cards' time columns, which JSON carries as text. */
const TIMES = new Set([
  'expiresAt',
  'closesAt',
  'startsAt',
  'endsAt',
  'createdAt',
  'reminderAt',
  'at',
  'arrivedAt',
  'listedUntil',
])
const revive = <T>(rows: Record<string, unknown>[]): T[] => {
  for (const r of rows) for (const k in r) if (TIMES.has(k) && typeof r[k] === 'string') r[k] = new Date(r[k])
  return rows as T[]
}

/**
 * The personal dashboard in one statement: each card's own statement (the functions above, which
 * the benchmark times alone) as a JSON subquery, so the whole dashboard is one round trip, one
 * plan and one connection rather than nine statements contending for the pool.
 */
export async function personalCards(c: Sql, userId: string, sellerCompanyId: string | null): Promise<PersonalRows> {
  const seller = sellerCompanyId
  // One statement, one round trip. `c` is the dashboard's own pool (DASHBOARD_SETTINGS): planning the
  // eleven subqueries afresh for each user (PostgreSQL's choice for them) took longer than running them
  // (1.7 against 1.3 ms), and one generic plan fits every user's indexed reads. It was a transaction
  // with `set local` before: three round trips.
  const [row] = await query<Record<keyof PersonalRows, unknown>>(
    c,
    sql`select ${card(myHoldsSql(userId))} as holds, ${card(myOffersSql(userId))} as offers,
               ${card(myBidsSql(userId))} as bids, ${card(myAppointmentsSql(userId))} as appointments,
               ${card(myOrdersSql(userId))} as orders, ${card(myRemindersSql(userId))} as reminders,
               ${card(myMatchesSql(userId))} as matches, ${card(mySavedSearchesSql(userId))} as "savedSearches",
               ${card(myFollowedSql(userId))} as followed,
               ${seller ? card(sellerExpiringSql(seller)) : sql`'[]'::json`} as expiring,
               ${seller ? sql`(select row_to_json(t) from (${sellerTodaySql(seller)}) t)` : sql`null::json`} as today`,
  )
  const list = (k: keyof PersonalRows) => (row?.[k] ?? []) as Record<string, unknown>[]
  return {
    holds: revive(list('holds')),
    offers: revive(list('offers')),
    bids: revive(list('bids')),
    appointments: revive(list('appointments')),
    orders: revive(list('orders')),
    reminders: revive(list('reminders')),
    matches: revive(list('matches')),
    savedSearches: list('savedSearches') as SavedSearchesRow[],
    followed: revive(list('followed')),
    expiring: revive(list('expiring')),
    today: (row?.today ?? null) as TodayRow | null,
  }
}

/**
 * What the personal dashboard's pool starts each connection with: generic plans (see personalCards).
 * A pool of its own, so that no other statement of stock's is planned this way.
 */
export const DASHBOARD_SETTINGS = { plan_cache_mode: 'force_generic_plan' }

/** Running auctions (lots heard of from bidding), soonest close first. */
export const runningAuctions = (c: Sql) =>
  query<{ auctionId: string; lots: number; closesAt: Date | null }>(
    c,
    sql`select ${dashLots.auctionId} as "auctionId", count(*)::int as lots, min(${dashLots.closesAt}) as "closesAt"
          from ${dashLots} group by ${dashLots.auctionId}
         order by min(${dashLots.closesAt}) nulls last limit 5`,
  )

/** The database's clock and day (countdowns and the index's days follow it). */
export async function clock(c: Sql): Promise<{ now: Date; today: string }> {
  const [row] = await query<{ now: Date; today: string }>(c, sql`select now() as now, current_date::text as today`)
  return row!
}

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
 * rows, its first lines and (a window count, before the limit) how many in all. They run side by
 * side on the pool; the answer is one round trip for the browser.
 */

/** Every line carries `total`: the count of all rows the card stands for. */
type Counted<T> = T & { total: number }
const s = stones
const STONE = sql`${s.id} as "stoneId", ${s.vStnId} as "vStnId", ${s.shape} as shape, ${s.carat}::float8 as carat`
const GONE = sql`${sql.param([GONE_W_STS.removed, GONE_W_STS.expired])}::text[]`
const counted = <T extends object>(client: Sql, statement: SQL) => query<Counted<T>>(client, statement)

export type Line = { stoneId: string; vStnId: string; shape: string; carat: number }

export const myHolds = (c: Sql, userId: string) =>
  counted<Line & { expiresAt: Date }>(
    c,
    sql`select ${STONE}, ${holds.expiresAt} as "expiresAt", count(*) over ()::int as total
          from ${holds} join ${s} on ${s.id} = ${holds.stoneId}
         where ${holds.holderId} = ${userId}
         order by ${holds.expiresAt} limit ${MAX}`,
  )

/** Offers whose turn is the buyer's: the sales side answered and waits. */
export const myOffers = (c: Sql, userId: string) =>
  counted<Line & { trackId: string; priceCents: number | null; expiresAt: Date | null }>(
    c,
    sql`select ${STONE}, ${tracks.id} as "trackId", ${tracks.salesCents}::float8 as "priceCents",
               ${tracks.offerExpiresAt} as "expiresAt", count(*) over ()::int as total
          from ${tracks} join ${s} on ${s.id} = ${tracks.stoneId}
         where ${tracks.userId} = ${userId} and ${tracks.trackType} = ${TRACK_TYPES.quote}
           and ${tracks.offerStatus} = 'open' and ${tracks.offerTurn} = 'buyer'
         order by ${tracks.offerExpiresAt} nulls last limit ${MAX}`,
  )

export const myBids = (c: Sql, userId: string) =>
  counted<
    Line & {
      lotId: string
      auctionId: string
      state: 'leading' | 'outbid'
      highCents: number | null
      closesAt: Date | null
      leading: number
    }
  >(
    c,
    sql`select ${STONE}, ${dashLots.lotId} as "lotId", ${dashLots.auctionId} as "auctionId", ${dashBids.state} as state,
               ${dashLots.highCents}::float8 as "highCents", ${dashLots.closesAt} as "closesAt",
               count(*) over ()::int as total,
               (count(*) filter (where ${dashBids.state} = 'leading') over ())::int as leading
          from ${dashBids} join ${dashLots} on ${dashLots.lotId} = ${dashBids.lotId}
          join ${s} on ${s.id} = ${dashLots.stoneId}
         where ${dashBids.userId} = ${userId}
         order by ${dashLots.closesAt} nulls last limit ${MAX}`,
  )

export const myAppointments = (c: Sql, userId: string) =>
  counted<{ appointmentId: string; officeName: string; startsAt: Date; endsAt: Date; status: string }>(
    c,
    sql`select ${dashAppointments.appointmentId} as "appointmentId", ${dashAppointments.officeName} as "officeName",
               ${dashAppointments.startsAt} as "startsAt", ${dashAppointments.endsAt} as "endsAt",
               ${dashAppointments.status} as status, count(*) over ()::int as total
          from ${dashAppointments}
         where ${dashAppointments.buyerId} = ${userId} and ${dashAppointments.endsAt} > now()
           and ${dashAppointments.status} not in ('cancelled', 'done', 'no_show')
         order by ${dashAppointments.startsAt} limit ${MAX}`,
  )

/** Orders of the last 30 days, newest first, with their shipment's state. */
export const myOrders = (c: Sql, userId: string) =>
  counted<{
    orderId: string
    orderNo: string
    pcs: number
    finalCents: number
    createdAt: Date
    shipment: string | null
  }>(
    c,
    sql`select ${orders.id} as "orderId", ${orders.orderNo} as "orderNo", ${orders.pcs} as pcs,
               ${orders.finalCents}::float8 as "finalCents", ${orders.createdAt} as "createdAt",
               ${shipments.status} as shipment, count(*) over ()::int as total
          from ${orders} left join ${shipments} on ${shipments.orderId} = ${orders.id}
         where ${orders.buyerId} = ${userId} and ${orders.createdAt} > now() - interval '30 days'
         order by ${orders.createdAt} desc limit ${MAX}`,
  )

/** Reminders whose time has come or comes within a day. */
export const myReminders = (c: Sql, userId: string) =>
  counted<Line & { trackId: string; reminderAt: Date }>(
    c,
    sql`select ${STONE}, ${tracks.id} as "trackId", ${tracks.reminderAt} as "reminderAt", count(*) over ()::int as total
          from ${tracks} join ${s} on ${s.id} = ${tracks.stoneId}
         where ${tracks.userId} = ${userId} and ${tracks.trackType} = ${TRACK_TYPES.reminder}
           and ${tracks.reminderAt} <= now() + interval '1 day'
         order by ${tracks.reminderAt} limit ${MAX}`,
  )

/** Stones my open demands matched lately (still in stock). */
export const myMatches = (c: Sql, userId: string) =>
  counted<Line & { demandId: string; title: string; at: Date }>(
    c,
    sql`select ${STONE}, ${demands.id} as "demandId", ${demands.title} as title, ${demandMatches.notifiedAt} as at,
               count(*) over ()::int as total
          from ${demands} join ${demandMatches} on ${demandMatches.demandId} = ${demands.id}
          join ${s} on ${s.id} = ${demandMatches.stoneId}
         where ${demands.userId} = ${userId} and ${demandMatches.notifiedAt} > now() - make_interval(days => ${DASHBOARD_NEW_DAYS})
           and ${s.wSts} <> all(${GONE})
         order by ${demandMatches.notifiedAt} desc limit ${MAX}`,
  )

export const mySavedSearches = (c: Sql, userId: string) =>
  query<{ searchId: string; title: string; filter: StoneFilter }>(
    c,
    sql`select ${searches.id} as "searchId", ${searches.title} as title, ${searches.filter} as filter
          from ${searches}
         where ${searches.userId} = ${userId} and ${searches.searchType} = ${SEARCH_TYPES.saved}
         order by ${searches.updatedAt} desc limit 5`,
  )

/** New stones of the companies I follow (each company's newest through its index), newest first. */
export const myFollowed = (c: Sql, userId: string) =>
  counted<Line & { companyName: string; arrivedAt: Date }>(
    c,
    sql`select ${STONE}, ${s.seller} as "companyName", ${s.arrivedAt} as "arrivedAt", count(*) over ()::int as total
          from ${dashFollows} join ${s} on ${s.sellerCompanyId} = ${dashFollows.companyId}
         where ${dashFollows.userId} = ${userId} and ${s.arrivedAt} > now() - make_interval(days => ${DASHBOARD_NEW_DAYS})
           and ${s.wSts} <> all(${GONE}) and ${s.wSts} not in ('C', 'X')
         order by ${s.arrivedAt} desc, ${s.vStnId} limit ${MAX}`,
  )

/** A seller's listings that run out within a day. */
export const sellerExpiring = (c: Sql, companyId: string) =>
  counted<Line & { listedUntil: Date }>(
    c,
    sql`select ${STONE}, ${s.listedUntil} as "listedUntil", count(*) over ()::int as total
          from ${s}
         where ${s.sellerCompanyId} = ${companyId} and ${s.listedUntil} < now() + interval '1 day'
           and ${s.wSts} <> all(${GONE})
         order by ${s.listedUntil} limit ${MAX}`,
  )

/** Today's views, holds and bids on a seller's stones, and the watchlist adds. */
export async function sellerToday(c: Sql, companyId: string) {
  const [row] = await query<{ views: number; holds: number; bids: number; watchlistAdds: number }>(
    c,
    sql`select coalesce(sum(h.views), 0)::int as views, coalesce(sum(h.holds), 0)::int as holds,
               coalesce(sum(h.bids), 0)::int as bids,
               (select count(*) from ${tracks} join ${s} on ${s.id} = ${tracks.stoneId}
                 where ${tracks.trackType} = ${TRACK_TYPES.watchlist} and ${tracks.createdAt} >= current_date
                   and ${s.sellerCompanyId} = ${companyId})::int as "watchlistAdds"
          from ${stoneHits} h join ${s} on ${s.id} = h.stone_id
         where h.day = current_date and ${s.sellerCompanyId} = ${companyId}`,
  )
  return row ?? { views: 0, holds: 0, bids: 0, watchlistAdds: 0 }
}

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

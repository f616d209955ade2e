import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'
import { ANALYTICS_KINDS, DASHBOARD_KINDS, HIT_PAGE_MAX } from './dashboard.values'

export * from './dashboard.values'

const Time = Type.String({ format: 'date-time' })
const Day = Type.String({ format: 'date', maxLength: 10 })
/** Money in whole cents; null for a reader who may not see prices (Is_NoPrice, or no pricing right). */
const Cents = Type.Union([Type.Integer(), Type.Null()])
const Count = Type.Integer({ minimum: 0 })

/** `user/dashboard`: the whole dashboard of one kind in one answer. */
export const DashboardRequest = Type.Object({ kind: literals(DASHBOARD_KINDS) }, { additionalProperties: false })
export type DashboardRequest = Static<typeof DashboardRequest>

/** A stone as a dashboard line shows it (a link to /diamond-detail/{stoneId}). */
const StoneLine = {
  stoneId: Uuid,
  vStnId: Type.String(),
  shape: Type.String(),
  carat: Type.Number(),
}
export const DashboardStone = Type.Object(StoneLine)
const list = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({ count: Count, list: Type.Array(item) })

export const DashboardHold = Type.Object({ ...StoneLine, expiresAt: Time })
export const DashboardOffer = Type.Object({
  ...StoneLine,
  trackId: Uuid,
  /** The sales side's latest price per carat, waiting for the buyer's answer. */
  priceCents: Cents,
  expiresAt: Type.Union([Time, Type.Null()]),
})
export const DashboardBid = Type.Object({
  ...StoneLine,
  lotId: Uuid,
  auctionId: Uuid,
  state: Type.Union([Type.Literal('leading'), Type.Literal('outbid')]),
  /** The lot's high price per carat. */
  highCents: Cents,
  closesAt: Type.Union([Time, Type.Null()]),
})
export const DashboardAppointment = Type.Object({
  appointmentId: Uuid,
  officeName: Type.String(),
  startsAt: Time,
  endsAt: Time,
  status: Type.String(),
})
export const DashboardOrder = Type.Object({
  orderId: Uuid,
  orderNo: Type.String(),
  pcs: Count,
  finalCents: Cents,
  createdAt: Time,
  /** The shipment's state, null before there is one. */
  shipment: Type.Union([Type.String(), Type.Null()]),
})
export const DashboardReminder = Type.Object({ ...StoneLine, trackId: Uuid, reminderAt: Time })
export const DashboardMatch = Type.Object({ ...StoneLine, demandId: Uuid, title: Type.String(), at: Time })
export const DashboardSavedSearch = Type.Object({ searchId: Uuid, title: Type.String(), newStones: Count })
export const DashboardFollowed = Type.Object({ ...StoneLine, companyName: Type.String(), arrivedAt: Time })
export const DashboardExpiring = Type.Object({ ...StoneLine, listedUntil: Time })

/** What a seller (a company listing stones) sees of its own stones today. */
export const SellerToday = Type.Object({
  expiring: list(DashboardExpiring),
  views: Count,
  watchlistAdds: Count,
  holds: Count,
  bids: Count,
})

export const PersonalDashboard = Type.Object({
  holds: list(DashboardHold),
  offers: list(DashboardOffer),
  bids: Type.Object({ leading: Count, outbid: Count, list: Type.Array(DashboardBid) }),
  appointments: list(DashboardAppointment),
  orders: list(DashboardOrder),
  reminders: list(DashboardReminder),
  matches: list(DashboardMatch),
  savedSearches: Type.Array(DashboardSavedSearch),
  followed: list(DashboardFollowed),
  seller: Type.Union([SellerToday, Type.Null()]),
})
export type PersonalDashboard = Static<typeof PersonalDashboard>

/** The price index of one shape and size bracket: averages now and their change over 7 and 30 days. */
export const PriceIndexRow = Type.Object({
  shape: Type.String(),
  bracket: Type.Integer({ minimum: 0 }),
  stones: Count,
  /** Average discount to Rap in percent (stones with a Rap price); null without one or prices hidden. */
  back: Type.Union([Type.Number(), Type.Null()]),
  ppcCents: Cents,
  back7: Type.Union([Type.Number(), Type.Null()]),
  back30: Type.Union([Type.Number(), Type.Null()]),
  ppc7Cents: Cents,
  ppc30Cents: Cents,
})
export type PriceIndexRow = Static<typeof PriceIndexRow>

/** One shape's average price per carat on each of the last 30 days (the chart). */
export const PriceSeries = Type.Object({
  shape: Type.String(),
  days: Type.Array(Day),
  ppcCents: Type.Array(Type.Union([Type.Integer(), Type.Null()])),
  back: Type.Array(Type.Union([Type.Number(), Type.Null()])),
})
export type PriceSeries = Static<typeof PriceSeries>

export const DashboardAuction = Type.Object({
  auctionId: Uuid,
  lots: Count,
  closesAt: Type.Union([Time, Type.Null()]),
})

export const GlobalDashboard = Type.Object({
  listed: Count,
  arrivalsToday: Count,
  soldThisWeek: Count,
  /** Prices hidden: the index's averages and series are null / empty. */
  pricesShown: Type.Boolean(),
  index: Type.Array(PriceIndexRow),
  series: Type.Array(PriceSeries),
  dealOfDay: Type.Union([
    Type.Object({ ...StoneLine, priceCents: Cents, back: Type.Union([Type.Number(), Type.Null()]) }),
    Type.Null(),
  ]),
  stoneOfDay: Type.Union([
    Type.Object({ ...StoneLine, priceCents: Cents, back: Type.Union([Type.Number(), Type.Null()]) }),
    Type.Null(),
  ]),
  auctions: Type.Array(DashboardAuction),
})
export type GlobalDashboard = Static<typeof GlobalDashboard>

/** The answer: `personal` or `global` as asked; `at` is the server's clock (the countdowns start from it). */
export const Dashboard = Type.Object({
  kind: literals(DASHBOARD_KINDS),
  at: Time,
  personal: Type.Optional(PersonalDashboard),
  global: Type.Optional(GlobalDashboard),
})
export type Dashboard = Static<typeof Dashboard>
export type DashboardStone = Static<typeof DashboardStone>

/**
 * `analytics/create`: the signed-in user opened a stone's detail (`view`, with `stoneId`) or ran a
 * search (`search`). Counted per stone and day (views) and per user and day (searches); a user's
 * repeated view of one stone within a flush window counts once.
 */
export const AnalyticsCreate = Type.Object(
  { kind: literals(ANALYTICS_KINDS), stoneId: Type.Optional(Uuid) },
  { additionalProperties: false },
)
export type AnalyticsCreate = Static<typeof AnalyticsCreate>
export const AnalyticsAccepted = Type.Object({ accepted: Type.Boolean() })

/**
 * `hit-counter/paginate`: per stone and day, views, holds and bids. A seller reads its own stones,
 * operator staff every stone (and may name a seller company); newest day first.
 */
export const HitCounterPaginate = Type.Object(
  {
    stoneId: Type.Optional(Uuid),
    sellerCompanyId: Type.Optional(Uuid),
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: HIT_PAGE_MAX, default: 50 })),
  },
  { additionalProperties: false },
)
export type HitCounterPaginate = Static<typeof HitCounterPaginate>
export const HitCounterRow = Type.Object({
  day: Day,
  stoneId: Uuid,
  vStnId: Type.String(),
  views: Count,
  holds: Count,
  bids: Count,
})
export type HitCounterRow = Static<typeof HitCounterRow>
export const HitCounterPage = Type.Object({
  list: Type.Array(HitCounterRow),
  count: Count,
  totals: Type.Object({ views: Count, holds: Count, bids: Count }),
})
export type HitCounterPage = Static<typeof HitCounterPage>

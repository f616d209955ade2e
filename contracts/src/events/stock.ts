import { Type, type Static } from 'typebox'
import { Uuid } from '../common'

export const StockTopics = { stone: 'stock.stone', trade: 'stock.trade' } as const

/**
 * Every change of a stone that a screen or another service must learn of. Status changes carry the
 * new status; `priced` a new discount; `arrived` a new stone. All are keyed by stone id and ordered
 * by the stone's statusVersion, which every change raises.
 */
export const StockEventTypes = {
  held: 'stock.stone.held',
  released: 'stock.stone.released',
  memo: 'stock.stone.memo',
  statusChanged: 'stock.stone.status-changed',
  confirmed: 'stock.stone.confirmed',
  sold: 'stock.stone.sold',
  bidWon: 'stock.stone.bid-won',
  priced: 'stock.stone.priced',
  arrived: 'stock.stone.arrived',
  /** Its seller changed a stone's details other than the price (an upload, an edit): read it again. */
  updated: 'stock.stone.updated',
  /** Its seller took the stone out of stock (deleted, or left out of a replace-all upload): wSts R. */
  removed: 'stock.stone.removed',
  /** The stone's listing ran out (7 days without a refresh): out of live stock, wSts L. */
  expired: 'stock.stone.expired',
  /** An expired listing refreshed (a re-upload, or refresh): back in live stock. */
  relisted: 'stock.stone.relisted',
} as const
export type StoneEventType = (typeof StockEventTypes)[keyof typeof StockEventTypes]

/**
 * Web statuses of stones that left live stock through their seller: removed (deleted, or left out of
 * a replace-all upload) and lapsed (listing expired). Neither is a spec code; both read as 'NA', and
 * searches, grids and demand matching leave such stones out.
 */
export const GONE_W_STS = { removed: 'R', expired: 'L' } as const
export const isGoneWSts = (wSts: string): boolean => wSts === GONE_W_STS.removed || wSts === GONE_W_STS.expired

/** Availability codes of spec section 4 that a status change can carry. */
export const Availability = Type.Union([
  Type.Literal('A'),
  Type.Literal('H'),
  Type.Literal('M'),
  Type.Literal('NA'),
  Type.Literal('U'),
  Type.Literal('B'),
  Type.Literal('S'),
  Type.Literal('O'),
  Type.Literal('E'),
])
export type Availability = Static<typeof Availability>

/** Data of every stone status change; holderId stays inside the platform, never broadcast. */
export const StoneStatusChanged = Type.Object(
  {
    stoneId: Uuid,
    vStnId: Type.String(),
    wSts: Type.String({ maxLength: 2 }),
    sSts: Type.String({ maxLength: 2 }),
    availability: Availability,
    statusVersion: Type.Integer({ minimum: 0 }),
    holderId: Type.Union([Uuid, Type.Null()]),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** The new discount of a `priced` change (inside the platform; never pushed to browsers). */
    back: Type.Optional(Type.Number()),
    /**
     * The facts bidding needs of a stone put up for bid (wSts B, or a status of a bid kind's
     * allowDiamondFilterWSts): carat, Rap and asking price per carat in cents, the seller. Inside the
     * platform only; never pushed to browsers.
     */
    facts: Type.Optional(
      Type.Object(
        {
          crt: Type.Number(),
          rapCents: Type.Integer({ minimum: 0 }),
          amtCents: Type.Integer({ minimum: 0 }),
          seller: Type.String(),
          /** Shape, colour and clarity, so a lot card names the stone (issue 26); absent from older events. */
          shape: Type.Optional(Type.String({ maxLength: 40 })),
          color: Type.Optional(Type.String({ maxLength: 40 })),
          clarity: Type.Optional(Type.String({ maxLength: 40 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
)
export type StoneStatusChanged = Static<typeof StoneStatusChanged>

/** The type of one stone's change, as a schema (the `type` of each change a bulk event carries). */
const StoneEventTypeSchema = Type.Union(Object.values(StockEventTypes).map((t) => Type.Literal(t)))

/** How many stones' changes one bulk event carries at most (about 130 KB of JSON: far below Kafka's 1 MB). */
export const STONES_PER_BULK_EVENT = 500

/**
 * Many stones changed by one set-based statement (an upload's commit: 100,000 of them): one event
 * for up to `STONES_PER_BULK_EVENT` stones instead of one each, so the outbox, the relay, the bus and
 * every consumer handle a few hundred events, not a hundred thousand. Each change is exactly what
 * the stone's own event would carry (`StoneStatusChanged`), with that event's type; `stoneEventsOf`
 * (events/index) turns it back into those events. Keyed by the seller, so one seller's bulk changes
 * keep their order; a stone's later own event (a hold) travels under the stone's key, and consumers
 * keep the newest statusVersion of each stone whichever arrives first.
 */
export const StockBulkEventTypes = { changed: 'stock.stone.bulk-changed' } as const
export type StockBulkEventType = (typeof StockBulkEventTypes)[keyof typeof StockBulkEventTypes]

/** One stone's change in a bulk event: its own event's type and data. */
export const StoneChange = Type.Object(
  { type: StoneEventTypeSchema, ...StoneStatusChanged.properties },
  { additionalProperties: false },
)
export type StoneChange = Static<typeof StoneChange>

export const StonesChanged = Type.Object(
  { changes: Type.Array(StoneChange, { minItems: 1, maxItems: STONES_PER_BULK_EVENT }) },
  { additionalProperties: false },
)
export type StonesChanged = Static<typeof StonesChanged>

/**
 * Trading events (topic `stock.trade`), each addressed to the users who must hear of it: the
 * notifications service turns them into notices (and the gateway pushes those live). Keyed by the
 * track, order or stone they concern.
 */
export const TradeEventTypes = {
  /** A buyer made an offer (a quote) on a stone: the sales team hears of it. */
  offerMade: 'stock.trade.offer-made',
  /** One side answered the other with a new price. */
  offerCountered: 'stock.trade.offer-countered',
  offerAccepted: 'stock.trade.offer-accepted',
  offerRejected: 'stock.trade.offer-rejected',
  offerExpired: 'stock.trade.offer-expired',
  /** A reminder's date has come. */
  reminderDue: 'stock.trade.reminder-due',
  /** A stone in someone's cart, watchlist or quotes was held, confirmed or sold by another buyer. */
  stoneTaken: 'stock.trade.stone-taken',
  /** An enquiry for the sales team. */
  enquiryMade: 'stock.trade.enquiry-made',
  /** The sales team answered a buyer's enquiry (kind 'enquiry.answered'; to the buyer). */
  enquiryAnswered: 'stock.trade.enquiry-answered',
  /** A buyer wrote again on their enquiry (kind 'enquiry.replied'; to the sales team). */
  enquiryReplied: 'stock.trade.enquiry-replied',
  /** An order was placed (a confirm). */
  orderPlaced: 'stock.trade.order-placed',
  /** A shipment changed state. */
  shipmentUpdated: 'stock.trade.shipment-updated',
  /**
   * Issue 26: a seller's stone was sold (a won auction lot became an order): to the user who listed
   * it (kind 'order.sold', params orderNo, orderId, vStnId, amountCents). The buyer is never named.
   */
  orderSold: 'stock.trade.order-sold',
  /** A stone arrived (or came back to stock) that one of the buyer's open demands asks for. */
  demandMatched: 'stock.trade.demand-matched',
  /** A seller's listings run out within a day unless refreshed (kind 'listing.expiring', params count and expiresAt). */
  listingExpiring: 'stock.trade.listing-expiring',
  /**
   * A seller's FTP source delivered files that were uploaded and committed (kind 'ftp.fetched',
   * params files, added, updated, deleted, invalid, uploadId): the notice, and the mail, the report.
   */
  ftpFetched: 'stock.trade.ftp-fetched',
  /**
   * A scheduled fetch of a seller's FTP source failed (kind 'ftp.failed', params error and host):
   * told once when a source that worked stops working, not at every run while it stays down.
   */
  ftpFailed: 'stock.trade.ftp-failed',
  /** A buyer's new buy request (demand), for the sales team (kind 'demand.created'). */
  demandCreated: 'stock.trade.demand-created',
  /** The sales team answered a buy request (kind 'demand.answered'; to the buyer). */
  demandAnswered: 'stock.trade.demand-answered',
} as const
export type TradeEventType = (typeof TradeEventTypes)[keyof typeof TradeEventTypes]

/**
 * Data of every trading event: who must hear (`userIds`; `toSales` for the sales team), what kind
 * of notice, and the few values the notice shows. Amounts are whole cents; no other buyer's price
 * or identity is ever put here for a buyer to see.
 */
export const TradeEvent = Type.Object(
  {
    userIds: Type.Array(Uuid, { maxItems: 10000 }),
    toSales: Type.Boolean(),
    /** The notice's kind, e.g. 'offer.countered', 'stone.taken', 'reminder.due'. */
    kind: Type.String({ minLength: 1, maxLength: 60 }),
    params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
  },
  { additionalProperties: false },
)
export type TradeEvent = Static<typeof TradeEvent>

import { Type, type Static } from 'typebox'
import { Uuid } from '../common'

export const BiddingTopics = { lot: 'bidding.lot' } as const

/**
 * Bidding's events, keyed by lot id. Nothing about a sealed lot's bids is ever published before
 * its close: no event is emitted for a sealed bid, and `closed` is the first word about them.
 */
export const BiddingEventTypes = {
  /** An open lot's new high: everyone in the auction's room sees price and count; the two ids stay inside. */
  high: 'bidding.lot.high',
  /** A soft close moved the close. */
  extended: 'bidding.lot.extended',
  /** The result, decided from the bid log at the close (database clock) or by a buy-now bid. */
  closed: 'bidding.lot.closed',
  /** A new lot: its stone is in an auction until the lot's `closed` (stock refuses to move it meanwhile). */
  opened: 'bidding.lot.opened',
} as const
export type LotEventType = (typeof BiddingEventTypes)[keyof typeof BiddingEventTypes]

export const LotOpened = Type.Object(
  {
    lotId: Uuid,
    auctionId: Uuid,
    stoneId: Uuid,
    /**
     * How many lots the auction opened with (issue 25): stock gathers that many openings, then tells each
     * seller's followers once (`stock.listing.listed`, source auction). Absent on the demo's own auctions,
     * which reopen every few minutes and would bury followers' notices.
     */
    lots: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  },
  { additionalProperties: false },
)
export type LotOpened = Static<typeof LotOpened>

export const LotHighChanged = Type.Object(
  {
    lotId: Uuid,
    auctionId: Uuid,
    stoneId: Uuid,
    vStnId: Type.String(),
    pricePerCaratCents: Type.Integer({ minimum: 0 }),
    bidCount: Type.Integer({ minimum: 1 }),
    closesAt: Type.String({ format: 'date-time' }),
    reserveMet: Type.Union([Type.Boolean(), Type.Null()]),
    /** Inside the platform only (who to tell "leading" / "outbid"); never pushed to a room. */
    leaderId: Uuid,
    previousLeaderId: Type.Union([Uuid, Type.Null()]),
    /**
     * Everyone who lost the lead since the last high event (the engine stores bids in batches and
     * announces one high per lot per batch): each gets an outbid notice. Inside the platform only.
     */
    outbidIds: Type.Optional(Type.Array(Uuid)),
    /**
     * Who gets an outbid notice now (issue 27): each displaced bidder of a lot at most once per
     * notice window; the ones displaced meanwhile ride a later event of the lot (its next high, or at
     * the window's end a repeat of the stored high that moves nothing). Absent: everyone outbidOf
     * names. Inside the platform only.
     */
    noticeIds: Type.Optional(Type.Array(Uuid)),
  },
  { additionalProperties: false },
)
export type LotHighChanged = Static<typeof LotHighChanged>

/**
 * Everyone who lost the lead with this high (a batch can displace several leaders in turn), each
 * once, never the new leader: they are told "outbid".
 */
export function outbidOf(e: LotHighChanged): string[] {
  const ids = new Set([...(e.outbidIds ?? []), ...(e.previousLeaderId ? [e.previousLeaderId] : [])])
  ids.delete(e.leaderId)
  return [...ids]
}

export const LotExtended = Type.Object(
  {
    lotId: Uuid,
    auctionId: Uuid,
    stoneId: Uuid,
    vStnId: Type.String(),
    closesAt: Type.String({ format: 'date-time' }),
    extensions: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
)
export type LotExtended = Static<typeof LotExtended>

export const LotClosed = Type.Object(
  {
    lotId: Uuid,
    auctionId: Uuid,
    stoneId: Uuid,
    vStnId: Type.String(),
    kind: Type.String(),
    /** null: no valid bid, or none reached the reserve. */
    winnerId: Type.Union([Uuid, Type.Null()]),
    pricePerCaratCents: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    /** Every bidder of the lot (to tell each win or loss); inside the platform only. */
    bidderIds: Type.Array(Uuid),
    closedAt: Type.String({ format: 'date-time' }),
    /**
     * Withdrawn before its close (staff withdrew the auction, or stock moved the stone out of the
     * statuses its kind takes before it heard of the lot): nobody wins it, whatever the bids; every
     * bidder is told.
     */
    withdrawn: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type LotClosed = Static<typeof LotClosed>

/**
 * The bidding vocabulary as plain values (no TypeBox, so the web app can import it). One engine
 * decides every kind; the kinds differ only in these switches.
 */

/** The four bid kinds the spec names. */
export const BID_KINDS = ['justBidIt', 'lookAndBid', 'blind', 'live'] as const
export type BidKind = (typeof BID_KINDS)[number]

/** Spec: bid type blind 1, open 2. */
export const BID_TYPE = { blind: 1, open: 2 } as const
export type BidType = (typeof BID_TYPE)[keyof typeof BID_TYPE]

/** Spec: bid status pending 1, win 2, loss 3. */
export const BID_STATUS = { pending: 1, win: 2, loss: 3 } as const
export type BidStatus = (typeof BID_STATUS)[keyof typeof BID_STATUS]

/** Spec: bid states New, Open, Won, Closed (closed without a winner). */
export const LOT_STATES = ['new', 'open', 'won', 'closed'] as const
export type LotState = (typeof LOT_STATES)[number]

export interface BidKindRules {
  /** The bid type call's code for the kind. */
  subTypeCode: string
  bidType: BidType
  /** Sealed: nobody sees another bid, its amount, bidder or count before close. */
  sealed: boolean
  /** A bid in the last `softClose.windowSeconds` moves the close to `extendSeconds` after that bid. */
  softClose: boolean
  /** A lot may carry a buy-now price: the first bid at or above it wins at once, at that price. */
  buyNow: boolean
  /** Stone web statuses a stone may have to be offered in this kind (the bid type call's sub_types). */
  allowDiamondFilterWSts: readonly string[]
}

/**
 * What each kind means (documented in the README):
 * - justBidIt: open ascending bids with a buy-now price; reaching it wins the stone at once.
 * - lookAndBid: open ascending bids to a fixed close: everyone sees the current high (never who),
 *   stones can be viewed (on show or in the office) before bidding.
 * - blind: sealed bids to a fixed close; highest valid bid wins, ties to the earliest.
 * - live: open ascending bids in a room, minimum increment, optional reserve, soft close.
 */
export const BID_KIND_RULES: Record<BidKind, BidKindRules> = {
  justBidIt: {
    subTypeCode: 'JBI',
    bidType: BID_TYPE.open,
    sealed: false,
    softClose: false,
    buyNow: true,
    allowDiamondFilterWSts: ['B'],
  },
  lookAndBid: {
    subTypeCode: 'LAB',
    bidType: BID_TYPE.open,
    sealed: false,
    softClose: false,
    buyNow: false,
    allowDiamondFilterWSts: ['B', 'S', 'O'],
  },
  blind: {
    subTypeCode: 'BLD',
    bidType: BID_TYPE.blind,
    sealed: true,
    softClose: false,
    buyNow: false,
    allowDiamondFilterWSts: ['B'],
  },
  live: {
    subTypeCode: 'LIV',
    bidType: BID_TYPE.open,
    sealed: false,
    softClose: true,
    buyNow: false,
    allowDiamondFilterWSts: ['B'],
  },
}

/** Every web status some bid kind takes (a stone in one of these may be in a lot). */
export const BIDDABLE_WSTS: readonly string[] = [
  ...new Set(Object.values(BID_KIND_RULES).flatMap((r) => r.allowDiamondFilterWSts)),
]

/** Soft close defaults of a live auction. */
export const SOFT_CLOSE_DEFAULTS = { windowSeconds: 120, extendSeconds: 120 } as const
/** The largest price per carat a bid may name, in USD (anything above is a typo or an attack). */
export const MAX_BID_PER_CARAT = 10_000_000
/** Lots per auction, and lots per bid cart call. */
export const MAX_LOTS = 500
/** An auction closes within this many days of its creation, and opens at most a day before it. */
export const MAX_AUCTION_DAYS = 90

/**
 * The notices bidding's events give users (notifications service; params: lotId, auctionId, vStnId,
 * price in USD per carat where it may be told). An extension is a push to the room only.
 */
export const BID_NOTICE_KINDS = {
  outbid: 'bid.outbid',
  won: 'bid.won',
  lost: 'bid.lost',
  withdrawn: 'bid.withdrawn',
} as const

import { Type, type Static } from 'typebox'
import { DEFAULT_PAGE_SIZE, literals, MAX_PAGE_SIZE, Uuid } from '../common'
import { BID_KINDS, LOT_STATES, MAX_BID_PER_CARAT, MAX_LOTS } from './bidding.values'

export * from './bidding.values'

/** Whole cents (USD). */
const Cents = Type.Integer({ minimum: 0 })
/** A price per carat as a user types it: USD, at most 2 decimals (checked by the rules). */
const PricePerCarat = Type.Number({ exclusiveMinimum: 0, maximum: MAX_BID_PER_CARAT })
const Time = Type.String({ format: 'date-time' })

export const BidKind = literals(BID_KINDS)
export const LotState = literals(LOT_STATES)
export type BidKind = Static<typeof BidKind>
export type LotState = Static<typeof LotState>

/** GET diamond-bid/dynamic-bid-config: the kinds (the bid type call) and the auctions open or coming. */
export const BidKindInfo = Type.Object({
  kind: BidKind,
  subTypeCode: Type.String(),
  bidType: Type.Union([Type.Literal(1), Type.Literal(2)]),
  sub_types: Type.Object({ allowDiamondFilterWSts: Type.Array(Type.String()), subTypeCode: Type.String() }),
})
export type BidKindInfo = Static<typeof BidKindInfo>

export const SoftClose = Type.Object(
  {
    windowSeconds: Type.Integer({ minimum: 10, maximum: 3600 }),
    extendSeconds: Type.Integer({ minimum: 10, maximum: 3600 }),
  },
  { additionalProperties: false },
)

/** Staff (bid all): a new auction of stones. Prices per carat in USD. */
export const AuctionCreate = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 120 }),
    kind: BidKind,
    opensAt: Time,
    closesAt: Time,
    /** The least a new bid must add to the current high (open kinds), USD per carat. */
    incrementPerCarat: Type.Number({ minimum: 1, maximum: MAX_BID_PER_CARAT }),
    softClose: Type.Optional(SoftClose),
    lots: Type.Array(
      Type.Object(
        {
          stoneId: Uuid,
          startPerCarat: PricePerCarat,
          reservePerCarat: Type.Optional(PricePerCarat),
          buyNowPerCarat: Type.Optional(PricePerCarat),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_LOTS },
    ),
  },
  { additionalProperties: false },
)
export type AuctionCreate = Static<typeof AuctionCreate>

/** The current high of an open lot: never who, never for a sealed lot. */
export const LotHigh = Type.Object({
  pricePerCaratCents: Cents,
  amountCents: Cents,
  back: Type.Union([Type.Number(), Type.Null()]),
  bidCount: Type.Integer({ minimum: 0 }),
})

/** The caller's own standing on a lot. */
export const MyStanding = Type.Object({
  bidId: Uuid,
  pricePerCaratCents: Cents,
  amountCents: Cents,
  back: Type.Union([Type.Number(), Type.Null()]),
  /** Open kinds: leading or outbid; sealed: 'sealed' until close. After close: won or lost. */
  position: literals(['leading', 'outbid', 'sealed', 'won', 'lost'] as const),
})

export const LotView = Type.Object({
  id: Uuid,
  auctionId: Uuid,
  title: Type.String(),
  kind: BidKind,
  bidType: Type.Union([Type.Literal(1), Type.Literal(2)]),
  stoneId: Uuid,
  vStnId: Type.String(),
  crt: Type.Number(),
  /** The stone's shape, colour and clarity ('' for a lot made before they were kept). */
  shpNm: Type.String(),
  colNm: Type.String(),
  clrNm: Type.String(),
  state: LotState,
  opensAt: Time,
  /** The close now, after any extensions (database clock). */
  closesAt: Time,
  extensions: Type.Integer({ minimum: 0 }),
  startPerCaratCents: Cents,
  incrementPerCaratCents: Cents,
  /** Open kinds: whether the reserve (never its amount) is met; null when there is none. */
  reserveMet: Type.Union([Type.Boolean(), Type.Null()]),
  buyNowPerCaratCents: Type.Union([Cents, Type.Null()]),
  /** The least the caller may bid now (open kinds: high + increment, or the start). */
  minimumPerCaratCents: Cents,
  high: Type.Union([LotHigh, Type.Null()]),
  my: Type.Union([MyStanding, Type.Null()]),
  /** After close: the winning price (also of a sealed lot, once closed); null while open or unsold. */
  resultPerCaratCents: Type.Union([Cents, Type.Null()]),
  /** In the caller's bid cart: told by the lot lists and the bid type call, not by a bid's answer. */
  inCart: Type.Optional(Type.Boolean()),
  /** The caller's company sells this stone: it shows as theirs, and a bid would be E_BID_OWN_STONE. */
  ownStone: Type.Optional(Type.Boolean()),
})
export type LotView = Static<typeof LotView>

export const BidConfig = Type.Object({
  serverTime: Time,
  kinds: Type.Array(BidKindInfo),
  lots: Type.Array(LotView),
})
export type BidConfig = Static<typeof BidConfig>

const Page = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
}
export const LotPageRequest = Type.Object(
  {
    ...Page,
    kind: Type.Optional(BidKind),
    state: Type.Optional(LotState),
    auctionId: Type.Optional(Uuid),
    inCart: Type.Optional(Type.Boolean()),
    /** Lots not yet closed (open or coming), as the bid pages list them. */
    unfinished: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type LotPageRequest = Static<typeof LotPageRequest>
export const LotPage = Type.Object({ list: Type.Array(LotView), count: Type.Integer(), serverTime: Time })
export type LotPage = Static<typeof LotPage>

export const BidCartCreate = Type.Object(
  { lotIds: Type.Array(Uuid, { minItems: 1, maxItems: MAX_LOTS }) },
  { additionalProperties: false },
)
export type BidCartCreate = Static<typeof BidCartCreate>

/**
 * dynamic-diamond-bid/create and /update: a bid on a lot. `requestId` (a UUID the client makes once
 * per bid it means) makes a retry count once: the same requestId answers the stored bid.
 */
export const BidCreate = Type.Object(
  { lotId: Uuid, pricePerCarat: PricePerCarat, requestId: Uuid },
  { additionalProperties: false },
)
export type BidCreate = Static<typeof BidCreate>
/** Withdraw my sealed bid before close (open bids stand). */
export const BidDelete = Type.Object({ lotId: Uuid, requestId: Uuid }, { additionalProperties: false })
export type BidDelete = Static<typeof BidDelete>

export const BidView = Type.Object({
  id: Uuid,
  lotId: Uuid,
  vStnId: Type.String(),
  kind: BidKind,
  /** Spec: blind 1, open 2. */
  type: Type.Union([Type.Literal(1), Type.Literal(2)]),
  /** Spec: pending 1, win 2, loss 3. */
  status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  pricePerCaratCents: Cents,
  amountCents: Cents,
  /** Average discount against Rap, %. */
  back: Type.Union([Type.Number(), Type.Null()]),
  createdAt: Time,
  withdrawn: Type.Boolean(),
  /** A later bid of mine on the same lot took this one's place (a raise, or a changed sealed bid). */
  replaced: Type.Boolean(),
  /**
   * In my bids' list, for a bid that stands on a lot still open: whether it leads (open kinds) or is
   * in (sealed: nothing else is told before the close). Absent otherwise.
   */
  position: Type.Optional(literals(['leading', 'outbid', 'sealed'] as const)),
})
export type BidView = Static<typeof BidView>
export const BidPageRequest = Type.Object(
  {
    ...Page,
    lotId: Type.Optional(Uuid),
    status: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
    /** Only the bids that stand: neither replaced by a later bid of mine on the lot nor withdrawn. */
    current: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type BidPageRequest = Static<typeof BidPageRequest>
export const BidPage = Type.Object({ list: Type.Array(BidView), count: Type.Integer() })
export type BidPage = Static<typeof BidPage>
/** The answer to a bid: the bid and the lot as the bidder now sees it. */
export const BidResult = Type.Object({ bid: BidView, lot: LotView })
export type BidResult = Static<typeof BidResult>

/**
 * Staff: stones bidding knows are up for bid (their web status is one a bid kind allows) and in no
 * unfinished lot, the stones a new auction may take. `kind` keeps the statuses of that kind;
 * `search` a stone id prefix.
 */
export const AuctionStonePageRequest = Type.Object(
  { ...Page, kind: Type.Optional(BidKind), search: Type.Optional(Type.String({ maxLength: 40 })) },
  { additionalProperties: false },
)
export type AuctionStonePageRequest = Static<typeof AuctionStonePageRequest>
export const AuctionStone = Type.Object({
  stoneId: Uuid,
  vStnId: Type.String(),
  crt: Type.Number(),
  wSts: Type.String(),
  rapPerCaratCents: Cents,
  /** The seller's asking price per carat. */
  askingPerCaratCents: Cents,
  /** The seller's company: a seller may not bid on their own stone. */
  seller: Type.String(),
})
export type AuctionStone = Static<typeof AuctionStone>
export const AuctionStonePage = Type.Object({ list: Type.Array(AuctionStone), count: Type.Integer() })
export type AuctionStonePage = Static<typeof AuctionStonePage>

export const AuctionWithdraw = Type.Object({ auctionId: Uuid }, { additionalProperties: false })
export type AuctionWithdraw = Static<typeof AuctionWithdraw>

/** Staff: the auctions, newest first. */
export const AuctionPageRequest = Type.Object({ ...Page }, { additionalProperties: false })
export type AuctionPageRequest = Static<typeof AuctionPageRequest>
export const AuctionSummary = Type.Object({
  id: Uuid,
  title: Type.String(),
  kind: BidKind,
  opensAt: Time,
  /** The latest close of its lots, after extensions. */
  closesAt: Time,
  lots: Type.Integer({ minimum: 0 }),
  /** Lots not yet closed. */
  unfinished: Type.Integer({ minimum: 0 }),
  /** Lots sold (closed with a winner). */
  sold: Type.Integer({ minimum: 0 }),
  /** Lots withdrawn (ended without a winner: the auction withdrawn, or the stone gone). */
  withdrawn: Type.Integer({ minimum: 0 }),
  /** Bids on its lots: open kinds only; null for a sealed kind, whose count nobody learns. */
  bids: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  createdAt: Time,
})
export type AuctionSummary = Static<typeof AuctionSummary>
export const AuctionPage = Type.Object({ list: Type.Array(AuctionSummary), count: Type.Integer(), serverTime: Time })
export type AuctionPage = Static<typeof AuctionPage>

import { Type, type Static } from 'typebox'
import { DEFAULT_PAGE_SIZE, literals, MAX_PAGE_SIZE, Uuid } from '../common'
import { StoneRow } from './stock'
import { MAX_TRACK_STONES, OFFER_ACTIONS, OFFER_STATUSES } from './tracks.values'

export * from './tracks.values'

/** One of the spec's action list types (cart 1 … buy request 11, comment 99). */
export const TrackTypeSchema = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(4),
  Type.Literal(5),
  Type.Literal(6),
  Type.Literal(7),
  Type.Literal(8),
  Type.Literal(10),
  Type.Literal(11),
  Type.Literal(99),
])
const StoneIds = Type.Array(Uuid, { minItems: 1, maxItems: MAX_TRACK_STONES })
const Remarks = Type.String({ maxLength: 500 })
/** Dollars per carat, cents at most. */
const Price = Type.Number({ exclusiveMinimum: 0, maximum: 10_000_000 })

/**
 * `diamond-track/create`: the selected stones into one list. A stone already there is counted, not
 * added again. A reminder needs a future `reminderAt`, an enquiry its text, a quote a price per
 * carat (`offerPrice`, one stone) or a discount (`offerDiscount`, percent against Rap).
 */
export const TrackCreate = Type.Object(
  {
    trackType: TrackTypeSchema,
    stoneIds: StoneIds,
    remarks: Type.Optional(Remarks),
    reminderAt: Type.Optional(Type.String({ format: 'date-time' })),
    enquiry: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    offerPrice: Type.Optional(Price),
    offerDiscount: Type.Optional(Type.Number({ minimum: -99.99, maximum: 100 })),
  },
  { additionalProperties: false },
)
export type TrackCreate = Static<typeof TrackCreate>
export const TrackCreateResult = Type.Object({
  added: Type.Integer(),
  /** Stones that were in the list already. */
  already: Type.Integer(),
})
export type TrackCreateResult = Static<typeof TrackCreateResult>

export const OfferStep = Type.Object({
  side: Type.Union([Type.Literal('buyer'), Type.Literal('sales')]),
  action: literals(OFFER_ACTIONS),
  /** Dollars per carat; null for a reject or an expiry. */
  price: Type.Union([Type.Number(), Type.Null()]),
  at: Type.String(),
})
export type OfferStep = Static<typeof OfferStep>

/** A quote and its answers: every step kept, the side whose turn it is named. */
export const Offer = Type.Object({
  status: literals(OFFER_STATUSES),
  turn: Type.Union([Type.Literal('buyer'), Type.Literal('sales')]),
  /** The list price per carat when the quote was made. */
  askingPrice: Type.Number(),
  buyerPrice: Type.Number(),
  /** The sales team's latest counter (null until they counter). */
  salesPrice: Type.Union([Type.Number(), Type.Null()]),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  steps: Type.Array(OfferStep),
})
export type Offer = Static<typeof Offer>

export const Track = Type.Object({
  id: Uuid,
  trackType: Type.Integer(),
  stoneId: Uuid,
  remarks: Type.String(),
  reminderAt: Type.Union([Type.String(), Type.Null()]),
  enquiry: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** The buyer's user name: shown to the sales team on offers. */
  ownerName: Type.Optional(Type.String()),
  offer: Type.Optional(Offer),
})
export type Track = Static<typeof Track>

/** A list row: the stone as it is now (prices hidden for users who may not see them) and its track. */
export const TrackRow = Type.Object({ ...StoneRow.properties, track: Track })
export type TrackRow = StoneRow & { track: Track }

/** `diamond-track/paginate`: one list of the caller, newest first; `all` (quotes, sales team) every open offer. */
export const TrackPaginate = Type.Object(
  {
    trackType: TrackTypeSchema,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
    all: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type TrackPaginate = Static<typeof TrackPaginate>
export const TrackPage = Type.Object({ list: Type.Array(TrackRow), count: Type.Integer() })
export type TrackPage = { list: TrackRow[]; count: number }

/** `diamond-track/update`: the caller's own track's remarks, reminder date or enquiry text. */
export const TrackUpdate = Type.Object(
  {
    id: Uuid,
    remarks: Type.Optional(Remarks),
    reminderAt: Type.Optional(Type.String({ format: 'date-time' })),
    enquiry: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  },
  { additionalProperties: false },
)
export type TrackUpdate = Static<typeof TrackUpdate>

/** `diamond-track/delete`: by track ids, or by the stones of one list (a selection). */
export const TrackDelete = Type.Object(
  {
    ids: Type.Optional(Type.Array(Uuid, { minItems: 1, maxItems: MAX_TRACK_STONES })),
    trackType: Type.Optional(TrackTypeSchema),
    stoneIds: Type.Optional(StoneIds),
  },
  { additionalProperties: false },
)
export type TrackDelete = Static<typeof TrackDelete>
export const TrackDeleteResult = Type.Object({ deleted: Type.Integer() })
export type TrackDeleteResult = Static<typeof TrackDeleteResult>

/** `diamond-track/counter-offer`: the side whose turn it is answers with a new price per carat. */
export const CounterOffer = Type.Object({ id: Uuid, offerPrice: Price }, { additionalProperties: false })
export type CounterOffer = Static<typeof CounterOffer>

/** `diamond-track/status-update`: the side whose turn it is accepts the other's price or rejects. */
export const TrackStatusUpdate = Type.Object(
  { id: Uuid, status: Type.Union([Type.Literal('accepted'), Type.Literal('rejected')]) },
  { additionalProperties: false },
)
export type TrackStatusUpdate = Static<typeof TrackStatusUpdate>

/** Notes (`diamond-comment/*`): one note per user and stone. */
export const Comment = Type.Object({
  id: Uuid,
  stoneId: Uuid,
  vStnId: Type.String(),
  comment: Type.String(),
  updatedAt: Type.String(),
})
export type Comment = Static<typeof Comment>
export const CommentUpsert = Type.Object(
  { stoneId: Uuid, comment: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
)
export type CommentUpsert = Static<typeof CommentUpsert>
export const CommentByUser = Type.Object(
  {
    stoneIds: Type.Optional(Type.Array(Uuid, { maxItems: MAX_PAGE_SIZE })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
  },
  { additionalProperties: false },
)
export type CommentByUser = Static<typeof CommentByUser>
export const CommentPage = Type.Object({ list: Type.Array(Comment), count: Type.Integer() })
export type CommentPage = Static<typeof CommentPage>
export const CommentDelete = Type.Object({ id: Uuid }, { additionalProperties: false })
export type CommentDelete = Static<typeof CommentDelete>

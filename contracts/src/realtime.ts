import { Type, type Static } from 'typebox'
import { literals, Uuid } from './common'
import type { Notification } from './events/notifications'
import { Availability } from './events/stock'

/**
 * Messages pushed to browsers (socket.io) and API clients (plain WebSocket, as `{ type, data }`
 * JSON frames). Both transports carry exactly these.
 */
export const StoneStatus = Type.Object({
  id: Uuid,
  vStnId: Type.String(),
  wSts: Type.String(),
  availability: Availability,
  version: Type.Integer(),
  at: Type.String(),
  /** The stone left live stock (its seller removed it, or its listing expired): grids drop its row. */
  gone: Type.Optional(Type.Boolean()),
  /**
   * Its seller changed its price or details (an upload, an edit): grids showing it read their page
   * again. The status alone cannot carry a price (a price is hidden from those who may not see it).
   */
  changed: Type.Optional(Type.Boolean()),
})
export type StoneStatus = Static<typeof StoneStatus>

/**
 * What a connection receives once per push window (GATEWAY_PUSH_WINDOW_MS): the latest status of
 * each stone it watches (or of every stone, after joining the stock feed) that changed since its
 * last batch, at most one entry per stone. A slow connection gets fewer, fuller batches, never a
 * backlog: changes superseded in between are not sent, so `version` may skip numbers.
 */
export const StonesStatus = Type.Object({ changes: Type.Array(StoneStatus) })
export type StonesStatus = Static<typeof StonesStatus>

/**
 * New stones reached live stock (a seller's upload, a stone relisted): to every connection once per
 * window, however many arrived. It names no stone and no price; a grid reads its page again to show
 * those that match it.
 */
export const StonesArrived = Type.Object({ count: Type.Integer({ minimum: 1 }), at: Type.String() })
export type StonesArrived = Static<typeof StonesArrived>

/** Up to this many stones can be watched by one connection (a screenful of grid rows, with room). */
export const MAX_WATCHED_STONES = 1000

export const WatchStones = Type.Object(
  { ids: Type.Array(Uuid, { maxItems: MAX_WATCHED_STONES }) },
  { additionalProperties: false },
)
export type WatchStones = Static<typeof WatchStones>

export const Ack = Type.Object({ code: Type.String(), message: Type.String() })
export type Ack = Static<typeof Ack>

/**
 * Auction rooms. A client asks to join an auction by id; the server decides from the user's rights
 * (bid view, and pricing view: a room hears prices) whether the connection may. A room hears only
 * what anyone in it may know: an open lot's high (price and count, never who), an extension, a
 * result. Nothing of a sealed lot is ever pushed before its close. Pushes are coalesced per lot per
 * window (GATEWAY_PUSH_WINDOW_MS): a hot lot sends its newest high once per window, so `bidCount`
 * may skip numbers.
 */
export const MAX_JOINED_AUCTIONS = 50

export const AuctionJoin = Type.Object({ auctionId: Uuid }, { additionalProperties: false })
export type AuctionJoin = Static<typeof AuctionJoin>

export const BidHigh = Type.Object({
  lotId: Uuid,
  auctionId: Uuid,
  pricePerCaratCents: Type.Integer({ minimum: 0 }),
  bidCount: Type.Integer({ minimum: 1 }),
  /** The close now (after any extensions), by the database clock. */
  closesAt: Type.String(),
  /** Whether the reserve (never its amount) is met; null when the lot has none. */
  reserveMet: Type.Union([Type.Boolean(), Type.Null()]),
})
export type BidHigh = Static<typeof BidHigh>

export const BidExtended = Type.Object({
  lotId: Uuid,
  auctionId: Uuid,
  closesAt: Type.String(),
  extensions: Type.Integer({ minimum: 1 }),
})
export type BidExtended = Static<typeof BidExtended>

export const BidClosed = Type.Object({
  lotId: Uuid,
  auctionId: Uuid,
  /** 'won': sold to the highest valid bid; 'closed': no valid bid, or none reached the reserve. */
  state: Type.Union([Type.Literal('won'), Type.Literal('closed')]),
  resultPerCaratCents: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
})
export type BidClosed = Static<typeof BidClosed>

export const BID_POSITIONS = ['leading', 'outbid', 'won', 'lost'] as const
/**
 * To one user (their own sockets only): where they stand on a lot. `bidCount` is the lot's count
 * when the position was decided (absent for won/lost, which are final), so a client can ignore a
 * position older than what it already shows.
 */
export const BidPosition = Type.Object({
  lotId: Uuid,
  auctionId: Uuid,
  position: literals(BID_POSITIONS),
  bidCount: Type.Optional(Type.Integer({ minimum: 1 })),
})
export type BidPosition = Static<typeof BidPosition>

/**
 * Appointments live (issue 24). A slot board joins its office's room (`office.join { officeId }`,
 * office module view) and hears `slots.changed`: each slot taken or freed, with what it takes now,
 * coalesced per slot per push window; and `office.changed` when staff changed the office's hours,
 * holidays, cabins or sales persons (the board reads its page again). The sales side's calendar:
 * a user's own appointments (as buyer or as their sales person) come to their sockets as
 * `appointment.changed` without joining anything; staff with the office module's `all` join an
 * office's calendar (`calendar.join { officeId }`) to hear every appointment of it, and its
 * viewing requests (`viewing-request.changed`, also to the requesting buyer).
 */
export const MAX_JOINED_OFFICES = 10
export const OfficeJoin = Type.Object({ officeId: Uuid }, { additionalProperties: false })
export type OfficeJoin = Static<typeof OfficeJoin>

export const SlotsChanged = Type.Object({
  officeId: Uuid,
  slots: Type.Array(
    Type.Object({
      /** The slot's id as cabin-slot/paginate names it. */
      id: Type.String(),
      /** UTC. */
      startsAt: Type.String(),
      endsAt: Type.String(),
      /** Bookings it still takes in a cabin, and as a virtual meeting. */
      free: Type.Integer({ minimum: 0 }),
      freeVirtual: Type.Integer({ minimum: 0 }),
    }),
  ),
})
export type SlotsChanged = Static<typeof SlotsChanged>
export const OfficeChangedFrame = Type.Object({ officeId: Uuid })
export type OfficeChangedFrame = Static<typeof OfficeChangedFrame>

export const AppointmentLive = Type.Object({
  /** What happened: booked, rescheduled, cancelled, stones-removed, confirmed, done, no-show. */
  change: Type.String(),
  appointmentId: Uuid,
  officeId: Uuid,
  salesPersonId: Uuid,
  cabinId: Type.Union([Uuid, Type.Null()]),
  status: Type.String(),
  /** UTC. */
  startsAt: Type.String(),
  endsAt: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  byRole: Type.String(),
})
export type AppointmentLive = Static<typeof AppointmentLive>

export const ViewingRequestLive = Type.Object({
  /** created, accepted, declined, withdrawn. */
  change: Type.String(),
  requestId: Uuid,
  officeId: Uuid,
  status: Type.String(),
  appointmentId: Type.Union([Uuid, Type.Null()]),
})
export type ViewingRequestLive = Static<typeof ViewingRequestLive>

export interface ServerToClient {
  'slots.changed': (m: SlotsChanged) => void
  'office.changed': (m: OfficeChangedFrame) => void
  'appointment.changed': (m: AppointmentLive) => void
  'viewing-request.changed': (m: ViewingRequestLive) => void
  'stones.status': (m: StonesStatus) => void
  'stones.arrived': (m: StonesArrived) => void
  notification: (m: Notification) => void
  'bid.high': (m: BidHigh) => void
  'bid.extended': (m: BidExtended) => void
  'bid.closed': (m: BidClosed) => void
  'bid.position': (m: BidPosition) => void
}
export interface ClientToServer {
  'office.join': (m: OfficeJoin, ack: (a: Ack) => void) => void
  'office.leave': (m: OfficeJoin, ack: (a: Ack) => void) => void
  'calendar.join': (m: OfficeJoin, ack: (a: Ack) => void) => void
  'calendar.leave': (m: OfficeJoin, ack: (a: Ack) => void) => void
  'stones.watch': (m: WatchStones, ack: (a: Ack) => void) => void
  'stones.unwatch': (m: WatchStones, ack: (a: Ack) => void) => void
  'feed.join': (m: { feed: 'stock' }, ack: (a: Ack) => void) => void
  'auction.join': (m: AuctionJoin, ack: (a: Ack) => void) => void
  'auction.leave': (m: AuctionJoin, ack: (a: Ack) => void) => void
}

/** Plain WebSocket frames: the same messages, tagged. */
export const ClientFrame = Type.Union([
  Type.Object({ type: Type.Literal('stones.watch'), data: WatchStones }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('stones.unwatch'), data: WatchStones }, { additionalProperties: false }),
  Type.Object(
    { type: Type.Literal('feed.join'), data: Type.Object({ feed: Type.Literal('stock') }) },
    { additionalProperties: false },
  ),
  Type.Object({ type: Type.Literal('auction.join'), data: Type.Unknown() }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('auction.leave'), data: Type.Unknown() }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('office.join'), data: Type.Unknown() }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('office.leave'), data: Type.Unknown() }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('calendar.join'), data: Type.Unknown() }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('calendar.leave'), data: Type.Unknown() }, { additionalProperties: false }),
])
export type ClientFrame = Static<typeof ClientFrame>
export type ServerFrame =
  | { type: 'stones.status'; data: StonesStatus }
  | { type: 'stones.arrived'; data: StonesArrived }
  | { type: 'notification'; data: Notification }
  | { type: 'ack'; data: Ack & { for: string } }
  | { type: 'bid.high'; data: BidHigh }
  | { type: 'bid.extended'; data: BidExtended }
  | { type: 'bid.closed'; data: BidClosed }
  | { type: 'bid.position'; data: BidPosition }
  | { type: 'slots.changed'; data: SlotsChanged }
  | { type: 'office.changed'; data: OfficeChangedFrame }
  | { type: 'appointment.changed'; data: AppointmentLive }
  | { type: 'viewing-request.changed'; data: ViewingRequestLive }

/** The pushes of auction rooms and bid positions, on either transport. */
export type BidFrame = Extract<ServerFrame, { type: `bid.${string}` }>

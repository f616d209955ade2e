import type { Static, TSchema } from 'typebox'
import {
  AppointmentChanged,
  AppointmentEventTypes,
  OfficeChanged,
  OfficeEventTypes,
  SlotChanged,
  SlotEventTypes,
  ViewingRequestChanged,
  ViewingRequestEventTypes,
} from './appointments'
import { ArticleChanged, ArticleEventTypes } from './articles'
import { ConciergeAnswered, ConciergeEventTypes } from './concierge'
import { AuthEventTypes, MailRequested, SessionEnded, SessionRevoked } from './auth'
import { DigestDue, DigestEventTypes, DigestPrepared, DigestReady } from './digests'
import { BiddingEventTypes, LotClosed, LotExtended, LotHighChanged, LotOpened } from './bidding'
import type { AnyEvent } from './envelope'
import {
  FollowChanged,
  ListingEventTypes,
  MemberEventTypes,
  MemberRated,
  ProfileChanged,
  StonesListed,
} from './members'
import { MailWanted, MailWantedEventTypes, Notification, NotificationEventTypes } from './notifications'
import { OfficeBlockAnswered, OfficeBlockEventTypes, OfficeBlockReleased } from './office-blocks'
import {
  StockBulkEventTypes,
  StockEventTypes,
  StonesChanged,
  StoneStatusChanged,
  TradeEvent,
  TradeEventTypes,
  type StoneEventType,
} from './stock'

/** Every type of a group (`StockEventTypes`, ...) carrying the same data. */
function sharing<T extends string, S extends TSchema>(types: Readonly<Record<string, T>>, schema: S): Record<T, S> {
  return Object.fromEntries(Object.values(types).map((type) => [type, schema])) as Record<T, S>
}

/**
 * Every event type we publish and the schema of its data: the bus validates each incoming event
 * against it, and the types below are derived from it, so a consumer's handler is typed by the same
 * schema its events were checked with.
 */
export const EventSchemas = {
  ...sharing(StockEventTypes, StoneStatusChanged),
  [StockBulkEventTypes.changed]: StonesChanged,
  ...sharing(TradeEventTypes, TradeEvent),
  [ArticleEventTypes.changed]: ArticleChanged,
  ...sharing(AppointmentEventTypes, AppointmentChanged),
  [OfficeBlockEventTypes.answered]: OfficeBlockAnswered,
  [OfficeBlockEventTypes.released]: OfficeBlockReleased,
  ...sharing(ViewingRequestEventTypes, ViewingRequestChanged),
  [SlotEventTypes.changed]: SlotChanged,
  [OfficeEventTypes.changed]: OfficeChanged,
  [BiddingEventTypes.opened]: LotOpened,
  [BiddingEventTypes.high]: LotHighChanged,
  [BiddingEventTypes.extended]: LotExtended,
  [BiddingEventTypes.closed]: LotClosed,
  [NotificationEventTypes.created]: Notification,
  [MailWantedEventTypes.wanted]: MailWanted,
  [AuthEventTypes.revoked]: SessionRevoked,
  [AuthEventTypes.ended]: SessionEnded,
  [AuthEventTypes.mailRequested]: MailRequested,
  [DigestEventTypes.due]: DigestDue,
  [DigestEventTypes.prepared]: DigestPrepared,
  [DigestEventTypes.ready]: DigestReady,
  [MemberEventTypes.followChanged]: FollowChanged,
  [MemberEventTypes.rated]: MemberRated,
  [MemberEventTypes.profileChanged]: ProfileChanged,
  [ListingEventTypes.listed]: StonesListed,
  [ConciergeEventTypes.answered]: ConciergeAnswered,
}

/** A type the platform publishes, e.g. `stock.stone.held`. */
export type EventType = keyof typeof EventSchemas
/** The data an event of type K carries. */
export type EventData<K extends EventType> = Static<(typeof EventSchemas)[K]>
/** One event of type K: the envelope with its type and data tied together. */
export type EventOf<K extends EventType> = Omit<AnyEvent, 'type' | 'data'> & { type: K; data: EventData<K> }
/**
 * The domain events as a discriminated union on `type` (of the types K; all by default): testing
 * `event.type` narrows `event.data`, so neither a consumer nor a rule ever casts it.
 */
export type DomainEvent<K extends EventType = EventType> = { [T in K]: EventOf<T> }[K]

export const isEventType = (type: string): type is EventType => Object.hasOwn(EventSchemas, type)

/** Whether the event is of one of `types`, narrowing it to those (a group such as every trading event). */
export function isOneOf<E extends DomainEvent, K extends EventType>(
  event: E,
  types: readonly K[],
): event is Extract<E, { type: K }> {
  return (types as readonly EventType[]).includes(event.type)
}

/** Every type that tells of stones' changes: each stone's own events and the bulk event of many. */
export const STONE_CHANGE_TYPES = [...Object.values(StockEventTypes), StockBulkEventTypes.changed] as const
export type StoneChangeType = (typeof STONE_CHANGE_TYPES)[number]

/**
 * The stone events an event of `STONE_CHANGE_TYPES` stands for: itself, or each change of a bulk
 * event as the stone's own event (the bulk's envelope, keyed by the stone). What a consumer of stone
 * events does with one stone's event it does with each of these.
 */
export function stoneEventsOf(e: DomainEvent<StoneChangeType>): DomainEvent<StoneEventType>[] {
  if (e.type !== StockBulkEventTypes.changed) return [e]
  const { data, type: _bulk, ...envelope } = e
  return data.changes.map(
    ({ type, ...change }) => ({ ...envelope, type, key: change.stoneId, data: change }) as DomainEvent<StoneEventType>,
  )
}

/** How many stones an event of `STONE_CHANGE_TYPES` tells of: a consumer's batch counts stones, not events. */
export const stoneCount = (e: DomainEvent<StoneChangeType>): number =>
  e.type === StockBulkEventTypes.changed ? e.data.changes.length : 1

import type { TSchema } from 'typebox'
import { AuthEventTypes, MailRequested, SessionRevoked } from './auth'
import { DigestDue, DigestEventTypes, DigestPrepared, DigestReady } from './digests'
import { BiddingEventTypes, LotClosed, LotExtended, LotHighChanged } from './bidding'
import { Notification, NotificationEventTypes } from './notifications'
import { StockEventTypes, StoneStatusChanged, TradeEvent, TradeEventTypes } from './stock'

/** Every event type we publish and the schema of its data: consumers validate against this. */
export const EventSchemas: Record<string, TSchema> = {
  ...Object.fromEntries(Object.values(StockEventTypes).map((t) => [t, StoneStatusChanged])),
  ...Object.fromEntries(Object.values(TradeEventTypes).map((t) => [t, TradeEvent])),
  [BiddingEventTypes.high]: LotHighChanged,
  [BiddingEventTypes.extended]: LotExtended,
  [BiddingEventTypes.closed]: LotClosed,
  [NotificationEventTypes.created]: Notification,
  [AuthEventTypes.revoked]: SessionRevoked,
  [AuthEventTypes.mailRequested]: MailRequested,
  [DigestEventTypes.due]: DigestDue,
  [DigestEventTypes.prepared]: DigestPrepared,
  [DigestEventTypes.ready]: DigestReady,
}

import type { EventType } from '@diamond/contracts/events/index'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import { NOTICE_EVENTS, noticesFor } from './inbox.rules'
import type { InboxService } from './inbox.service'

/** Notices wait this long for more events at moderate rates: one transaction per window, not per event. */
const NOTICE_LINGER_MS = 50

/** What users must be told of stones, trading and bids: one consumer per topic. */
export function registerInbox(rt: ServiceRuntime, inbox: InboxService): void {
  const toInbox = (name: string, types: readonly EventType[]) =>
    consumer(name)
      .on(types, (event, { tx }) => inbox.onEvents(tx, [event]))
      // An event that calls for no notice (a first high, a reminder for nobody) is acknowledged without
      // a transaction: noticesFor is a pure function of the event, so a redelivery is decided alike.
      .wants((event) => noticesFor(event).length > 0)
      // Events waiting together are applied in one transaction (a hot lot outbids many times a second).
      .batch(200, (events, { tx }) => inbox.onEvents(tx, events), { lingerMs: NOTICE_LINGER_MS })
  rt.consume(toInbox('notifications.inbox', NOTICE_EVENTS.stone))
  rt.consume(toInbox('notifications.trade', NOTICE_EVENTS.trade))
  rt.consume(toInbox('notifications.bids', NOTICE_EVENTS.bids))
}

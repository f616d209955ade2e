import { hostname } from 'node:os'
import {
  AppointmentEventTypes,
  OfficeEventTypes,
  SlotEventTypes,
  ViewingRequestEventTypes,
} from '@diamond/contracts/events/appointments'
import { AuthEventTypes } from '@diamond/contracts/events/auth'
import { BiddingEventTypes } from '@diamond/contracts/events/bidding'
import { NotificationEventTypes } from '@diamond/contracts/events/notifications'
import { STONE_CHANGE_TYPES, stoneEventsOf } from '@diamond/contracts/events/index'
import { EventHandlers, type MessageBus, type Subscription, type TokenService } from '@diamond/runtime'
import type { Fanout } from './fanout'
import type { Hub } from './hub'

export interface LiveDeps {
  fanout: Fanout
  hub: Hub
  tokens: TokenService
  /** Told of each event's age on arrival, in seconds. */
  lag?: (seconds: number) => void
}

/**
 * The events pushed live: stones, lots and notices go to the fan-out; a revoked session is refused
 * from now on and its sockets end at once. Each gateway instance sees every event (a group of its
 * own); pushes are at most once, so it starts at new events.
 */
export function subscribeLive(bus: MessageBus, { fanout, hub, tokens, lag }: LiveDeps): Promise<Subscription> {
  const live = new EventHandlers()
    .on(STONE_CHANGE_TYPES, (event) => stoneEventsOf(event).forEach((e) => fanout.onStone(e)))
    .on(Object.values(BiddingEventTypes), (event) => fanout.onLot(event))
    .on(NotificationEventTypes.created, ({ data }) => fanout.onNotification(data))
    .on(SlotEventTypes.changed, ({ data }) => fanout.onSlot(data))
    .on(OfficeEventTypes.changed, ({ data }) => fanout.onOffice(data))
    .on(Object.values(AppointmentEventTypes), (event) => fanout.onAppointment(event))
    .on(Object.values(ViewingRequestEventTypes), (event) => fanout.onViewingRequest(event))
    .on(AuthEventTypes.revoked, ({ data: { userId, minVersion } }) => {
      tokens.revoke(userId, minVersion)
      hub.endSessions(userId, minVersion)
    })
    .on(AuthEventTypes.ended, ({ data: { sessionId, until } }) => {
      tokens.endSession(sessionId, Date.parse(until))
      hub.endSession(sessionId)
    })
  return bus.subscribe({
    group: `gateway.${hostname()}.${process.pid}.${Date.now()}`,
    topics: live.topics,
    fromBeginning: false,
    handler: (event) => {
      lag?.(Math.max(0, Date.now() - Date.parse(event.time)) / 1000)
      return live.handle(event)
    },
  })
}

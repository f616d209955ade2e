import { hostname } from 'node:os'
import { AuthEventTypes, AuthTopics, type SessionRevoked } from '@diamond/contracts/events/auth'
import { BiddingTopics } from '@diamond/contracts/events/bidding'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { NotificationTopics } from '@diamond/contracts/events/notifications'
import { StockTopics } from '@diamond/contracts/events/stock'
import type { MessageBus, Subscription, TokenService } from '@diamond/runtime'
import type { Fanout } from './fanout'
import type { Hub } from './hub'

export interface EventFeedDeps {
  bus: MessageBus
  tokens: TokenService
  hub: Hub
  fanout: Fanout
  /** Told how old each event is on arrival, in seconds (the event-lag metric). */
  lag?: (seconds: number) => void
}

/**
 * The gateway's one subscription: stone, lot and notification events become pushes (the fanout),
 * and a revoked session is refused at once, its live connections ended. Each gateway instance sees
 * every event; pushes are at most once, so it starts at new events.
 */
export class EventFeed {
  private subscription: Subscription | null = null

  constructor(private readonly deps: EventFeedDeps) {}

  /** True once the subscription is in place (the gateway's health reports it). */
  get started(): boolean {
    return this.subscription !== null
  }

  async start(): Promise<void> {
    this.subscription = await this.deps.bus.subscribe({
      group: `gateway.${hostname()}.${process.pid}.${Date.now()}`,
      topics: [StockTopics.stone, BiddingTopics.lot, NotificationTopics.notification, AuthTopics.session],
      fromBeginning: false,
      handler: (e) => this.onEvent(e),
    })
  }

  async stop(): Promise<void> {
    await this.subscription?.close()
  }

  async onEvent(e: AnyEvent): Promise<void> {
    this.deps.lag?.(Math.max(0, Date.now() - Date.parse(e.time)) / 1000)
    if (e.type === AuthEventTypes.revoked) this.revoke(e.data as SessionRevoked)
    else await this.deps.fanout.onEvent(e)
  }

  /** Tokens below the user's new floor are refused from now on, and the sockets they opened closed. */
  private revoke({ userId, minVersion }: SessionRevoked): void {
    this.deps.tokens.revoke(userId, minVersion)
    this.deps.hub.endSessions(userId, minVersion)
  }
}

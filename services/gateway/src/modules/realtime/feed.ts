import type { MessageBus, Subscription, TokenService } from '@diamond/runtime'
import type { Fanout } from './fanout'
import type { Hub } from './hub'
import { subscribeLive } from './realtime.consumers'

export interface EventFeedDeps {
  bus: MessageBus
  tokens: TokenService
  hub: Hub
  fanout: Fanout
  /** Told how old each event is on arrival, in seconds (the event-lag metric). */
  lag?: (seconds: number) => void
}

/**
 * The gateway's one subscription (`subscribeLive`: stone, lot and notification events become
 * pushes, a revoked session is refused at once), started when the gateway is ready and closed with it.
 */
export class EventFeed {
  private subscription: Subscription | null = null

  constructor(private readonly deps: EventFeedDeps) {}

  /** True once the subscription is in place (the gateway's health reports it). */
  get started(): boolean {
    return this.subscription !== null
  }

  async start(): Promise<void> {
    this.subscription = await subscribeLive(this.deps.bus, this.deps)
  }

  async stop(): Promise<void> {
    await this.subscription?.close()
  }
}

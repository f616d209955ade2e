import type { AnyEvent } from '@diamond/contracts/events/envelope'

export type EventHandler = (event: AnyEvent) => Promise<void>

export interface SubscribeOptions {
  /** Consumers in one group share the work; each group sees every event once (at least once). */
  group: string
  topics: string[]
  handler: EventHandler
  /** A group with no committed position starts at the oldest retained event (true) or at new ones. */
  fromBeginning?: boolean
}

export interface Subscription {
  close(): Promise<void>
}

/**
 * The platform's event bus. Guarantees both implementations share, checked by one contract suite:
 * order per key, at-least-once delivery to every group (also across a consumer restart), bounded
 * retries of a failing handler, then the dead-letter topic `<topic>.dlq`.
 */
export interface MessageBus {
  readonly kind: 'memory' | 'kafka'
  start(): Promise<void>
  /** Resolves once every event is durably accepted by the bus. */
  publish(events: AnyEvent[]): Promise<void>
  subscribe(opts: SubscribeOptions): Promise<Subscription>
  healthy(): Promise<boolean>
  close(): Promise<void>
}

export const DLQ_SUFFIX = '.dlq'

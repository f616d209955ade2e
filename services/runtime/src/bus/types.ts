import type { AnyEvent } from '@diamond/contracts/events/envelope'

export type EventHandler = (event: AnyEvent) => Promise<void>

export interface SubscribeOptions {
  /** Consumers in one group share the work; each group sees every event once (at least once). */
  group: string
  topics: string[]
  handler: EventHandler
  /** A group with no committed position starts at the oldest retained event (true) or at new ones. */
  fromBeginning?: boolean
  /**
   * Optional: takes several events of one partition at once, in their order (at most `maxBatch`).
   * If it throws, the bus hands those events to `handler` one at a time (with its retries and dead
   * letters), so a bad event still ends up alone in the dead-letter topic: it must be all or nothing,
   * or leave what it did applied so that `handler` passes over it (the idempotent consumer's weighed
   * batches: their events recorded as consumed).
   */
  batchHandler?: (events: AnyEvent[]) => Promise<void>
  /** Most events handed to batchHandler at once (default 100). */
  maxBatch?: number
  /**
   * With batchHandler: a run of fewer than maxBatch waiting events waits this long (ms) once for
   * more before it is handed over. For consumers whose effect follows asynchronously anyway (positions,
   * notices): at moderate rates they make one transaction per window instead of one per event.
   */
  lingerMs?: number
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

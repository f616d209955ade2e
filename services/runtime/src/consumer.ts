import type { AnyEvent } from '@diamond/contracts/events/envelope'
import type { Database, Tx } from './db'
import type { MessageBus, Subscription } from './bus/types'

export interface IdempotentConsumer {
  /** Unique per service: `<service>.<purpose>`; it is also the bus consumer group. */
  name: string
  topics: string[]
  fromBeginning?: boolean
  handle: (event: AnyEvent, tx: Tx) => Promise<void>
}

/**
 * Applies each event at most once per consumer, although the bus delivers at least once: the event
 * id is recorded in the same transaction as the effect, so a redelivered event changes nothing.
 */
export function subscribeIdempotent(bus: MessageBus, database: Database, c: IdempotentConsumer): Promise<Subscription> {
  const s = `"${database.schema}"`
  return bus.subscribe({
    group: c.name,
    topics: c.topics,
    fromBeginning: c.fromBeginning ?? true,
    handler: async (event) => {
      await database.sql.begin(async (tx) => {
        const fresh = await tx.unsafe(
          `insert into ${s}.consumed_events (consumer, event_id) values ($1, $2) on conflict do nothing returning event_id`,
          [c.name, event.id],
        )
        if (fresh.length) await c.handle(event, tx)
      })
    },
  })
}

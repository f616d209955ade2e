import { topicOf, type AnyEvent } from '@diamond/contracts/events/envelope'
import type { DomainEvent, EventType } from '@diamond/contracts/events/index'

/** A handler of the event types K: its event's `data` is already the data of its type. */
export type TypedHandler<K extends EventType, C = void> = (event: DomainEvent<K>, ctx: C) => void | Promise<void>

/**
 * Handlers by event type, each typed by the type it was registered for:
 *
 *   new EventHandlers().on(BiddingEventTypes.closed, ({ data }) => ...)   // data: LotClosed
 *
 * `K` collects the registered types, `C` is what each handler is given beside its event (the
 * idempotent consumer's transaction). The topics to subscribe to follow from the types.
 */
export class EventHandlers<K extends EventType = never, C = void> {
  private readonly byType = new Map<string, TypedHandler<EventType, C>>()

  /** One handler for one type, or for several types whose data it takes (e.g. every stone change). */
  on<T extends EventType>(types: T | readonly T[], handler: TypedHandler<T, C>): EventHandlers<K | T, C> {
    for (const type of typeof types === 'string' ? [types] : types) {
      if (this.byType.has(type)) throw new Error(`${type} has a handler already`)
      // Stored by its type and only ever called with an event of that type (see handle).
      this.byType.set(type, handler as TypedHandler<EventType, C>)
    }
    return this as EventHandlers<K | T, C>
  }

  /** The registered types: an event of any other type is none of these handlers' business. */
  get types(): K[] {
    return [...this.byType.keys()] as K[]
  }

  /** The topics the registered types travel on. */
  get topics(): string[] {
    return [...new Set(this.types.map(topicOf))]
  }

  /** Whether one of these handlers takes the event. */
  handles(event: AnyEvent): event is DomainEvent<K> {
    return this.byType.has(event.type)
  }

  /**
   * Hands the event to its type's handler; an event of a type not registered is passed over. The
   * bus validated the event's data against its type's schema before any handler sees it (see
   * deliver), which is what makes the narrowed type true.
   */
  async handle(event: AnyEvent, ctx: C): Promise<void> {
    await this.byType.get(event.type)?.(event as DomainEvent, ctx)
  }
}

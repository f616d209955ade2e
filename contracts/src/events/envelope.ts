import { Type, type Static, type TSchema } from 'typebox'
import { Uuid } from '../common'

/**
 * One envelope for every event on the bus. `key` is the aggregate id (stone, auction, user) so
 * order holds per key; `version` is the schema version of `data`; `requestId` traces the event back
 * to the request behind it in the logs.
 */
export const EventEnvelope = <T extends TSchema>(data: T) =>
  Type.Object(
    {
      id: Uuid,
      type: Type.String({ pattern: '^[a-z]+\\.[a-z-]+\\.[a-z-]+$' }),
      key: Type.String({ minLength: 1, maxLength: 200 }),
      time: Type.String({ format: 'date-time' }),
      producer: Type.String({ minLength: 1 }),
      version: Type.Integer({ minimum: 1 }),
      /** The X-Request-Id of the request that caused the event, when one did (absent in older events). */
      requestId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
      data,
    },
    { additionalProperties: false },
  )

export const AnyEvent = EventEnvelope(Type.Unknown())
export type AnyEvent = Static<typeof AnyEvent>
export type Event<T> = Omit<AnyEvent, 'data'> & { data: T }

/** Events travel on one topic per aggregate: `stock.stone.held` goes to `stock.stone`. */
export function topicOf(type: string): string {
  return type.split('.').slice(0, 2).join('.')
}

import { Type, type Static } from 'typebox'
import { Uuid } from './common'
import type { Notification } from './events/notifications'
import { Availability } from './events/stock'

/**
 * Messages pushed to browsers (socket.io) and API clients (plain WebSocket, as `{ type, data }`
 * JSON frames). Both transports carry exactly these.
 */
export const StoneStatus = Type.Object({
  id: Uuid,
  vStnId: Type.String(),
  wSts: Type.String(),
  availability: Availability,
  version: Type.Integer(),
  at: Type.String(),
})
export type StoneStatus = Static<typeof StoneStatus>

/**
 * What a connection receives once per push window (GATEWAY_PUSH_WINDOW_MS): the latest status of
 * each stone it watches (or of every stone, after joining the stock feed) that changed since its
 * last batch, at most one entry per stone. A slow connection gets fewer, fuller batches, never a
 * backlog: changes superseded in between are not sent, so `version` may skip numbers.
 */
export const StonesStatus = Type.Object({ changes: Type.Array(StoneStatus) })
export type StonesStatus = Static<typeof StonesStatus>

/** Up to this many stones can be watched by one connection (a screenful of grid rows, with room). */
export const MAX_WATCHED_STONES = 1000

export const WatchStones = Type.Object(
  { ids: Type.Array(Uuid, { maxItems: MAX_WATCHED_STONES }) },
  { additionalProperties: false },
)
export type WatchStones = Static<typeof WatchStones>

export const Ack = Type.Object({ code: Type.String(), message: Type.String() })
export type Ack = Static<typeof Ack>

export interface ServerToClient {
  'stones.status': (m: StonesStatus) => void
  notification: (m: Notification) => void
}
export interface ClientToServer {
  'stones.watch': (m: WatchStones, ack: (a: Ack) => void) => void
  'stones.unwatch': (m: WatchStones, ack: (a: Ack) => void) => void
  'feed.join': (m: { feed: 'stock' }, ack: (a: Ack) => void) => void
}

/** Plain WebSocket frames: the same messages, tagged. */
export const ClientFrame = Type.Union([
  Type.Object({ type: Type.Literal('stones.watch'), data: WatchStones }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('stones.unwatch'), data: WatchStones }, { additionalProperties: false }),
  Type.Object(
    { type: Type.Literal('feed.join'), data: Type.Object({ feed: Type.Literal('stock') }) },
    { additionalProperties: false },
  ),
])
export type ClientFrame = Static<typeof ClientFrame>
export type ServerFrame =
  | { type: 'stones.status'; data: StonesStatus }
  | { type: 'notification'; data: Notification }
  | { type: 'ack'; data: Ack & { for: string } }

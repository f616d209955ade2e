import type { Socket } from 'socket.io'
import type { WebSocket } from 'ws'
import type { BidFrame, StoneStatus } from '@diamond/contracts/realtime'
import type { BidTarget } from './bids.rules'
import type { PushTarget } from './push.rules'

/** One connection, on either transport: stone batches and auction-room frames. */
export type ConnTarget = PushTarget & BidTarget

/** A room's frame goes to every member as the same object: its JSON is made once. */
const bidJsonOf = new WeakMap<BidFrame, string>()
function bidJson(f: BidFrame): string {
  let text = bidJsonOf.get(f)
  if (text === undefined) bidJsonOf.set(f, (text = JSON.stringify(f)))
  return text
}

/**
 * One event's status goes into many connections' batches as the same object, so its JSON is made
 * once and each plain WebSocket frame is a join of ready strings, not a fresh stringify per socket.
 */
const jsonOf = new WeakMap<StoneStatus, string>()
function json(s: StoneStatus): string {
  let text = jsonOf.get(s)
  if (text === undefined) jsonOf.set(s, (text = JSON.stringify(s)))
  return text
}

/** Exactly `JSON.stringify({ type: 'stones.status', data: { changes } })`. */
export function stonesStatusFrame(changes: readonly StoneStatus[]): string {
  return `{"type":"stones.status","data":{"changes":[${changes.map(json).join(',')}]}}`
}

/** Stock-feed members that were all ready get the same batch: it is encoded once for all of them. */
const frameOf = new WeakMap<readonly StoneStatus[], Buffer>()
function frame(changes: readonly StoneStatus[]): Buffer {
  let bytes = frameOf.get(changes)
  if (!bytes) frameOf.set(changes, (bytes = Buffer.from(stonesStatusFrame(changes))))
  return bytes
}

/** A plain WebSocket is busy while more than `maxBuffered` bytes wait to be written to it. */
export function wsTarget(ws: WebSocket, maxBuffered: number): ConnTarget {
  return {
    state: () => (ws.readyState !== ws.OPEN ? 'closed' : ws.bufferedAmount > maxBuffered ? 'busy' : 'ready'),
    // A Buffer would go out as a binary frame: the batch is JSON text, like every other frame.
    push: (changes) => ws.send(frame(changes), { binary: false }),
    pushBids: (frames) => {
      for (const f of frames) ws.send(bidJson(f))
    },
  }
}

interface EngineInternals {
  writeBuffer?: unknown[]
  transport: { writable: boolean; socket?: { bufferedAmount?: number } }
}

/**
 * A socket.io connection is busy when engine.io's transport is still writing (`writable` false)
 * and either packets already queue behind that write (`writeBuffer`) or the underlying WebSocket
 * holds more than `maxBuffered` bytes. A batch is then not handed to engine.io, whose write buffer
 * has no bound; it keeps coalescing here instead.
 */
export function ioTarget(socket: Socket, maxBuffered: number): ConnTarget {
  const state = (): 'ready' | 'busy' | 'closed' => {
    if (!socket.connected) return 'closed'
    const conn = socket.conn as unknown as EngineInternals
    if (conn.transport.writable) return 'ready'
    const queued = conn.writeBuffer?.length ?? 0
    return queued > 0 || (conn.transport.socket?.bufferedAmount ?? 0) > maxBuffered ? 'busy' : 'ready'
  }
  return {
    state,
    push: (changes) => socket.emit('stones.status', { changes: changes as StoneStatus[] }),
    pushBids: (frames) => {
      for (const f of frames) socket.emit(f.type, f.data)
    },
  }
}

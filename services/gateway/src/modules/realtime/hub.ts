import type { Server as IoServer } from 'socket.io'
import type { WebSocket } from 'ws'
import { isSalesTeam, SALES_AUDIENCE, withoutPrice } from '@diamond/contracts/events/notifications'
import { seesPrices } from '@diamond/contracts/permissions'
import type { ServerFrame } from '@diamond/contracts/realtime'
import type { Principal } from '@diamond/runtime'

export const rooms = {
  user: (id: string) => `user:${id}`,
  /**
   * A user's sockets whose token does not see prices (Is_NoPrice): each is in the user's room too.
   * Both kinds can be live at once only briefly (a change of the setting ends the older sessions).
   */
  unpriced: (id: string) => `unpriced:${id}`,
  /** A team's sockets (the sales team: staff users, by their token's user type). */
  audience: (name: string) => `audience:${name}`,
  /** A team's sockets that do not see prices: each is in the team's room too. */
  unpricedAudience: (name: string) => `audience:${name}:unpriced`,
  /** One session's sockets (one sign-in on one device): a logout there cuts them alone. */
  session: (sid: string) => `session:${sid}`,
  /** Every signed-in connection: news about the stock as a whole (new arrivals). */
  stock: 'stock',
  /** An office's slot boards (joined by `office.join`): slots taken or freed, the office changed. */
  office: (id: string) => `office:${id}`,
  /** An office's sales calendar for staff (joined by `calendar.join`, office module `all`). */
  calendar: (id: string) => `calendar:${id}`,
}

/** The appointments frames (issue 24), sent to a room as they are. */
export type AppointmentsFrame = Extract<
  ServerFrame,
  { type: 'slots.changed' | 'office.changed' | 'appointment.changed' | 'viewing-request.changed' }
>

/** The rooms a connection joins, decided from its token: both transports call this. */
export function roomsOf(who: Principal): string[] {
  const team = isSalesTeam(who.userType)
  const priced = seesPrices(who.perms)
  const out = [rooms.user(who.id), rooms.stock]
  if (who.sid) out.push(rooms.session(who.sid))
  if (!priced) out.push(rooms.unpriced(who.id))
  if (team) out.push(rooms.audience(SALES_AUDIENCE))
  if (team && !priced) out.push(rooms.unpricedAudience(SALES_AUDIENCE))
  return out
}

/**
 * The plain WebSocket side's rooms (a user's sockets). socket.io has rooms of its own; this keeps
 * the same for raw sockets, so both transports receive the same messages. Stones and the stock feed
 * are not rooms: they go through the watchers index and each connection's batch.
 */
export class WsRooms {
  private byRoom = new Map<string, Set<WebSocket>>()
  private bySocket = new Map<WebSocket, Set<string>>()

  join(ws: WebSocket, room: string) {
    let members = this.byRoom.get(room)
    if (!members) this.byRoom.set(room, (members = new Set()))
    members.add(ws)
    let joined = this.bySocket.get(ws)
    if (!joined) this.bySocket.set(ws, (joined = new Set()))
    joined.add(room)
  }

  leave(ws: WebSocket, room: string) {
    this.byRoom.get(room)?.delete(ws)
    if (this.byRoom.get(room)?.size === 0) this.byRoom.delete(room)
    this.bySocket.get(ws)?.delete(room)
  }

  /** Open plain WebSocket connections. */
  get size(): number {
    return this.bySocket.size
  }

  leaveAll(ws: WebSocket) {
    for (const room of this.bySocket.get(ws) ?? []) this.leave(ws, room)
    this.bySocket.delete(ws)
  }

  /** Closes every socket in the room (4401: the session ended; the client signs in again). */
  close(room: string) {
    for (const ws of [...(this.byRoom.get(room) ?? [])]) ws.close(4401, 'E_UNAUTHORIZED')
  }

  /** To every socket of the room, but those also in `except`. */
  send(room: string, frame: ServerFrame, except?: string) {
    const members = this.byRoom.get(room)
    if (!members?.size) return
    const skip = except ? this.byRoom.get(except) : undefined
    const text = JSON.stringify(frame)
    for (const ws of members) if (ws.readyState === ws.OPEN && !skip?.has(ws)) ws.send(text)
  }
}

type Notice = Extract<ServerFrame, { type: 'notification' }>

/** One place that sends a user's notices on both transports and cuts ended sessions. */
export class Hub {
  constructor(
    readonly io: IoServer,
    readonly ws: WsRooms,
  ) {}

  /** A revoked session stops hearing anything at once: its sockets below the new floor are cut. */
  endSessions(userId: string, minVersion: number) {
    for (const socket of this.io.sockets.sockets.values()) {
      const p = (socket.data as { principal?: { id: string; ver: number } }).principal
      if (p?.id === userId && p.ver < minVersion) socket.disconnect(true)
    }
    this.ws.close(rooms.user(userId))
  }

  /** One ended session (a logout on one device) stops hearing at once; the user's other sockets stay. */
  endSession(sessionId: string) {
    this.io.in(rooms.session(sessionId)).disconnectSockets(true)
    this.ws.close(rooms.session(sessionId))
  }

  /** A user's notice to every socket of theirs; those that do not see prices get it without its price. */
  notify(userId: string, frame: Notice) {
    this.notice(rooms.user(userId), rooms.unpriced(userId), frame)
  }

  /** A message for one user only (their position on a lot): every socket of theirs, both transports. */
  toUser(userId: string, frame: Extract<ServerFrame, { type: 'bid.position' }>) {
    this.send(rooms.user(userId), frame)
  }

  /** News of the stock as a whole (it names no stone and no price): every connection, both transports. */
  toStock(frame: Extract<ServerFrame, { type: 'stones.arrived' }>) {
    this.send(rooms.stock, frame)
  }

  /** An appointments frame to a room (an office's boards or calendar, a user's sockets), both transports. */
  toRoom(room: string, frame: AppointmentsFrame) {
    this.send(room, frame)
  }

  /** A team's notice; its members who do not see prices get it without its price. */
  notifyAudience(audience: string, frame: Notice) {
    this.notice(rooms.audience(audience), rooms.unpricedAudience(audience), frame)
  }

  /** A notice to a room; its sockets also in `unpriced` get it without the price it tells. */
  private notice(room: string, unpriced: string, frame: Notice) {
    const bare = withoutPrice(frame.data)
    if (bare === frame.data) return this.send(room, frame)
    this.send(room, frame, unpriced)
    this.send(unpriced, { type: 'notification', data: bare })
  }

  /**
   * Both transports. socket.io encodes a message before it looks for the room's sockets, and most
   * users are not connected while their lots move, so an empty room is passed over first (its
   * in-memory adapter is this gateway's own sockets: every gateway hears every event itself).
   */
  private send(room: string, frame: ServerFrame, except?: string) {
    if (this.io.sockets.adapter.rooms.get(room)?.size)
      (except ? this.io.to(room).except(except) : this.io.to(room)).emit(frame.type, frame.data)
    this.ws.send(room, frame, except)
  }
}

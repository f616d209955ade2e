import { proxy } from 'valtio'
import { io, type Socket } from 'socket.io-client'
import type { Notification } from '@diamond/contracts/events/notifications'
import type {
  Ack,
  AppointmentLive,
  BidFrame,
  ClientToServer,
  ServerToClient,
  SlotsChanged,
  StoneStatus,
  StonesArrived,
  StonesStatus,
} from '@diamond/contracts/realtime'
import { createEmitter } from './emitter'
import { signOut } from './session'

/**
 * The one module that talks to socket.io: nothing else opens a socket or names a socket event.
 * What the server pushes is told to the app through one typed emitter, `live`; features listen
 * with `live.on(event, listener)` (which answers the unsubscribe).
 */
export type ConnectionState = 'offline' | 'connecting' | 'live' | 'reconnecting'
export const connection = proxy<{ state: ConnectionState }>({ state: 'offline' })

/** What the app hears from the live connection, by event name. */
export interface LiveEvents {
  /** A stone's latest status; the server's batch of a window is told one change at a time. */
  'stone.status': StoneStatus
  /** A notice for this user (or their team) as it is stored: kind and params, shown in the reader's language. */
  notification: Notification
  /** An auction room's news (high, extension, result) and this user's own positions on lots. */
  bid: BidFrame
  /** New stones reached live stock (how many, in one window): grids read their page again. */
  'stones.arrived': StonesArrived
  /** (Re)connected: delivery is at most once, so whatever was shown must be re-read. */
  connect: undefined
  /**
   * The server has put this connection in an auction's room (after `joinAuctions` or a reconnect),
   * by auction id. What a page read before that moment may have missed a push: it reads again then.
   */
  'auction.joined': string
  /** Slots of an office whose board is open were taken or freed: what each takes now (issue 24). */
  'slots.changed': SlotsChanged
  /** Staff changed an office's hours, holidays, cabins or people: its boards read again. */
  'office.changed': { officeId: string }
  /** One of my appointments (as buyer or sales person), or any of a calendar's office, changed. */
  'appointment.changed': AppointmentLive
  /** A viewing request of mine, or of a calendar's office, changed. */
  'viewing-request.changed': { change: string; requestId: string; officeId: string; status: string }
  /** The server has put this connection in an office's board (or calendar) room: what was read before may have missed a push. */
  'office.joined': string
}

export const live = createEmitter<LiveEvents>()

let socket: Socket<ServerToClient, ClientToServer> | null = null
let watched: string[] = []
let auctions: string[] = []
/** Offices whose slot board is open, and offices whose whole calendar is shown (staff). */
let boards: string[] = []
let calendars: string[] = []

function logNack(what: string) {
  return (ack: Ack) => {
    if (ack.code !== 'OK') console.debug(`realtime: ${what} refused`, ack)
  }
}

/** The server sends one batch per window (the latest status of each stone); listeners hear each change. */
function emitStatuses(batch: StonesStatus) {
  for (const s of batch.changes) live.emit('stone.status', s)
}

export function startRealtime(token: string): void {
  stopRealtime()
  connection.state = 'connecting'
  const s: Socket<ServerToClient, ClientToServer> = io({
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
  })
  socket = s
  s.on('connect', () => {
    connection.state = 'live'
    // The grid watches its own page's stones; the stock-wide feed is for clients that follow everything.
    if (watched.length) s.emit('stones.watch', { ids: watched }, logNack('stones.watch'))
    for (const auctionId of auctions) s.emit('auction.join', { auctionId }, joinAck(auctionId))
    for (const officeId of boards) s.emit('office.join', { officeId }, officeAck(officeId, 'office.join'))
    for (const officeId of calendars) s.emit('calendar.join', { officeId }, officeAck(officeId, 'calendar.join'))
    live.emit('connect')
  })
  s.on('disconnect', (reason) => {
    // A server-side disconnect is not retried by socket.io itself.
    if (reason === 'io server disconnect') s.connect()
    connection.state = 'reconnecting'
  })
  s.on('connect_error', (err) => {
    if (err.message === 'E_UNAUTHORIZED') {
      stopRealtime()
      signOut()
      return
    }
    console.debug('realtime: connect error', err.message)
    connection.state = 'reconnecting'
    // Refused by the server's middleware: socket.io gives up unless asked again.
    if (!s.active) setTimeout(() => socket === s && s.connect(), 2_000)
  })
  s.on('stones.status', emitStatuses)
  s.on('stones.arrived', (m) => live.emit('stones.arrived', m))
  s.on('notification', (n) => live.emit('notification', n))
  s.on('bid.high', (data) => live.emit('bid', { type: 'bid.high', data }))
  s.on('bid.extended', (data) => live.emit('bid', { type: 'bid.extended', data }))
  s.on('bid.closed', (data) => live.emit('bid', { type: 'bid.closed', data }))
  s.on('bid.position', (data) => live.emit('bid', { type: 'bid.position', data }))
  s.on('slots.changed', (m) => live.emit('slots.changed', m))
  s.on('office.changed', (m) => live.emit('office.changed', m))
  s.on('appointment.changed', (m) => live.emit('appointment.changed', m))
  s.on('viewing-request.changed', (m) => live.emit('viewing-request.changed', m))
}

export function stopRealtime(): void {
  if (!socket) return
  socket.removeAllListeners()
  socket.disconnect()
  socket = null
  connection.state = 'offline'
}

/** Watches exactly these stones (the visible page), unwatching the ones that left it. */
export function watchStones(ids: string[]): void {
  const next = new Set(ids)
  const gone = watched.filter((id) => !next.has(id))
  watched = [...ids]
  if (!socket?.connected) return
  if (gone.length) socket.emit('stones.unwatch', { ids: gone }, logNack('stones.unwatch'))
  if (ids.length) socket.emit('stones.watch', { ids }, logNack('stones.watch'))
}

/**
 * Sits in exactly these auctions' rooms (the lots a bid page shows), leaving the others. The server
 * decides whether the user may; on every reconnect the rooms are joined again.
 */
export function joinAuctions(ids: string[]): void {
  const next = new Set(ids)
  const gone = auctions.filter((id) => !next.has(id))
  const fresh = ids.filter((id) => !auctions.includes(id))
  auctions = [...next]
  if (!socket?.connected) return
  for (const auctionId of gone) socket.emit('auction.leave', { auctionId }, logNack('auction.leave'))
  for (const auctionId of fresh) socket.emit('auction.join', { auctionId }, joinAck(auctionId))
}

/** Once the server confirms a join, the room hears everything from then on: listeners re-read what they show. */
function joinAck(auctionId: string) {
  return (ack: Ack) => {
    if (ack.code !== 'OK') return logNack('auction.join')(ack)
    if (auctions.includes(auctionId)) live.emit('auction.joined', auctionId)
  }
}

/** Joins exactly these rooms (leaving the others) with `join`/`leave`; answers the new list. */
function syncOffices(
  had: string[],
  ids: string[],
  join: 'office.join' | 'calendar.join',
  leave: 'office.leave' | 'calendar.leave',
): string[] {
  const next = [...new Set(ids)]
  if (!socket?.connected) return next
  for (const officeId of had.filter((id) => !next.includes(id))) socket.emit(leave, { officeId }, logNack(leave))
  for (const officeId of next.filter((id) => !had.includes(id)))
    socket.emit(join, { officeId }, officeAck(officeId, join))
  return next
}

/** Follows the slot boards of these offices (the open booking or reschedule screens); joined again on every reconnect. */
export function watchBoards(ids: string[]): void {
  boards = syncOffices(boards, ids, 'office.join', 'office.leave')
}

/** Follows every appointment of these offices (staff's calendar); the server checks the right. */
export function watchCalendars(ids: string[]): void {
  calendars = syncOffices(calendars, ids, 'calendar.join', 'calendar.leave')
}

function officeAck(officeId: string, what: string) {
  return (ack: Ack) => {
    if (ack.code !== 'OK') return logNack(what)(ack)
    live.emit('office.joined', officeId)
  }
}

import type { FastifyInstance } from 'fastify'
import { Server } from 'socket.io'
import type { Ack, ClientToServer, ServerToClient } from '@diamond/contracts/realtime'
import { authenticate, type Principal, type TokenService } from '@diamond/runtime'
import type { AuctionMembers } from './auctions'
import type { BidTarget } from './bids.rules'
import { roomsOf } from './hub'
import type { PushTarget } from './push.rules'
import { auctionRoom, officeRoom, subscribe, type RoomMember } from './subscriptions'
import { ioTarget } from './targets'
import type { Watchers } from './watchers'

interface SocketData {
  principal: Principal
}

/**
 * socket.io for browsers: the JWT is checked on connect, each user is put in their own room (for
 * notices, bid positions and for cutting ended sessions); stones and the feed go through the
 * watchers index, auction rooms through the auction members index (both batched per window).
 */
export function createSocketServer(
  app: FastifyInstance,
  opts: {
    tokens: TokenService
    watchers: Watchers<PushTarget>
    auctions: AuctionMembers<BidTarget>
    maxBuffered: number
  },
) {
  const io = new Server<ClientToServer, ServerToClient, Record<string, never>, SocketData>(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    maxHttpBufferSize: 64 * 1024,
    // Other upgrades (the plain WebSocket feed) belong to another handler.
    destroyUpgrade: false,
  })
  io.use((socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown })?.token
      socket.data.principal = authenticate(opts.tokens, typeof token === 'string' ? `JWT ${token}` : undefined)
      next()
    } catch {
      next(new Error('E_UNAUTHORIZED'))
    }
  })
  io.on('connection', (socket) => {
    const who = socket.data.principal
    const target = ioTarget(socket, opts.maxBuffered)
    void socket.join(roomsOf(who))
    const reply = (ack: unknown, a: Ack) => (typeof ack === 'function' ? ack(a) : undefined)
    socket.on('stones.watch', (msg, ack) => reply(ack, subscribe(opts.watchers, target, who, 'stones.watch', msg)))
    socket.on('stones.unwatch', (msg, ack) => reply(ack, subscribe(opts.watchers, target, who, 'stones.unwatch', msg)))
    socket.on('feed.join', (msg, ack) => reply(ack, subscribe(opts.watchers, target, who, 'feed.join', msg)))
    socket.on('auction.join', (msg, ack) => reply(ack, auctionRoom(opts.auctions, target, who, 'auction.join', msg)))
    socket.on('auction.leave', (msg, ack) => reply(ack, auctionRoom(opts.auctions, target, who, 'auction.leave', msg)))
    const offices = new Set<string>()
    const member: RoomMember = {
      join: (room) => {
        offices.add(room)
        void socket.join(room)
      },
      leave: (room) => {
        offices.delete(room)
        void socket.leave(room)
      },
      joined: () => offices.size,
    }
    for (const type of ['office.join', 'office.leave', 'calendar.join', 'calendar.leave'] as const)
      socket.on(type, (msg, ack) => reply(ack, officeRoom(member, who, type, msg)))
    socket.on('disconnect', () => {
      opts.watchers.drop(target)
      opts.auctions.drop(target)
    })
  })
  return io
}

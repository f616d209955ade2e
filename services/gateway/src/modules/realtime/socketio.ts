import type { FastifyInstance } from 'fastify'
import { Server } from 'socket.io'
import type { Ack, ClientToServer, ServerToClient } from '@diamond/contracts/realtime'
import { authenticate, type Principal, type TokenService } from '@diamond/runtime'
import { rooms } from './hub'
import { feedRoom, stoneRooms } from './subscriptions'

interface SocketData {
  principal: Principal
}

/** socket.io for browsers: the JWT is checked on connect, each user is put in their own room. */
export function createSocketServer(app: FastifyInstance, tokens: TokenService) {
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
      socket.data.principal = authenticate(tokens, typeof token === 'string' ? `JWT ${token}` : undefined)
      next()
    } catch {
      next(new Error('E_UNAUTHORIZED'))
    }
  })
  io.on('connection', (socket) => {
    const who = socket.data.principal
    void socket.join(rooms.user(who.id))
    const reply = (ack: unknown, a: Ack) => (typeof ack === 'function' ? ack(a) : undefined)
    socket.on('stones.watch', (msg, ack) => {
      const r = stoneRooms(who, msg)
      if (r.rooms.length) void socket.join(r.rooms)
      reply(ack, r.ack)
    })
    socket.on('stones.unwatch', (msg, ack) => {
      const r = stoneRooms(who, msg)
      for (const room of r.rooms) void socket.leave(room)
      reply(ack, r.ack)
    })
    socket.on('feed.join', (msg, ack) => {
      const r = feedRoom(who, msg)
      if (r.rooms.length) void socket.join(r.rooms)
      reply(ack, r.ack)
    })
  })
  return io
}

import { EventEmitter } from 'node:events'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import websocket from '@fastify/websocket'
import { Compile } from 'typebox/compile'
import { ClientFrame, MAX_WATCHED_STONES, type ServerFrame } from '@diamond/contracts/realtime'
import { authenticate, type TokenService } from '@diamond/runtime'
import { rooms, type WsRooms } from './hub'
import { feedRoom, stoneRooms } from './subscriptions'

const checkFrame = Compile(ClientFrame)

/**
 * The plain WebSocket feed for API clients and load tests: `Authorization: JWT {token}` on the
 * upgrade, then JSON frames `{ type, data }` carrying the same messages as socket.io.
 */
export default async function websocketFeed(app: FastifyInstance, opts: { tokens: TokenService; ws: WsRooms }) {
  // Both socket.io and this feed upgrade connections on the same server: this plugin sees only the
  // upgrades that are not socket.io's, or it would answer them 404 and close them.
  const upgrades = new EventEmitter()
  app.server.on('upgrade', (req: IncomingMessage, socket, head) => {
    if (!req.url?.startsWith('/socket.io/')) upgrades.emit('upgrade', req, socket, head)
  })
  await app.register(websocket, { options: { maxPayload: 64 * 1024, server: upgrades as never } })
  app.get(
    '/web/v1/ws',
    {
      websocket: true,
      config: { public: true },
      schema: { tags: ['realtime'], summary: 'Live feed as JSON frames (send Authorization: JWT {token} on the upgrade)' },
      preValidation: async (req) => {
        req.principal = authenticate(opts.tokens, req.headers.authorization)
      },
    },
    (socket, req) => {
      const who = req.principal!
      opts.ws.join(socket, rooms.user(who.id))
      const send = (f: ServerFrame) => socket.send(JSON.stringify(f))
      socket.on('message', (raw) => {
        let frame: unknown
        try {
          frame = JSON.parse(raw.toString())
        } catch {
          return send({ type: 'ack', data: { for: 'unknown', code: 'E_BAD_REQUEST', message: 'The frame is not JSON.' } })
        }
        if (!checkFrame.Check(frame)) {
          return send({ type: 'ack', data: { for: 'unknown', code: 'E_VALIDATION', message: 'Invalid Fields: frame must be { type, data }' } })
        }
        const r = frame.type === 'feed.join' ? feedRoom(who, frame.data) : stoneRooms(who, frame.data)
        if (frame.type === 'stones.unwatch') r.rooms.forEach((room) => opts.ws.leave(socket, room))
        else if (opts.ws.roomsOf(socket) + r.rooms.length > MAX_WATCHED_STONES + 2) {
          return send({ type: 'ack', data: { for: frame.type, code: 'E_VALIDATION', message: `Invalid Fields: at most ${MAX_WATCHED_STONES} stones` } })
        } else r.rooms.forEach((room) => opts.ws.join(socket, room))
        send({ type: 'ack', data: { for: frame.type, ...r.ack } })
      })
      socket.on('close', () => opts.ws.leaveAll(socket))
    },
  )
}

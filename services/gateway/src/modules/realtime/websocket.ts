import { EventEmitter } from 'node:events'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import websocket from '@fastify/websocket'
import { Compile } from 'typebox/compile'
import { ClientFrame, type ServerFrame } from '@diamond/contracts/realtime'
import { authenticate, type TokenService } from '@diamond/runtime'
import type { AuctionMembers } from './auctions'
import type { BidTarget } from './bids.rules'
import { roomsOf, type WsRooms } from './hub'
import type { PushTarget } from './push.rules'
import { auctionRoom, officeRoom, subscribe, type RoomMember } from './subscriptions'
import { wsTarget } from './targets'
import type { Watchers } from './watchers'

const checkFrame = Compile(ClientFrame)

export interface WebsocketFeedOptions {
  tokens: TokenService
  ws: WsRooms
  watchers: Watchers<PushTarget>
  auctions: AuctionMembers<BidTarget>
  /** Bytes waiting on a socket above which its batches wait (and coalesce) for a later window. */
  maxBuffered: number
}

/**
 * The plain WebSocket feed for API clients and load tests: `Authorization: JWT {token}` on the
 * upgrade, then JSON frames `{ type, data }` carrying the same messages as socket.io.
 */
export default async function websocketFeed(app: FastifyInstance, opts: WebsocketFeedOptions) {
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
      schema: {
        tags: ['realtime'],
        summary: 'Live feed as JSON frames (send Authorization: JWT {token} on the upgrade)',
      },
      // eslint-disable-next-line @typescript-eslint/require-await -- a hook without `done` must return a promise; a throw becomes the error reply
      preValidation: async (req) => {
        req.principal = authenticate(opts.tokens, req.headers.authorization)
      },
    },
    (socket, req) => {
      const who = req.principal!
      const target = wsTarget(socket, opts.maxBuffered)
      for (const r of roomsOf(who)) opts.ws.join(socket, r)
      const send = (f: ServerFrame) => socket.send(JSON.stringify(f))
      const offices = new Set<string>()
      const member: RoomMember = {
        join: (room) => {
          offices.add(room)
          opts.ws.join(socket, room)
        },
        leave: (room) => {
          offices.delete(room)
          opts.ws.leave(socket, room)
        },
        joined: () => offices.size,
      }
      socket.on('message', (raw) => {
        let frame: unknown
        try {
          frame = JSON.parse(raw.toString())
        } catch {
          return send({
            type: 'ack',
            data: { for: 'unknown', code: 'E_BAD_REQUEST', message: 'The frame is not JSON.' },
          })
        }
        if (!checkFrame.Check(frame)) {
          return send({
            type: 'ack',
            data: { for: 'unknown', code: 'E_VALIDATION', message: 'Invalid Fields: frame must be { type, data }' },
          })
        }
        const ack =
          frame.type === 'auction.join' || frame.type === 'auction.leave'
            ? auctionRoom(opts.auctions, target, who, frame.type, frame.data)
            : frame.type === 'office.join' ||
                frame.type === 'office.leave' ||
                frame.type === 'calendar.join' ||
                frame.type === 'calendar.leave'
              ? officeRoom(member, who, frame.type, frame.data)
              : subscribe(opts.watchers, target, who, frame.type, frame.data)
        send({ type: 'ack', data: { for: frame.type, ...ack } })
      })
      socket.on('close', () => {
        opts.ws.leaveAll(socket)
        opts.watchers.drop(target)
        opts.auctions.drop(target)
      })
    },
  )
}

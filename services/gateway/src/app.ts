import type { FastifyInstance } from 'fastify'
import type { MessageBus, PlatformConfig, TokenService } from '@diamond/runtime'
import { apiDocsEnabled, serviceUrls, type GatewayConfig } from './config'
import docsRoutes from './modules/docs/docs.routes'
import healthRoutes, { type ServiceProbe } from './modules/health/health.routes'
import loadtestRoutes from './modules/loadtest/loadtest.routes'
import proxyRoutes from './modules/proxy/proxy.routes'
import { AuctionMembers } from './modules/realtime/auctions'
import type { BidTarget } from './modules/realtime/bids.rules'
import { EventFeed } from './modules/realtime/feed'
import { Fanout } from './modules/realtime/fanout'
import { Hub, WsRooms } from './modules/realtime/hub'
import type { PushTarget } from './modules/realtime/push.rules'
import { createSocketServer } from './modules/realtime/socketio'
import { Watchers } from './modules/realtime/watchers'
import websocketFeed from './modules/realtime/websocket'
import webApp from './modules/web/static'

export interface GatewayOptions {
  config: PlatformConfig
  bus: MessageBus
  tokens: TokenService
  gateway: GatewayConfig
  /** embedded: services are mounted beside the gateway; distributed: they are other processes. */
  mode: 'embedded' | 'distributed'
  probe: ServiceProbe
  serviceDocs?: () => Promise<object[]>
  /** Tests of the API alone can run without a built web app. */
  serveWeb?: boolean
}

/**
 * The edge: serves the web app, routes /web/v1 calls (distributed mode), and pushes live changes to
 * browsers (socket.io) and API clients (WebSocket). It consumes events and holds no business rules.
 */
export default async function gateway(app: FastifyInstance, opts: GatewayOptions) {
  const maxBuffered = opts.gateway.GATEWAY_PUSH_MAX_BUFFERED_BYTES
  const watchers = new Watchers<PushTarget>()
  const auctions = new AuctionMembers<BidTarget>()
  const io = createSocketServer(app, { tokens: opts.tokens, watchers, auctions, maxBuffered })
  const ws = new WsRooms()
  const hub = new Hub(io, ws)
  const fanout = new Fanout(hub, watchers, opts.gateway.GATEWAY_PUSH_WINDOW_MS, auctions)
  const feed = new EventFeed({
    bus: opts.bus,
    tokens: opts.tokens,
    hub,
    fanout,
    lag: (seconds) => app.metrics?.eventLag.observe({ group: 'gateway' }, seconds),
  })
  // Live connections, read when /metrics is scraped.
  const unread = app.hasDecorator('metrics')
    ? [
        app.metrics.sockets.read('socketio', () => io.engine.clientsCount),
        app.metrics.sockets.read('ws', () => ws.size),
      ]
    : []
  app.addHook('onClose', () => unread.forEach((u) => u()))
  app.addHook('onReady', () => feed.start())
  app.addHook('preClose', async () => {
    await feed.stop()
    fanout.stop()
    io.disconnectSockets(true)
    io.engine.close()
  })

  await app.register(healthRoutes, { probe: opts.probe, realtimeReady: () => feed.started })
  await app.register(docsRoutes, {
    enabled: apiDocsEnabled(opts.gateway, opts.config.NODE_ENV),
    serviceDocs: opts.serviceDocs as never,
  })
  if (opts.gateway.LOADTEST_ECHO) await app.register(loadtestRoutes)
  await app.register(websocketFeed, { tokens: opts.tokens, ws, watchers, auctions, maxBuffered })
  if (opts.mode === 'distributed') await app.register(proxyRoutes, { urls: serviceUrls(opts.gateway) })
  if (opts.serveWeb !== false) await app.register(webApp, { dist: opts.gateway.WEB_DIST })
}

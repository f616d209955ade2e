import { closeOnSignals, createBus, createHttpServer, createTokenService, loadPlatformConfig } from '@diamond/runtime'
import gateway from './app'
import { loadGatewayConfig, mediaHosts, serviceUrls, SERVICES } from './config'
import edge from './modules/edge/edge'

/** The gateway as its own process, in front of the other services (distributed mode). */
const config = loadPlatformConfig()
const gw = loadGatewayConfig()
const urls = serviceUrls(gw)
const app = await createHttpServer({
  title: 'diamond-portal',
  logger: { level: config.LOG_LEVEL },
  metricsToken: config.METRICS_TOKEN,
})
await app.register(edge, { mediaHosts: mediaHosts(gw) })
const bus = createBus(config, 'gateway', (m, e) => app.log.warn({ err: e }, m))
app.addHook('onClose', () => bus.close())
await bus.start()
await app.register(gateway, {
  config,
  bus,
  tokens: createTokenService(config.JWT_SECRET, config.JWT_TTL_SECONDS),
  gateway: gw,
  mode: 'distributed',
  probe: async (name) => (await fetch(`${urls[name]}/web/v1/${name}/health`, { signal: AbortSignal.timeout(2000) })).ok,
  serviceDocs: async () =>
    (await Promise.all(
      SERVICES.map((s) =>
        fetch(`${urls[s]}/web/v1/${s}/openapi.json`, { signal: AbortSignal.timeout(3000) })
          .then((r) => r.json())
          .catch(() => ({})),
      ),
    )) as object[],
})
closeOnSignals(app)
await app.listen({ port: gw.PORT, host: config.HOST })

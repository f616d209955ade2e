import type { FastifyInstance } from 'fastify'
import gateway from '@diamond/gateway/app'
import { loadGatewayConfig, mediaHosts } from '@diamond/gateway/config'
import edge from '@diamond/gateway/modules/edge/edge'
import {
  API_PREFIX,
  createHttpServer,
  createTokenService,
  loadPlatformConfig,
  MemoryBus,
  type MessageBus,
  type ServiceContext,
} from '@diamond/runtime'
import { SERVICES, type ServiceModule } from '@diamond/runtime/registry'

type Env = Record<string, string | undefined>

/** Each registered service's module (`service` in @diamond/<name>/app), loaded by its registry name. */
export async function serviceModules(): Promise<ServiceModule[]> {
  return Promise.all(
    SERVICES.map(async ({ name }) => {
      const { service } = (await import(`@diamond/${name}/app`)) as { service?: ServiceModule }
      if (service?.name !== name)
        throw new Error(`@diamond/${name}/app must export \`service\` (defineService) named '${name}'`)
      return service
    }),
  )
}

/** Mounts every registered service on `app`, in the registry's order, each with its own options from `env`. */
export async function mountServices(
  app: FastifyInstance,
  ctx: ServiceContext & { prefix?: string },
  env: Env,
): Promise<void> {
  for (const service of await serviceModules()) await app.register(service.plugin, { ...ctx, ...service.options(env) })
}

/**
 * Every service and the gateway in one Fastify server: what `npm start` runs, and what integration
 * tests build. Configuration comes from `env`, validated once here.
 */
export async function buildPortal(env: Env, opts: { bus?: MessageBus; serveWeb?: boolean } = {}) {
  const config = loadPlatformConfig(env)
  const app = await createHttpServer({
    title: 'diamond-portal',
    logger: { level: config.LOG_LEVEL },
    metricsToken: config.METRICS_TOKEN,
  })
  const gw = loadGatewayConfig(env)
  // Headers and compression first: compression attaches to each route as it is declared.
  await app.register(edge, { mediaHosts: mediaHosts(gw) })
  const bus = opts.bus ?? new MemoryBus({ log: (m, e) => app.log.warn({ err: e }, m) })
  app.addHook('onClose', () => bus.close())
  const tokens = createTokenService(config.JWT_SECRET, config.JWT_TTL_SECONDS)

  await mountServices(app, { config, bus, tokens, prefix: API_PREFIX }, env)
  await app.register(gateway, {
    config,
    bus,
    tokens,
    gateway: gw,
    mode: 'embedded',
    serveWeb: opts.serveWeb,
    probe: async (name) =>
      (await app.inject({ method: 'GET', url: `${API_PREFIX}/${name}/health` })).statusCode === 200,
  })
  return { app, bus, tokens, config, gateway: gw }
}

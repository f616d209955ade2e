import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ownerOf } from '@diamond/gateway/modules/proxy/routing'
import {
  API_PREFIX,
  createHttpServer,
  createTokenService,
  loadPlatformConfig,
  MemoryBus,
  type HttpServer,
} from '@diamond/runtime'
import { SERVICES } from '@diamond/runtime/registry'
import { serviceModules } from '@diamond/portal/portal'
import { freshDatabase } from '../../../test/db'

// Each service alone, as its own process builds it, with every route Fastify registers for it: in the
// distributed mode the gateway must send each of those calls to that service, by the registry.
describe('the gateway routing table', () => {
  const routes = new Map<string, { method: string | string[]; url: string }[]>()
  const apps: HttpServer[] = []

  beforeAll(async () => {
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: await freshDatabase('routing'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO_DATA: 'false',
    }
    const config = loadPlatformConfig(env)
    const ctx = {
      config,
      bus: new MemoryBus(),
      tokens: createTokenService(config.JWT_SECRET, config.JWT_TTL_SECONDS),
      prefix: API_PREFIX,
    }
    for (const service of await serviceModules()) {
      const app = await createHttpServer({ title: service.name })
      const own: { method: string | string[]; url: string }[] = []
      app.addHook('onRoute', (r) => void own.push({ method: r.method, url: r.url }))
      await app.register(service.plugin, { ...ctx, ...service.options(env) })
      await app.ready()
      apps.push(app)
      routes.set(service.name, own)
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
  })

  it('finds every registered service and its routes', () => {
    expect([...routes.keys()]).toEqual(SERVICES.map((s) => s.name))
    for (const [name, list] of routes) expect(list.length, name).toBeGreaterThan(0)
  })

  it('sends every route of every service to that service', () => {
    const misrouted = [...routes].flatMap(([name, list]) =>
      list
        .filter((r) => r.url.startsWith(`${API_PREFIX}/`))
        .map((r) => ({ service: name, url: r.url, owner: ownerOf(r.url) }))
        .filter((r) => r.owner !== r.service),
    )
    expect(misrouted).toEqual([])
  })

  it('serves no call outside /web/v1 from a service (the gateway forwards only those)', () => {
    const outside = [...routes].flatMap(([name, list]) =>
      list.filter((r) => !r.url.startsWith(`${API_PREFIX}/`)).map((r) => `${name} ${String(r.method)} ${r.url}`),
    )
    expect(outside).toEqual([])
  })
})

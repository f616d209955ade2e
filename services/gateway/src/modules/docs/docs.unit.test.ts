import { afterEach, describe, expect, it } from 'vitest'
import { createHttpServer, createTokenService, loadPlatformConfig, MemoryBus, type HttpServer } from '@diamond/runtime'
import gateway from '../../app'
import { apiDocsEnabled, loadGatewayConfig } from '../../config'

const base = { DATABASE_URL: 'postgres://127.0.0.1/none', JWT_SECRET: 'x'.repeat(40) }

describe('API_DOCS', () => {
  const docs = (env: Record<string, string>, nodeEnv: string) => apiDocsEnabled(loadGatewayConfig(env), nodeEnv)

  it('is off in production unless asked for, and on elsewhere unless switched off', () => {
    expect(docs({}, 'production')).toBe(false)
    expect(docs({ API_DOCS: 'true' }, 'production')).toBe(true)
    expect(docs({}, 'development')).toBe(true)
    expect(docs({}, 'test')).toBe(true)
    expect(docs({ API_DOCS: 'false' }, 'development')).toBe(false)
  })

  it('is validated like the rest of the configuration', () => {
    expect(() => loadGatewayConfig({ API_DOCS: 'sometimes' })).toThrow(/API_DOCS/)
  })
})

// The gateway as `npm start` and the distributed mode mount it; no database is reached.
describe('the API documentation routes', () => {
  let app: HttpServer | null = null
  afterEach(async () => {
    await app?.close()
    app = null
  })

  async function edge(
    nodeEnv: 'production' | 'development',
    env: Record<string, string>,
    mode: 'embedded' | 'distributed' = 'embedded',
  ) {
    const config = { ...loadPlatformConfig(base), NODE_ENV: nodeEnv }
    app = await createHttpServer({ title: 'diamond-portal' })
    await app.register(gateway, {
      config,
      bus: new MemoryBus(),
      tokens: createTokenService(base.JWT_SECRET, 3600),
      gateway: loadGatewayConfig(env),
      mode,
      serveWeb: false,
      probe: () => Promise.resolve(true),
      serviceDocs: () => Promise.resolve([]),
    })
    return app
  }

  it("are not served in production by default, the services' documents behind the gateway neither", async () => {
    const gw = await edge('production', {}, 'distributed')
    for (const url of [
      '/web/v1/openapi.json',
      '/web/v1/docs',
      '/web/v1/docs/static/index.html',
      '/web/v1/stock/openapi.json',
    ]) {
      const res = await gw.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toMatchObject({ code: 'E_NOT_FOUND' })
    }
  })

  it('are served in production with API_DOCS=true', async () => {
    const gw = await edge('production', { API_DOCS: 'true' })
    const doc = await gw.inject({ method: 'GET', url: '/web/v1/openapi.json' })
    expect(doc.statusCode).toBe(200)
    expect(doc.json()).toMatchObject({ openapi: '3.1.0' })
    expect((await gw.inject({ method: 'GET', url: '/web/v1/docs' })).statusCode).toBeLessThan(400)
  })

  it('are served in development without asking', async () => {
    const gw = await edge('development', {})
    expect((await gw.inject({ method: 'GET', url: '/web/v1/openapi.json' })).statusCode).toBe(200)
    expect((await gw.inject({ method: 'GET', url: '/web/v1/docs' })).statusCode).toBeLessThan(400)
  })
})

import { describe, expect, it } from 'vitest'
import { createHttpServer } from './http'

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN: a direct local scraper only', async () => {
    const app = await createHttpServer({ title: 'm' })
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '198.51.100.4' } })).statusCode).toBe(404)
    expect((await app.inject({ url: '/metrics', remoteAddress: '198.51.100.4' })).statusCode).toBe(404)
    await app.close()
  })

  it('with METRICS_TOKEN: whoever sends it as a bearer token, from anywhere, and nobody else', async () => {
    const app = await createHttpServer({ title: 'm', metricsToken: 'a-long-scrape-token-0123' })
    const from = (authorization?: string, remoteAddress = '198.51.100.4') =>
      app
        .inject({ url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} })
        .then((r) => r.statusCode)
    expect(await from('Bearer a-long-scrape-token-0123')).toBe(200)
    expect(await from('Bearer a-long-scrape-token-0124')).toBe(404)
    expect(await from('Bearer short')).toBe(404)
    expect(await from()).toBe(404)
    // Loopback alone is not enough once a token is set.
    expect(await from(undefined, '127.0.0.1')).toBe(404)
    await app.close()
  })

  it('labels requests by route pattern, never by the raw URL', async () => {
    const app = await createHttpServer({ title: 'm' })
    app.get('/stone/:id', { config: { public: true } }, () => ({ ok: true }))
    await app.inject({ url: '/stone/abc' })
    await app.inject({ url: '/stone/def' })
    await app.inject({ url: '/no/such/path' })
    const text = (await app.inject({ url: '/metrics' })).body
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/stone\/:id",status_code="200"\} 2/)
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1/)
    expect(text).not.toContain('abc')
    expect(text).not.toContain('/no/such/path')
    await app.close()
  })
})

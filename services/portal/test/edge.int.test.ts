import { spawnSync } from 'node:child_process'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

const ROOT = new URL('../../../', import.meta.url).pathname

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  bytes: Buffer
}

/** One request with node:http, so the body is counted as sent (fetch would decompress it). */
function raw(
  base: string,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(opts.body)
  })
}
const json = (r: Raw) => JSON.parse(r.bytes.toString()) as { code: string; message: string; data: any }

// The portal's edge as a browser, a scraper and an orchestrator meet it: headers, compression,
// routes of its own, and the request id.
describe('the edge', () => {
  let portal: TestPortal
  let token: string

  beforeAll(async () => {
    // The web app is served from web/dist: build it as `npm start` does.
    const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-web-if-stale.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    if (built.status !== 0) throw new Error(`web build failed:\n${built.stdout}\n${built.stderr}`)
    portal = await startTestPortal({
      stones: 300,
      serveWeb: true,
      env: { STOCK_IMAGE_HOST: 'https://images.example.net/stones' },
    })
    token = await portal.login('buyer1')
  })
  afterAll(() => portal?.close())

  describe('security headers', () => {
    it('sends a strict Content-Security-Policy and the other headers with the web app and the API', async () => {
      for (const r of [
        await raw(portal.base, '/'),
        await raw(portal.base, '/web/v1/health'),
        await raw(portal.base, '/web/v1/nothing'),
      ]) {
        const csp = String(r.headers['content-security-policy'])
        expect(csp).toContain("frame-ancestors 'none'")
        expect(csp).toContain("script-src 'self'")
        expect(csp).toContain("default-src 'self'")
        expect(csp).toContain("object-src 'none'")
        expect(csp).not.toContain('unsafe-inline')
        expect(csp).not.toContain('unsafe-eval')
        // The configured media host's photos may be shown.
        expect(csp).toMatch(/img-src [^;]*https:\/\/images\.example\.net/)
        expect(r.headers['x-content-type-options']).toBe('nosniff')
        expect(r.headers['referrer-policy']).toBe('no-referrer')
        expect(r.headers['x-frame-options']).toBe('DENY')
        // The rest of helmet's set, worked out once at start (edge.ts) and sent with every answer that
        // is not an API call (pages, files, GETs such as health, 404s; the calls: the next test).
        expect(r.headers).toMatchObject({
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-resource-policy': 'same-origin',
          'origin-agent-cluster': '?1',
          'x-dns-prefetch-control': 'off',
          'x-download-options': 'noopen',
          'x-permitted-cross-domain-policies': 'none',
          'x-xss-protection': '0',
        })
        // Plain http: no HSTS.
        expect(r.headers['strict-transport-security']).toBeUndefined()
      }
    })

    it("answers the API's calls with the headers a JSON answer needs, not a page's", async () => {
      const headers = { 'content-type': 'application/json' }
      for (const r of [
        await raw(portal.base, '/web/v1/diamond/paginate', {
          method: 'POST',
          headers: { ...headers, authorization: `JWT ${token}` },
          body: JSON.stringify({ page: 1, limit: 5 }),
        }),
        // Refused and unknown calls too.
        await raw(portal.base, '/web/v1/diamond/paginate', { method: 'POST', headers, body: '{}' }),
        await raw(portal.base, '/web/v1/nothing', { method: 'POST', headers, body: '{}' }),
      ]) {
        expect(r.headers['content-type']).toMatch(/application\/json/)
        // It may load nothing and be framed by nothing, whatever opens it.
        expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
        expect(r.headers).toMatchObject({
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'DENY',
          'referrer-policy': 'no-referrer',
          'cross-origin-resource-policy': 'same-origin',
        })
        // The headers that act on documents only are left to the pages.
        for (const name of [
          'cross-origin-opener-policy',
          'origin-agent-cluster',
          'x-dns-prefetch-control',
          'x-download-options',
          'x-permitted-cross-domain-policies',
          'x-xss-protection',
        ])
          expect(r.headers[name], name).toBeUndefined()
      }
      const tls = await raw(portal.base, '/web/v1/diamond/paginate', {
        method: 'POST',
        headers: { ...headers, 'x-forwarded-proto': 'https' },
        body: '{}',
      })
      expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    })

    it('sends HSTS only when a trusted proxy says the request came over TLS', async () => {
      const r = await raw(portal.base, '/web/v1/health', { headers: { 'x-forwarded-proto': 'https' } })
      expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/)
      const remote = await portal.app.inject({
        url: '/web/v1/health',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '203.0.113.7',
      })
      expect(remote.headers['strict-transport-security']).toBeUndefined()
    })

    it('lets the API docs page keep its inline styles, and nothing inline in scripts', async () => {
      const r = await raw(portal.base, '/web/v1/docs/')
      expect(r.status).toBe(200)
      const csp = String(r.headers['content-security-policy'])
      expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/)
      expect(csp).toMatch(/script-src 'self'(;|$)/)
      expect(csp).toContain("frame-ancestors 'none'")
    })
  })

  describe('compression', () => {
    it('sends the entry script precompressed, at least 3x smaller, with Vary: Accept-Encoding', async () => {
      const page = (await raw(portal.base, '/')).bytes.toString()
      const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1]
      expect(entry).toBeTruthy()
      const plain = await raw(portal.base, entry!)
      expect(plain.headers['content-encoding']).toBeUndefined()
      for (const encoding of ['br', 'gzip']) {
        const packed = await raw(portal.base, entry!, { headers: { 'accept-encoding': encoding } })
        expect(packed.status).toBe(200)
        expect(packed.headers['content-encoding']).toBe(encoding)
        expect(String(packed.headers.vary)).toMatch(/accept-encoding/i)
        expect(packed.headers['content-type']).toMatch(/javascript/)
        expect(packed.bytes.length * 3).toBeLessThanOrEqual(plain.bytes.length)
      }
    })

    it('never serves source maps', async () => {
      const page = (await raw(portal.base, '/')).bytes.toString()
      const entry = /src="(\/assets\/[^"]+\.js)"/.exec(page)![1]!
      const r = await raw(portal.base, `${entry}.map`)
      expect(r.status).toBe(404)
      expect(json(r).code).toBe('E_NOT_FOUND')
      expect((await raw(portal.base, entry)).bytes.toString()).not.toContain('sourceMappingURL')
    })

    it('sends a 250-row search answer compressed at least 3x smaller', async () => {
      const body = JSON.stringify({ page: 1, limit: 250 })
      const headers = { 'content-type': 'application/json', authorization: `JWT ${token}` }
      const plain = await raw(portal.base, '/web/v1/diamond/paginate', { method: 'POST', headers, body })
      expect(json(plain).data.list).toHaveLength(250)
      for (const encoding of ['br', 'gzip']) {
        const packed = await raw(portal.base, '/web/v1/diamond/paginate', {
          method: 'POST',
          headers: { ...headers, 'accept-encoding': `${encoding}` },
          body,
        })
        expect(packed.headers['content-encoding']).toBe(encoding)
        expect(String(packed.headers.vary)).toMatch(/accept-encoding/i)
        expect(packed.bytes.length * 3).toBeLessThanOrEqual(plain.bytes.length)
      }
    })
  })

  describe('routes of its own', () => {
    it('answers unknown paths under the API with 404 in the envelope, never the web app', async () => {
      for (const [method, path] of [
        ['GET', '/web/v1/nothing/here'],
        ['POST', '/web/v1/nothing'],
        ['GET', '//web/v1/nothing'],
        ['GET', '/WEB/V1/nothing'],
        ['GET', '/web/v1'],
      ]) {
        const r = await raw(portal.base, path!, {
          method,
          headers: { 'content-type': 'application/json' },
          body: method === 'POST' ? '{}' : undefined,
        })
        expect(r.status, `${method} ${path}`).toBe(404)
        expect(r.headers['content-type']).toMatch(/application\/json/)
        expect(json(r).code).toBe('E_NOT_FOUND')
      }
      // A path of the app itself is still the app.
      expect((await raw(portal.base, '/stones')).headers['content-type']).toMatch(/text\/html/)
    })

    it('has a liveness and a readiness route', async () => {
      const live = await raw(portal.base, '/healthz')
      expect(live.status).toBe(200)
      expect(json(live)).toMatchObject({ code: 'OK', message: 'live' })
      const ready = await raw(portal.base, '/ready')
      expect(ready.status).toBe(200)
      expect(json(ready)).toMatchObject({
        code: 'OK',
        data: {
          realtime: true,
          services: { auth: true, stock: true, bidding: true, appointments: true, notifications: true },
        },
      })
    })

    it('serves Prometheus metrics to a local scraper, per route pattern, and hides them from others', async () => {
      await raw(portal.base, '/web/v1/diamond/paginate', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
        body: '{"page":1,"limit":5}',
      })
      const r = await raw(portal.base, '/metrics')
      expect(r.status).toBe(200)
      expect(r.headers['content-type']).toMatch(/text\/plain/)
      const text = r.bytes.toString()
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="POST",route="\/web\/v1\/diamond\/paginate",status_code="200"\} \d+/,
      )
      // A raw URL never becomes a label: an unknown path is "unmatched".
      expect(text).not.toContain('route="/web/v1/nothing')
      expect(text).toMatch(/outbox_backlog\{service="stock"\} \d+/)
      expect(text).toMatch(/realtime_connections\{transport="socketio"\} \d+/)
      expect(text).toMatch(/realtime_connections\{transport="ws"\} \d+/)
      expect(text).toMatch(/bid_engine_queue_depth\{service="bidding"\} \d+/)
      expect(text).toContain('# TYPE event_consumer_lag_seconds histogram')
      expect(text).toContain('# TYPE event_consumer_batch_failures_total counter')
      expect(text).toContain('# TYPE outbox_relay_publish_seconds histogram')

      // Passed on by a proxy (X-Forwarded-For), or from another machine: not found.
      expect((await raw(portal.base, '/metrics', { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(404)
      expect((await portal.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' })).statusCode).toBe(404)
    })

    it('counts the lag of the events consumers handled and the relay publishes', async () => {
      const [stone] = await portal.stones(token, 1)
      expect((await portal.call('diamond/hold', { id: stone!.id }, token)).body.code).toBe('OK')
      await waitFor(
        async () => {
          const text = (await raw(portal.base, '/metrics')).bytes.toString()
          return (
            /outbox_relay_publish_seconds_count\{service="stock"\} [1-9]/.test(text) &&
            /event_consumer_lag_seconds_count\{group="notifications\.[a-z-]+"\} [1-9]/.test(text)
          )
        },
        15_000,
        'relay and consumer metrics',
      )
    })
  })

  describe('request id', () => {
    it('keeps the X-Request-Id of a loopback proxy, echoes it, and writes it into the events the request causes', async () => {
      const [stone] = await portal.stones(token, 1)
      const r = await portal.callRaw(
        'diamond/hold',
        { id: stone!.id },
        { token, headers: { 'x-request-id': 'edge-test-42' } },
      )
      expect(r.body.code).toBe('OK')
      expect(r.headers.get('x-request-id')).toBe('edge-test-42')
      const events = await portal.sql<{ type: string; request_id: string | null }[]>`
        select type, event->>'requestId' as request_id from stock.outbox where key = ${stone!.id} order by seq`
      expect(events.length).toBeGreaterThan(0)
      for (const e of events) expect(e).toMatchObject({ request_id: 'edge-test-42' })
    })

    it('makes an id for a request that brings none', async () => {
      const r = await raw(portal.base, '/web/v1/health')
      expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    })
  })
})

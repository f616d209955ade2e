import { spawn, type ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { randomBytes } from 'node:crypto'
import { networkInterfaces } from 'node:os'
import postgres from 'postgres'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '@diamond/runtime/pg-server'
import { SERVICE_NAMES } from '@diamond/runtime/registry'
import { freshDatabase } from '../../../test/db'
import { waitFor } from '../../../test/portal'

const REPO = fileURLToPath(new URL('../../../', import.meta.url))
const SERVICES = SERVICE_NAMES
/** A non-loopback IPv4 address of this machine, if it has one. */
const EXTERNAL = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address

// Each service runs as its own process (the distributed mode), the gateway in front routing calls.
describe('every service runs alone', () => {
  const children: ChildProcess[] = []
  const ports: Record<string, number> = {}
  let output = ''
  let databaseUrl = ''

  beforeAll(async () => {
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: (databaseUrl = await freshDatabase('standalone')),
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO_DATA: 'true',
      STOCK_DEMO_STONES: '20',
      BUS: 'memory',
    }
    for (const s of [...SERVICES, 'gateway']) ports[s] = await freePort()
    for (const s of SERVICES) {
      env[`${s.toUpperCase()}_PORT`] = String(ports[s])
      env[`${s.toUpperCase()}_URL`] = `http://127.0.0.1:${ports[s]}`
    }
    env.PORT = String(ports.gateway)
    for (const s of [...SERVICES, 'gateway']) {
      // The gateway also listens on the machine's own address, to be called from a non-loopback address.
      const own = s === 'gateway' && EXTERNAL ? { ...env, HOST: '0.0.0.0' } : env
      const child = spawn(process.execPath, ['--import', 'tsx', `services/${s}/src/server.ts`], { cwd: REPO, env: own })
      child.stdout!.on('data', (d) => (output += d))
      child.stderr!.on('data', (d) => (output += d))
      children.push(child)
    }
  })
  afterAll(async () => {
    await Promise.all(
      children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : (c.once('exit', r), c.kill('SIGTERM'))))),
    )
  })

  const get = (port: number, path: string) =>
    fetch(`http://127.0.0.1:${port}${path}`).then(
      async (r) => ({ status: r.status, body: await r.json() }),
      () => null,
    )

  it('starts each service with its own health route and OpenAPI document', async () => {
    for (const s of SERVICES) {
      const health = await waitFor(
        async () => (await get(ports[s]!, `/web/v1/${s}/health`))?.body.code === 'OK',
        60_000,
        `${s} health\n${output}`,
      )
      expect(health).toBe(true)
      const doc = await get(ports[s]!, `/web/v1/${s}/openapi.json`)
      expect(doc?.body.paths).toHaveProperty(`/web/v1/${s}/health`)
    }
  })

  const post = (
    path: string,
    body: unknown,
    token?: string,
    headers: Record<string, string> = {},
    host = '127.0.0.1',
  ) =>
    fetch(`http://${host}:${ports.gateway}/web/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}), ...headers },
      body: JSON.stringify(body),
    }).then((r) => r.json())

  it('routes calls through the gateway to the owning service', async () => {
    await waitFor(
      async () => (await get(ports.gateway!, '/web/v1/health'))?.body.code === 'OK',
      60_000,
      `gateway health\n${output}`,
    )
    // A new browser: an untrusted token and a mailed code, verified for a trusted token.
    const login = await post('auth/login', { username: 'buyer1', password: 'Diamond@2026' })
    expect(login.code).toBe('OK')
    expect(login.data.isTrusted).toBe(false)
    expect((await post('diamond/paginate', { limit: 5 }, login.data.token.jwt)).code).toBe('E_DEVICE_UNTRUSTED')
    // Each process here has its own in-memory bus, so the mail never reaches the notifications
    // service: the code is read from the mail request in the auth service's outbox instead.
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    const [event] =
      await sql`select event from auth.outbox where type = 'auth.mail.requested' and event->'data'->>'template' = 'device-otp' order by seq desc limit 1`
    await sql.end()
    const otp = event!.event.data.params.code as string
    const verified = await post('verifyfingerprint', { otp, trust: 'once' }, login.data.token.jwt)
    expect(verified.code).toBe('OK')
    const token = verified.data.token.jwt
    const page = await post('diamond/paginate', { limit: 5 }, token)
    expect(page.data.list).toHaveLength(5)
    const bad = await post('diamond/paginate', { limit: 'five' }, token)
    expect(bad).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'limit' }] } })
    const docs = await get(ports.gateway!, '/web/v1/openapi.json')
    expect(Object.keys(docs!.body.paths)).toEqual(
      expect.arrayContaining([
        '/web/v1/auth/login',
        '/web/v1/diamond/hold',
        '/web/v1/notification/list',
        '/web/v1/appointments/health',
      ]),
    )
  })

  /** node:http, so headers and the body are seen as sent (fetch decompresses). */
  const raw = (
    port: number,
    path: string,
    opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
    host = '127.0.0.1',
  ) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>(
      (resolve, reject) => {
        const req = request(
          `http://${host}:${port}${path}`,
          { method: opts.method ?? 'GET', headers: opts.headers },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                headers: res.headers,
                text: Buffer.concat(chunks).toString('latin1'),
              }),
            )
          },
        )
        req.on('error', reject)
        req.end(opts.body)
      },
    )

  it('carries the request id from the gateway to the service and into the event it writes', async () => {
    await waitFor(
      async () => (await get(ports.gateway!, '/web/v1/health'))?.body.code === 'OK',
      60_000,
      `gateway health\n${output}`,
    )
    const r = await raw(ports.gateway!, '/web/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'dist-login-7' },
      body: JSON.stringify({ username: 'buyer2', password: 'Diamond@2026' }),
    })
    expect(JSON.parse(r.text).code).toBe('OK')
    expect(r.headers['x-request-id']).toBe('dist-login-7')
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    const rows =
      await sql`select event->>'requestId' as request_id from auth.outbox where type = 'auth.mail.requested' and event->>'requestId' = 'dist-login-7'`
    await sql.end()
    expect(rows).toHaveLength(1)
  })

  it('compresses what the gateway passes on, and each process has its own /metrics, /healthz and /ready', async () => {
    const call = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 200 }),
    }
    const plain = await raw(ports.gateway!, '/web/v1/country/paginate', call)
    const packed = await raw(ports.gateway!, '/web/v1/country/paginate', {
      ...call,
      headers: { ...call.headers, 'accept-encoding': 'gzip' },
    })
    expect(plain.text.length).toBeGreaterThan(4096)
    expect(packed.headers['content-encoding']).toBe('gzip')
    expect(String(packed.headers.vary)).toMatch(/accept-encoding/i)
    expect(packed.text.length * 3).toBeLessThanOrEqual(plain.text.length)
    for (const [port, route] of [
      [ports.gateway!, 'route="/web/v1/*"'],
      [ports.stock!, 'route="/web/v1/stock/health"'],
    ] as const) {
      const m = await raw(port, '/metrics')
      expect(m.status).toBe(200)
      expect(m.text).toContain(route)
    }
    expect((await raw(ports.stock!, '/metrics')).text).toMatch(/outbox_backlog\{service="stock"\} \d+/)
    expect((await raw(ports.gateway!, '/metrics')).text).toMatch(/realtime_connections\{transport="socketio"\} \d+/)
    for (const port of [ports.gateway!, ports.stock!]) {
      expect((await raw(port, '/healthz')).status).toBe(200)
      const ready = await raw(port, '/ready')
      expect(ready.status).toBe(200)
      expect(JSON.parse(ready.text).code).toBe('OK')
    }
  })

  // The caller must not be on loopback: the gateway itself believes a proxy there (a local reverse proxy).
  it.skipIf(!EXTERNAL)(
    'gives the services the client address as the gateway saw it, not an X-Forwarded-For the client wrote',
    async () => {
      // Each failure claims another address; the auth service must still count them all against this one.
      const codes: string[] = []
      for (let i = 0; i < 11; i++) {
        const r = await post(
          'auth/login',
          { username: `ghost${i}`, password: 'Wrong-pass1' },
          undefined,
          { 'x-forwarded-for': `203.0.113.${i + 1}` },
          EXTERNAL,
        )
        codes.push(r.code)
      }
      expect(codes.slice(0, 10)).toEqual(Array(10).fill('E_INVALID_CREDENTIALS'))
      expect(codes[10]).toBe('E_RATE_LIMITED')
    },
  )
})

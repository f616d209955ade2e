import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '@diamond/runtime/pg-server'
import { freshDatabase } from '../../../test/db'
import { waitFor } from '../../../test/portal'

const REPO = fileURLToPath(new URL('../../../', import.meta.url))
const SERVICES = ['auth', 'stock', 'bidding', 'appointments', 'notifications'] as const

// Each service runs as its own process (the distributed mode), the gateway in front routing calls.
describe('every service runs alone', () => {
  const children: ChildProcess[] = []
  const ports: Record<string, number> = {}
  let output = ''

  beforeAll(async () => {
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: await freshDatabase('standalone'),
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
      const child = spawn(process.execPath, ['--import', 'tsx', `services/${s}/src/server.ts`], { cwd: REPO, env })
      child.stdout!.on('data', (d) => (output += d))
      child.stderr!.on('data', (d) => (output += d))
      children.push(child)
    }
  })
  afterAll(async () => {
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : (c.once('exit', r), c.kill('SIGTERM'))))))
  })

  const get = (port: number, path: string) => fetch(`http://127.0.0.1:${port}${path}`).then(async (r) => ({ status: r.status, body: await r.json() }), () => null)

  it('starts each service with its own health route and OpenAPI document', async () => {
    for (const s of SERVICES) {
      const health = await waitFor(async () => (await get(ports[s]!, `/web/v1/${s}/health`))?.body.code === 'OK', 60_000, `${s} health\n${output}`)
      expect(health).toBe(true)
      const doc = await get(ports[s]!, `/web/v1/${s}/openapi.json`)
      expect(doc?.body.paths).toHaveProperty(`/web/v1/${s}/health`)
    }
  })

  it('routes calls through the gateway to the owning service', async () => {
    await waitFor(async () => (await get(ports.gateway!, '/web/v1/health'))?.body.code === 'OK', 60_000, `gateway health\n${output}`)
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`http://127.0.0.1:${ports.gateway}/web/v1/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
        body: JSON.stringify(body),
      }).then((r) => r.json())
    const login = await post('auth/login', { username: 'buyer1', password: 'Diamond@2026' })
    expect(login.code).toBe('OK')
    const page = await post('diamond/paginate', { limit: 5 }, login.data.token.jwt)
    expect(page.data.list).toHaveLength(5)
    const bad = await post('diamond/paginate', { limit: 'five' }, login.data.token.jwt)
    expect(bad).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'limit' }] } })
    const docs = await get(ports.gateway!, '/web/v1/openapi.json')
    expect(Object.keys(docs!.body.paths)).toEqual(expect.arrayContaining(['/web/v1/auth/login', '/web/v1/diamond/hold', '/web/v1/notification/list', '/web/v1/appointments/health']))
  })
})

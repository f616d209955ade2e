import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import type { MessageBus } from '@diamond/runtime'
import { buildPortal } from '@diamond/portal/portal'
import { freshDatabase } from './db'

export const DEMO_PASSWORD = 'Diamond@2026'

/**
 * The portal as `npm start` builds it (every service, the gateway, the in-process bus unless another
 * is given) on a fresh database with a few demo stones, listening on a loopback port.
 */
export async function startTestPortal(opts: { stones?: number; bus?: MessageBus; env?: Record<string, string> } = {}) {
  const databaseUrl = await freshDatabase('portal')
  const secret = randomBytes(32).toString('hex')
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: secret,
    DEMO_DATA: 'true',
    STOCK_DEMO_STONES: String(opts.stones ?? 300),
    ...opts.env,
  }
  const portal = await buildPortal(env, { bus: opts.bus, serveWeb: false })
  await portal.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = portal.app.server.address() as { port: number }
  const base = `http://127.0.0.1:${port}`
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} })

  async function call(path: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}/web/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as { code: string; message: string; data: any } }
  }

  async function login(username: string): Promise<string> {
    const r = await call('auth/login', { username, password: DEMO_PASSWORD, captcha: '1234' })
    if (r.body.code !== 'OK') throw new Error(`login ${username}: ${JSON.stringify(r.body)}`)
    return r.body.data.token.jwt as string
  }

  async function stones(token: string, limit = 10): Promise<{ id: string; vStnId: string; availability: string }[]> {
    return (await call('diamond/paginate', { page: 1, limit }, token)).body.data.list
  }

  return {
    ...portal,
    base,
    port,
    sql,
    secret,
    databaseUrl,
    call,
    login,
    stones,
    async close() {
      await portal.app.close()
      await sql.end()
    },
  }
}
export type TestPortal = Awaited<ReturnType<typeof startTestPortal>>

export async function waitFor<T>(probe: () => T | Promise<T>, timeoutMs = 15_000, what = 'condition'): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const v = await probe()
    if (v) return v as NonNullable<T>
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

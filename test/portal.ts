import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import type { DevMail } from '@diamond/contracts/http/misc'
import { MemoryBus, type MessageBus } from '@diamond/runtime'
import { databaseUrl, startLocalPostgres } from '@diamond/runtime/pg-server'
import { buildPortal } from '@diamond/portal/portal'
import { freshDatabase } from './db'
import { formOf, type FormPart } from './form'

export const DEMO_PASSWORD = 'Diamond@2026'
export const DEMO_EMAIL_DOMAIN = 'demo.diamond-portal.test'

/** The six-digit code in a device-otp mail. */
export function codeIn(mail: DevMail): string {
  const m = /\b(\d{6})\b/.exec(mail.text)
  if (!m) throw new Error(`no code in mail: ${mail.text}`)
  return m[1]!
}

/** The `dp_device=<keys>` pair a response sets (for the next request's Cookie header), if any. */
export function deviceCookieOf(headers: Headers): string | null {
  for (const c of headers.getSetCookie()) {
    const pair = c.split(';')[0]!.trim()
    if (pair.startsWith('dp_device=')) return pair
  }
  return null
}

/**
 * The portal as `npm start` builds it (every service, the gateway, the in-process bus unless another
 * is given) on a fresh database with a few demo stones, listening on a loopback port.
 */
export async function startTestPortal(
  opts: {
    stones?: number
    bus?: MessageBus
    env?: Record<string, string>
    serveWeb?: boolean
    databaseUrl?: string
  } = {},
) {
  // A database of the test's own server (one it kills and restarts), or a fresh one on the run's.
  const databaseUrl = opts.databaseUrl ?? (await freshDatabase('portal'))
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
  // A consumer's batch whose transaction fails is applied again one event at a time, with the same
  // outcome: only the bus's log tells that a batch path is broken (stock's dashboard positions went
  // one event at a time unnoticed that way). The in-process bus made here keeps that log, and
  // close() fails the test file when a batch failed; tests that mean a batch to fail bring a bus.
  const batchFailures: string[] = []
  const bus =
    opts.bus ??
    new MemoryBus({
      log: (m, e) => {
        if (m.startsWith('a batch of')) batchFailures.push(`${m}: ${e instanceof Error ? e.message : String(e)}`)
      },
    })
  const portal = await buildPortal(env, { bus, serveWeb: opts.serveWeb ?? false })
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

  /**
   * A multipart call as the web app sends one (an upload): the parts in order, a file as its content
   * and name. Answers like `call`.
   */
  async function multipart(path: string, parts: readonly FormPart[], token?: string) {
    const res = await fetch(`${base}/web/v1/${path}`, {
      method: 'POST',
      headers: token ? { authorization: `JWT ${token}` } : {},
      body: formOf(parts),
    })
    return { status: res.status, body: (await res.json()) as { code: string; message: string; data: any } }
  }

  /** A seller's CSV previewed as the upload screen sends it (`mode` addUpdate): the preview's answer. */
  async function previewCsv(csv: string, token: string) {
    return (
      await multipart(
        'seller/inventory/upload',
        [
          ['mode', 'addUpdate'],
          ['file', { content: csv, name: 'stock.csv', type: 'text/csv' }],
        ],
        token,
      )
    ).body
  }

  /** Like `call`, with the response headers (cookies, Retry-After) and extra request headers. */
  async function callRaw(path: string, body: unknown, opts: { token?: string; headers?: Record<string, string> } = {}) {
    const res = await fetch(`${base}/web/v1/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(opts.token ? { authorization: `JWT ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    return {
      status: res.status,
      headers: res.headers,
      body: (await res.json()) as { code: string; message: string; data: any },
    }
  }

  /** The newest mails to `email` in the development mailbox (newest first). */
  async function mails(email: string, limit = 20): Promise<DevMail[]> {
    const res = await fetch(`${base}/web/v1/dev/mailbox?to=${encodeURIComponent(email)}&limit=${limit}`)
    if (res.status !== 200) throw new Error(`dev mailbox: ${res.status} ${await res.text()}`)
    return ((await res.json()) as { data: { list: DevMail[] } }).data.list
  }
  const readMail = async (email: string): Promise<DevMail | null> => (await mails(email, 1))[0] ?? null

  /** Waits for a mail to `email` that was not there in `seen` (ids), optionally of one template. */
  async function nextMail(email: string, seen: Set<string>, template?: string): Promise<DevMail> {
    return waitFor(
      async () => (await mails(email)).find((m) => !seen.has(m.id) && (!template || m.template === template)),
      30_000,
      `a ${template ?? ''} mail to ${email}`,
    )
  }
  const mailIds = async (email: string) => new Set((await mails(email, 200)).map((m) => m.id))

  /**
   * The code of the user's newest sign-in code mail. Mails arrive asynchronously (outbox, bus,
   * notifications), so it waits until every code the auth service sent to that user is in the
   * mailbox: the newest mail is then the one code still valid.
   */
  async function latestCode(email: string): Promise<string> {
    const mail = await waitFor(
      async () => {
        const [{ n }] = await sql<[{ n: number }]>`
          select count(*)::int as n from auth.device_otps d join auth.users u on u.id = d.user_id where lower(u.email) = lower(${email})`
        const list = (await mails(email, 200)).filter((m) => m.template === 'device-otp')
        return n > 0 && list.length >= n ? list[0] : null
      },
      30_000,
      `the sign-in code mailed to ${email}`,
    )
    return codeIn(mail)
  }

  // One browser per username: the dp_device cookie it got when its device was trusted ('always').
  const deviceCookies = new Map<string, string>()
  const signingIn = new Map<string, Promise<unknown>>()

  /**
   * Signs a user in as a browser does: the first time, the login answers an untrusted token and
   * mails a code, which is verified with trust 'always'; the browser keeps the cookie, so later
   * logins of that username are trusted at once. Answers the trusted token. Logins of one
   * username run one after another (each reads the newest code of that user).
   */
  function login(username: string, opts: { email?: string; password?: string } = {}): Promise<string> {
    const run = (signingIn.get(username) ?? Promise.resolve()).catch(() => {}).then(() => signIn(username, opts))
    signingIn.set(username, run)
    return run
  }

  async function signIn(username: string, opts: { email?: string; password?: string }): Promise<string> {
    const cookie = deviceCookies.get(username)
    const r = await callRaw(
      'auth/login',
      { username, password: opts.password ?? DEMO_PASSWORD, captcha: '1234' },
      { headers: cookie ? { cookie } : {} },
    )
    if (r.body.code !== 'OK') throw new Error(`login ${username}: ${JSON.stringify(r.body)}`)
    if (r.body.data.isTrusted) return r.body.data.token.jwt as string
    const otp = await latestCode(opts.email ?? (r.body.data.user.email as string))
    const v = await callRaw('verifyfingerprint', { otp, trust: 'always' }, { token: r.body.data.token.jwt })
    if (v.body.code !== 'OK') throw new Error(`verifyfingerprint ${username}: ${JSON.stringify(v.body)}`)
    const device = deviceCookieOf(v.headers)
    if (device) deviceCookies.set(username, device)
    return v.body.data.token.jwt as string
  }

  async function stones(token: string, limit = 10): Promise<{ id: string; vStnId: string; availability: string }[]> {
    // Stones a test can take: the available ones, in stone-number order.
    return (await call('diamond/paginate', { page: 1, limit, filter: { availability: ['A'] } }, token)).body.data.list
  }

  return {
    ...portal,
    base,
    port,
    sql,
    secret,
    databaseUrl,
    call,
    callRaw,
    multipart,
    previewCsv,
    login,
    readMail,
    mails,
    mailIds,
    nextMail,
    latestCode,
    deviceCookies,
    stones,
    async close() {
      await portal.app.close()
      await sql.end()
      if (batchFailures.length)
        throw new Error(`consumer batches failed (applied again one event at a time):\n${batchFailures.join('\n')}`)
    },
  }
}
export type TestPortal = Awaited<ReturnType<typeof startTestPortal>>

export async function waitFor<T>(
  probe: () => T | Promise<T>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const v = await probe()
    if (v) return v as NonNullable<T>
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/**
 * Every number in a JSON-like value, numeric strings included ("1010", "1010.00"). A test that a
 * hidden price leaked nowhere looks for the price among these, not in the serialized text, where a
 * random id or a time can hold the same digits ("df101006-…" holds 1010).
 */
export function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value]
  if (typeof value === 'string') return value.trim() !== '' && Number.isFinite(Number(value)) ? [Number(value)] : []
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn)
  return []
}

/**
 * The portal on a PostgreSQL server of its own (as `npm start` runs it), for tests that kill that
 * server under the running portal. `close` stops the portal, then the server, and removes its folder.
 */
export async function startPortalOnOwnPostgres(
  name: string,
  opts: Omit<Parameters<typeof startTestPortal>[0] & object, 'databaseUrl'> = {},
) {
  const dir = await mkdtemp(join(tmpdir(), `diamond-${name}-`))
  const pg = await startLocalPostgres({ dir: join(dir, 'data') })
  const close = async (portal?: TestPortal) => {
    await portal?.close()
    await pg.stop()
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const admin = postgres(pg.url, { max: 1, onnotice: () => {} })
    await admin.unsafe('create database portal')
    await admin.end()
    const portal = await startTestPortal({ ...opts, databaseUrl: databaseUrl(pg.url, 'portal') })
    return { portal, pg, close: () => close(portal) }
  } catch (err) {
    await close()
    throw err
  }
}

/**
 * What the rush benchmarks share (bench-rush, bench-appointments): the portal as `npm start` builds
 * it, in a child process of the script (so the load generator does not share the server's event
 * loop), on a fresh PostgreSQL; a bare JSON POST beside it (the floor); a pool of keep-alive sockets
 * to call it; and PostgreSQL's one-row update rate from as many clients (the baseline). Machines here
 * are shared and noisy: every figure is reported against the floor and baseline of the same run.
 */
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { Pool } from 'undici'
import { databaseUrl, startLocalPostgres } from '@diamond/runtime/pg-server'

export interface Answer {
  status: number
  code: string
  data: any
}
export type Post = (path: string, body: unknown, token?: string) => Promise<Answer>

/**
 * In the child (`--serve`): builds the portal with the floor's route, listens on a free loopback port
 * and tells the parent which; true when this process is that child (the script then does nothing else).
 */
export async function servePortalIfChild(): Promise<boolean> {
  if (!process.argv.includes('--serve')) return false
  const { buildPortal } = await import('@diamond/portal/portal')
  const portal = await buildPortal(process.env, { serveWeb: false })
  // The floor: a JSON POST with nothing behind it, on the same server and event loop.
  portal.app.post('/bench/echo', { config: { public: true } }, (req) => ({ code: 'OK', message: 'OK', data: req.body }))
  await portal.app.listen({ port: 0, host: '127.0.0.1' })
  process.send!({ port: (portal.app.server.address() as { port: number }).port })
  process.on('disconnect', () => void portal.app.close().finally(() => process.exit(0)))
  return true
}

export interface BenchPortal {
  port: number
  base: string
  /** The JWT secret the portal signs with (a benchmark may sign its own users' tokens). */
  secret: string
  /** PostgreSQL, `connections` clients (the baseline's and the checks'). */
  sql: postgres.Sql
  /** The portal's database, for a client of the benchmark's own. */
  url: string
  post: Post
  stop(): Promise<void>
}

/**
 * A fresh PostgreSQL with the portal's database, and `script` forked with `--serve` on it (demo data
 * on, `env` on top). `connections`: the HTTP pool's sockets and the SQL clients.
 */
export async function startBenchPortal(opts: {
  name: string
  script: string
  connections: number
  env?: Record<string, string>
}): Promise<BenchPortal> {
  const dir = await mkdtemp(join(tmpdir(), `${opts.name}-`))
  const pg = await startLocalPostgres({ dir: join(dir, 'pg') })
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} })
  await admin.unsafe('create database diamond')
  await admin.end()
  const url = databaseUrl(pg.url, 'diamond')
  const secret = randomBytes(48).toString('base64url')
  const child = fork(opts.script, ['--serve'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      DATABASE_URL: url,
      JWT_SECRET: secret,
      ...opts.env,
    },
    // BENCH_PORTAL_PROF=<dir>: the portal writes a CPU profile there (open it in Chrome's DevTools).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PORTAL_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PORTAL_PROF}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const sql = postgres(url, { max: opts.connections, onnotice: () => {} })
  let pool: Pool | null = null
  const stop = async () => {
    await pool?.close()
    await sql.end()
    if (child.connected) child.disconnect()
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
    await pg.stop()
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m: { port: number }) => resolve(m.port))
      child.once('exit', (code) => reject(new Error(`the portal exited (${code}) before it was ready`)))
    })
    const base = `http://127.0.0.1:${port}`
    const open = new Pool(base, { connections: opts.connections, pipelining: 1 })
    pool = open
    const post: Post = async (path, body, token) => {
      const res = await open.request({
        method: 'POST',
        path: `/web/v1/${path}`,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
      })
      const json = (await res.body.json()) as { code: string; data: any }
      return { status: res.statusCode, code: json.code, data: json.data }
    }
    return { port, base, secret, sql, url, post, stop }
  } catch (err) {
    await stop()
    throw err
  }
}

export const rate = (n: number, ms: number) => Math.round((n / ms) * 1000)

/** Runs `total` calls with at most `concurrency` in flight; the rate over the whole run. */
export async function run<T>(
  concurrency: number,
  total: number,
  call: (i: number) => Promise<T>,
): Promise<{ perSecond: number; answers: T[] }> {
  const answers: T[] = new Array(total)
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) {
        const i = next++
        answers[i] = await call(i)
      }
    }),
  )
  return { perSecond: rate(total, performance.now() - t0), answers }
}

/** The baseline: `updates` one-row updates of one counter from `concurrency` clients at once, per second. */
export async function updateRate(sql: postgres.Sql, concurrency: number, updates: number): Promise<number> {
  await sql`create table if not exists bench_counter (id int primary key, n bigint not null)`
  await sql`insert into bench_counter values (1, 0) on conflict (id) do update set n = 0`
  // Every connection opened before the clock starts, as the portal's pools are.
  await Promise.all(Array.from({ length: concurrency }, () => sql`select 1`))
  const r = await run(concurrency, updates, () => sql`update bench_counter set n = n + 1 where id = 1`)
  const [{ n }] = (await sql`select n from bench_counter where id = 1`) as unknown as [{ n: string }]
  if (Number(n) !== updates) throw new Error(`the baseline lost updates: ${n} of ${updates}`)
  return r.perSecond
}

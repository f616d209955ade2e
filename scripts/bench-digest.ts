/**
 * npm run bench:digest — one digest run for BENCH_DIGEST_USERS (10,000) subscribers, from auth's
 * schedule to the mail, on a fresh PostgreSQL and the portal as `npm start` builds it (in process,
 * the in-process bus, 25,000 demo stones). Subscribers are spread over the three intervals, both
 * stock types and both price views, so the run makes several digest files as a real one would.
 *
 * Stages, each timed from the start of the run:
 *  - due: auth claims every subscriber's period and writes `auth.digest.due` (DigestService.runDue);
 *  - ready: stock has written `stock.digest.ready` for every one of them;
 *  - mailed: notifications has written every digest mail (queued in its SMTP outbox, or, as here in
 *    the demo mode, kept in the development mailbox).
 * The floor, measured in the same run on the same server: writing as many plain outbox rows in
 * batches of 500 (the cheapest way a service can say something to that many users).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { DigestService } from '@diamond/auth/modules/digests/digests.service'
import { createDatabase } from '@diamond/runtime/db'
import { enqueue, newEvent } from '@diamond/runtime'
import { databaseUrl, startLocalPostgres } from '@diamond/runtime/pg-server'

const USERS = Number(process.env.BENCH_DIGEST_USERS ?? 10_000)
const log = (m: string) => console.log(`[bench:digest] ${m}`)

const dir = await mkdtemp(join(tmpdir(), 'bench-digest-'))
const pg = await startLocalPostgres({ dir: join(dir, 'pg') })
const admin = postgres(pg.url, { max: 1, onnotice: () => {} })
await admin.unsafe('create database diamond')
await admin.end()
const url = databaseUrl(pg.url, 'diamond')
const secret = randomBytes(48).toString('base64url')
const { buildPortal } = await import('@diamond/portal/portal')
log('starting the portal (25,000 demo stones)…')
const portal = await buildPortal(
  {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
    STOCK_DEMO_STONES: process.env.STOCK_DEMO_STONES ?? '25000',
    DATABASE_URL: url,
    JWT_SECRET: secret,
    AUTH_DIGEST_CHECK_SECONDS: '3600',
  },
  { serveWeb: false },
)
await portal.app.ready()
const sql = postgres(url, { max: 4, onnotice: () => {} })
const auth = createDatabase(url, 'auth', { max: 4 })
try {
  // The demo's own subscribers have had their digest at start; the run is about the new ones.
  const before = await counts()
  log(`adding ${USERS.toLocaleString('en')} subscribers…`)
  await sql`
    insert into auth.users (username, email, password_hash, first_name, last_name, company_name, user_type, approval_status,
                            active, email_verified, is_place_order, is_no_price, locale, stk_noti_dt, stk_noti, is_stk_noti)
    select 'digest' || n, 'digest' || n || '@bench.test', u.password_hash, 'Reader ' || n, 'Bench', 'Bench Co', 'buyer', 2,
           true, true, true, n % 7 = 0, (array['en','fr','de','he','ar','ja','zh','it','es'])[1 + n % 9], 1 + n % 3, n % 2, true
      from generate_series(1, ${USERS}) n, (select password_hash from auth.users where username = 'buyer1') u`

  const floorStart = performance.now()
  for (let i = 0; i < USERS; i += 500) {
    await sql.begin((tx) =>
      enqueue(
        tx,
        'auth',
        Array.from({ length: Math.min(500, USERS - i) }, (_, k) =>
          newEvent('auth', 'auth.bench.floor', String(i + k), { n: i + k }),
        ),
      ),
    )
  }
  const floorMs = performance.now() - floorStart
  await sql`delete from auth.outbox where type = 'auth.bench.floor'`

  const start = performance.now()
  const claimed = await new DigestService(auth, secret).runDue()
  const dueMs = performance.now() - start
  const readyMs = await until(async () => (await counts()).ready - before.ready >= claimed, start)
  if (readyMs === null) throw new Error('stock did not make every digest within 10 minutes')
  const mailedMs = await until(async () => (await counts()).mailed - before.mailed >= claimed, start)
  const files = (await sql<[{ n: number }]>`select count(*)::int as n from stock.digest_files`)[0].n
  log(`${claimed.toLocaleString('en')} digests due, ${files} files made`)
  console.log(`
| stage (${claimed.toLocaleString('en')} subscribers, 25,000 stones) | time from start | per subscriber |
|---|---|---|
| floor: as many plain outbox rows, batches of 500 (same run) | ${fmt(floorMs)} | ${(floorMs / USERS).toFixed(3)} ms |
| due (auth: claimed and announced) | ${fmt(dueMs)} | ${(dueMs / claimed).toFixed(3)} ms (${(dueMs / floorMs).toFixed(1)}× the floor) |
| ready (stock: summary, files, one event each) | ${fmt(readyMs)} | ${(readyMs / claimed).toFixed(3)} ms |
| mailed (notifications: the mail taken) | ${mailedMs === null ? 'not reached' : fmt(mailedMs)} | ${mailedMs === null ? '' : `${(mailedMs / claimed).toFixed(3)} ms (${(mailedMs / floorMs).toFixed(1)}× the floor)`} |
`)
} finally {
  await sql.end()
  await auth.end()
  await portal.app.close()
  await pg.stop()
  await rm(dir, { recursive: true, force: true })
}

function fmt(ms: number) {
  return ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}

async function counts(): Promise<{ ready: number; mailed: number }> {
  const [r] = await sql<
    [{ ready: number }]
  >`select count(*)::int as ready from stock.outbox where type = 'stock.digest.ready'`
  return { ready: r.ready, mailed: await mailedCount() }
}

/** Digest mails notifications has taken (its mail outbox, whatever their state). */
/** Digest mails notifications has taken: queued for SMTP, or kept in the development mailbox (the demo's). */
async function mailedCount(): Promise<number> {
  const [m] = await sql<[{ n: number }]>`
    select (select count(*) from notifications.mail_outbox where template = 'stock-digest')
         + (select count(*) from notifications.dev_mail where template = 'stock-digest') as n`
  return Number(m.n)
}

async function until(probe: () => Promise<boolean>, start: number, timeoutMs = 600_000): Promise<number | null> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await probe()) return performance.now() - start
    await new Promise((r) => setTimeout(r, 50))
  }
  return null
}

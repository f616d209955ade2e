// Shared by the bid load run (loadtest/bids.mjs) and the kill -9 reliability script
// (scripts/reliability-bids.ts): start the portal as a user does, sign in, put stones up for bid and
// create auctions through the staff API, the two baselines.
import { spawn, spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import postgres from 'postgres'

export const root = new URL('..', import.meta.url).pathname
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** A free TCP port on loopback (and, with `span`, the next span-1 ports free as well). */
export async function freePort(span = 1) {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const s = createServer()
      s.unref()
      s.on('error', reject)
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address()
        s.close(() => resolve(port))
      })
    })
    if (port + span > 65000) continue
    let ok = true
    for (let p = port + 1; p < port + span && ok; p++) ok = await portFree(p)
    if (ok) return port
  }
}
/** The Mailpit API of the stack being run (null: the embedded portal's dev mailbox). */
let mailpitApi = null

/**
 * `span` free ports in a row below the kernel's ephemeral range (32768+), where the stack's own
 * children (SeaweedFS asks the kernel for eight) cannot be handed one of them before the service
 * that was promised it listens.
 */
async function quietPort(span = 1) {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * (12000 - span))
    let free = true
    for (let i = 0; i < span && free; i++) free = await portFree(port + i)
    if (free) return port
  }
}
function portFree(port) {
  return new Promise((resolve) => {
    const s = createServer()
    s.once('error', () => resolve(false))
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)))
  })
}

/**
 * The portal as a user starts it: `npm start` (embedded: one process, in-process bus) or
 * `npm run stack` (distributed: one process per service, real Kafka), on a fresh data folder.
 * The stack's services get ports of their own, so it can run beside another stack on this machine.
 */
export async function startPortal({ mode, dataDir, env = {}, profileDir }) {
  const port = await freePort()
  const extra = { PORT: String(port), PORTAL_DATA_DIR: dataDir, ...env }
  mailpitApi = null
  if (mode === 'stack') {
    const base = await quietPort(5)
    const mailpitHttp = await quietPort()
    // The stack mails over SMTP into its Mailpit (no dev mailbox): sign-in codes are read there.
    mailpitApi = `http://127.0.0.1:${mailpitHttp}/api/v1`
    Object.assign(extra, {
      KAFKA_PORT: String(await quietPort(2)),
      // Ports of this stack alone: other stacks on the machine keep Mailpit's and SeaweedFS's defaults.
      MAILPIT_SMTP_PORT: String(await quietPort()),
      MAILPIT_HTTP_PORT: String(mailpitHttp),
      SEAWEEDFS_S3_PORT: String(await quietPort()),
      AUTH_PORT: String(base),
      STOCK_PORT: String(base + 1),
      BIDDING_PORT: String(base + 2),
      APPOINTMENTS_PORT: String(base + 3),
      NOTIFICATIONS_PORT: String(base + 4),
      AUTH_URL: `http://127.0.0.1:${base}`,
      STOCK_URL: `http://127.0.0.1:${base + 1}`,
      BIDDING_URL: `http://127.0.0.1:${base + 2}`,
      APPOINTMENTS_URL: `http://127.0.0.1:${base + 3}`,
      NOTIFICATIONS_URL: `http://127.0.0.1:${base + 4}`,
    })
  }
  let log = ''
  // With profileDir (embedded only): the same entry as `npm start`, run by node with --cpu-prof, so
  // the profile is the portal's own; the web app is built first, as `npm start` does.
  if (profileDir && mode !== 'stack') {
    const built = spawnSync(process.execPath, ['scripts/build-web-if-stale.mjs'], { cwd: root, stdio: 'inherit' })
    if (built.status !== 0) throw new Error('the web app could not be built')
  }
  const [cmd, args] =
    profileDir && mode !== 'stack'
      ? [
          process.execPath,
          ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--import', 'tsx', 'services/portal/src/embedded.ts'],
        ]
      : ['npm', ['run', mode === 'stack' ? 'stack' : 'start', '--silent']]
  const proc = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const keep = (d) => {
    log += d
    if (log.length > 200_000) log = log.slice(-100_000)
  }
  proc.stdout.on('data', keep)
  proc.stderr.on('data', keep)
  const baseUrl = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    const ready = await fetch(`${baseUrl}/web/v1/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) break
    if (i > 3000 || proc.exitCode !== null) {
      try {
        process.kill(-proc.pid, 'SIGKILL')
      } catch {}
      throw new Error(`the portal (${mode}) did not start:\n${log.slice(-3000)}`)
    }
    await sleep(100)
  }
  return {
    mode,
    baseUrl,
    proc,
    log: () => log,
    /** The portal's own PostgreSQL (the same server the baseline updates run on). */
    databaseUrl: postgresUrl(dataDir, 'diamond'),
    async stop() {
      if (proc.exitCode !== null) return
      const gone = new Promise((r) => proc.once('exit', r))
      try {
        process.kill(-proc.pid, 'SIGTERM')
      } catch {}
      await Promise.race([gone, sleep(20_000)])
      if (proc.exitCode === null) {
        try {
          process.kill(-proc.pid, 'SIGKILL')
        } catch {}
      }
    },
  }
}

/** The URL of the PostgreSQL server a portal started in `dataDir` (its postmaster.pid names the port). */
export function postgresUrl(dataDir, database) {
  const pid = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')
  return `postgres://postgres:postgres@127.0.0.1:${Number(pid[3])}/${database}`
}

/** JSON calls to /web/v1 with an optional token; never throws on an answer, only on the network. */
export function client(baseUrl) {
  const call = async (method, path, body, token) => {
    const res = await fetch(`${baseUrl}/web/v1/${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `JWT ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
    const text = await res.text()
    let json
    try {
      json = JSON.parse(text)
    } catch {
      json = { code: `HTTP_${res.status}`, message: text.slice(0, 200), data: null }
    }
    return { status: res.status, code: json.code, message: json.message, data: json.data }
  }
  return {
    post: (path, body, token) => call('POST', path, body, token),
    get: (path, token) => call('GET', path, undefined, token),
  }
}

/** The newest mails to `email` ({ id, text }): the embedded portal's dev mailbox, or the stack's Mailpit. */
async function mailsTo(api, email, limit) {
  if (!mailpitApi) return (await api.get(`dev/mailbox?to=${email}&limit=${limit}`)).data?.list ?? []
  const found = await fetch(`${mailpitApi}/search?query=${encodeURIComponent(`to:${email}`)}&limit=${limit}`).then(
    (r) => r.json(),
  )
  return Promise.all(
    (found.messages ?? []).map(async ({ ID }) => ({
      id: ID,
      text: (await fetch(`${mailpitApi}/message/${ID}`).then((r) => r.json())).Text,
    })),
  )
}

/** As a new browser signs in: an untrusted token, the mailed code from the demo mailbox, a trusted token. */
export async function signIn(baseUrl, username) {
  const api = client(baseUrl)
  const email = `${username}@demo.diamond-portal.test`
  const newest = async () => (await mailsTo(api, email, 1))[0] ?? null
  const before = await newest()
  const login = await api.post('auth/login', { username, password: 'Diamond@2026', captcha: '1234' })
  if (login.code !== 'OK') throw new Error(`login ${username}: ${login.code} ${login.message}`)
  if (login.data.isTrusted) return login.data.token.jwt
  for (let i = 0; i < 400; i++) {
    const mail = await newest()
    const code = mail && mail.id !== before?.id ? /\b(\d{6})\b/.exec(mail.text ?? '')?.[1] : null
    if (code) {
      const v = await api.post('verifyfingerprint', { otp: code, trust: 'once' }, login.data.token.jwt)
      if (v.code !== 'OK') throw new Error(`verifyfingerprint ${username}: ${v.code}`)
      return v.data.token.jwt
    }
    await sleep(50)
  }
  throw new Error(`no sign-in code arrived for ${username}`)
}

/**
 * `n` bench bidders (buyers), created by the demo company admin (admin1, `user/create`) and signed
 * in as a new browser does; their tokens. Their company is the operator's, never a stone's seller.
 * A sealed lot takes one rising bid stream per bidder, so the hot sealed row gives each VU its own.
 */
export async function createBidders(baseUrl, n, prefix = 'bench') {
  const api = client(baseUrl)
  const admin = await signIn(baseUrl, 'admin1')
  const tag = `${prefix}${Date.now().toString(36)}`
  const names = Array.from({ length: n }, (_, i) => `${tag}-${String(i + 1).padStart(3, '0')}`)
  return pool(names, 4, async (username) => {
    const r = await api.post(
      'user/create',
      {
        username,
        email: `${username}@demo.diamond-portal.test`,
        password: 'Diamond@2026',
        firstName: 'Bench',
        lastName: username,
        mobile: '+1 555 0100',
        userType: 'buyer',
      },
      admin,
    )
    if (r.code !== 'OK') throw new Error(`user/create ${username}: ${r.code} ${r.message} ${JSON.stringify(r.data)}`)
    // The new user follows the mailed link (auth/verify-email), then signs in.
    for (let i = 0; ; i++) {
      const mails = await mailsTo(api, `${username}@demo.diamond-portal.test`, 5)
      const token = mails.map((m) => /verify-email\?token=([^\s"'<&]+)/.exec(m.text ?? '')?.[1]).find(Boolean)
      if (token) {
        const v = await api.post('auth/verify-email', { token: decodeURIComponent(token) })
        if (v.code !== 'OK') throw new Error(`auth/verify-email ${username}: ${v.code} ${v.message}`)
        break
      }
      if (i > 400) throw new Error(`no verification mail for ${username}`)
      await sleep(50)
    }
    return signIn(baseUrl, username)
  })
}

/** Runs `fn` over `items` with at most `width` at once. */
export async function pool(items, width, fn) {
  const out = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i], i)
      }
    }),
  )
  return out
}

/**
 * `n` available stones put up for bid by staff (`diamond/status-update` {id, wSts: 'B'}): stock's
 * status event carries the facts bidding projects. Skips `skip` stones already taken by the caller.
 */
export async function stonesForBid(baseUrl, staffToken, n, taken = new Set()) {
  const api = client(baseUrl)
  const ids = []
  for (let page = 1; ids.length < n && page < 50; page++) {
    const r = await api.post('diamond/paginate', { page, limit: 1000, filter: { availability: ['A'] } }, staffToken)
    if (r.code !== 'OK') throw new Error(`diamond/paginate: ${r.code} ${r.message}`)
    if (!r.data.list.length) break
    for (const s of r.data.list) if (s.availability === 'A' && !taken.has(s.id) && ids.length < n) ids.push(s.id)
  }
  if (ids.length < n) throw new Error(`only ${ids.length} available stones, ${n} wanted`)
  await pool(ids, 8, async (id) => {
    const r = await api.post('diamond/status-update', { id, wSts: 'B' }, staffToken)
    if (r.code !== 'OK') throw new Error(`diamond/status-update ${id}: ${r.code} ${r.message}`)
    taken.add(id)
  })
  return ids
}

/**
 * An auction through the staff API (`diamond-bid/auction/create`). Bidding learns the stones from
 * stock's events a moment after the status change: a refusal naming unknown stones is retried.
 * Returns the lots as the load needs them: id, start and increment in cents.
 */
export async function createAuction(
  baseUrl,
  staffToken,
  {
    kind,
    title,
    stoneIds,
    startPerCarat = 1000,
    incrementPerCarat = 10,
    opensInSeconds = 0,
    closesInSeconds = 3600,
    softClose,
  },
) {
  const api = client(baseUrl)
  const body = {
    title,
    kind,
    opensAt: new Date(Date.now() + opensInSeconds * 1000).toISOString(),
    closesAt: new Date(Date.now() + closesInSeconds * 1000).toISOString(),
    incrementPerCarat,
    ...(softClose ? { softClose } : {}),
    lots: stoneIds.map((stoneId) => ({ stoneId, startPerCarat })),
  }
  let r
  for (let i = 0; i < 150; i++) {
    r = await api.post('diamond-bid/auction/create', body, staffToken)
    if (r.code === 'OK' || r.status >= 500 || r.code === 'E_UNAUTHORIZED' || r.code === 'E_FORBIDDEN') break
    await sleep(200) // the stones may not be known to bidding yet
  }
  if (r.code !== 'OK')
    throw new Error(
      `diamond-bid/auction/create (${kind}, ${stoneIds.length} lots): ${r.status} ${r.code} ${r.message} ${JSON.stringify(r.data)?.slice(0, 500)}`,
    )
  let lots = lotsOf(r.data)
  if (!lots.length) {
    // The answer did not list the lots: read them by auction.
    const auctionId = r.data?.id ?? r.data?.auction?.id
    const page = await api.post('diamond-bid/lot/paginate', { auctionId, limit: 1000 }, staffToken)
    lots = page.data?.list ?? []
  }
  if (lots.length !== stoneIds.length)
    throw new Error(`auction ${title}: ${lots.length} lots for ${stoneIds.length} stones`)
  const auctionId = r.data?.auctionId ?? r.data?.id ?? null
  return lots.map((l) => ({
    auctionId: l.auctionId ?? auctionId,
    id: l.id,
    stoneId: l.stoneId,
    startCents: l.startPerCaratCents ?? Math.round(startPerCarat * 100),
    incrementCents: l.incrementPerCaratCents ?? Math.round(incrementPerCarat * 100),
  }))
}
function lotsOf(data) {
  if (Array.isArray(data?.lots)) return data.lots
  if (Array.isArray(data?.auction?.lots)) return data.auction.lots
  if (Array.isArray(data?.list)) return data.list
  return []
}

/** Percentiles of a list of milliseconds. */
export function percentiles(ms) {
  const s = [...ms].sort((a, b) => a - b)
  const at = (p) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0
  return { med: at(50), p95: at(95), p99: at(99) }
}

/**
 * PostgreSQL's one-row update rate on the given server: `clients` connections, each running
 * `update bench_counter set n = n + 1 where id = 1` (its own commit) until `updates` are done. Every
 * client waits on the one row, as every bid on one lot would with row locks.
 */
export async function pgUpdateBaseline(url, clients, updates) {
  const sql = postgres(url, { max: clients, onnotice: () => {} })
  try {
    await sql`create table if not exists public.bench_counter (id int primary key, n bigint not null)`
    await sql`insert into public.bench_counter values (1, 0) on conflict (id) do update set n = 0`
    await Promise.all(Array.from({ length: clients }, () => sql`select 1`)) // every connection open first
    const times = []
    let next = 0
    const t0 = performance.now()
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < updates) {
          next++
          const s = performance.now()
          await sql`update public.bench_counter set n = n + 1 where id = 1`
          times.push(performance.now() - s)
        }
      }),
    )
    const seconds = (performance.now() - t0) / 1000
    const [{ n }] = await sql`select n from public.bench_counter where id = 1`
    if (Number(n) !== updates) throw new Error(`the baseline lost updates: ${n} of ${updates}`)
    return { rate: updates / seconds, ...percentiles(times), count: updates }
  } finally {
    await sql.end()
  }
}

/**
 * The floor of any durable bid path, as a reference row: a bare Fastify JSON POST whose answer waits
 * until the body is stored — the bodies that arrived in one turn of the event loop go into one
 * table with one multi-row insert and its commit (fsync on), up to three commits in flight, as the
 * engine's group commit does. No token to check, no lot to decide, no event to write: whatever a
 * real bid path does costs at least this much, so its throughput ratio against the bare POST is at
 * most this one, and its latency at least this one's.
 *
 * With the portal's signing secret, a second server: the same store behind the portal's own HTTP
 * stack (createHttpServer: strict validation, the error envelope), its own token check
 * (installAuth: HS256, expiry, the bid module's insert right, members only, verified tokens
 * remembered) and the bid contract's body schema (BidCreate) — what every bid must pass before
 * anything is decided, since a bid is authenticated and validated. Still no lot, no log order, no
 * event.
 */
export async function startDurableFloor(databaseUrl, { secret } = {}) {
  const Fastify = (await import('fastify')).default
  const sql = postgres(databaseUrl, { max: 4, onnotice: () => {} })
  await sql`create table if not exists public.bench_durable (id bigserial primary key, body jsonb not null)`
  let pending = []
  let flushing = 0
  let scheduled = false
  const store = async (batch) => {
    try {
      await sql.unsafe(
        'insert into public.bench_durable (body) select value from jsonb_array_elements($1::jsonb)',
        [batch.map((p) => p.body)],
        { prepare: true },
      )
      for (const p of batch) p.resolve()
    } catch (e) {
      for (const p of batch) p.reject(e)
    } finally {
      flushing--
      schedule()
    }
  }
  const schedule = () => {
    if (scheduled || flushing >= 3 || !pending.length) return
    scheduled = true
    setImmediate(() => {
      scheduled = false
      if (flushing >= 3 || !pending.length) return
      const batch = pending
      pending = []
      flushing++
      void store(batch)
    })
  }
  const stored = (body) =>
    new Promise((resolve, reject) => {
      pending.push({ body, resolve, reject })
      schedule()
    })
  const app = Fastify()
  app.post('/durable', async (req) => {
    await stored(req.body)
    return { code: 'OK', message: 'OK', data: req.body }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  let authed = null
  if (secret) {
    // TypeScript modules of the project: this file runs under tsx (npm run loadtest:bids).
    const { createHttpServer, createTokenService, installAuth, ok } = await import('@diamond/runtime')
    const { BidCreate } = await import('@diamond/contracts/http/bidding')
    authed = await createHttpServer({ title: 'authenticated durable floor' })
    installAuth(authed, createTokenService(secret, 3600))
    authed.post(
      '/authed',
      { config: { permission: ['bid', 'insert'], member: true }, schema: { body: BidCreate } },
      async (req) => {
        await stored(req.body)
        return ok(req.body)
      },
    )
    await authed.listen({ port: 0, host: '127.0.0.1' })
  }
  return {
    url: `http://127.0.0.1:${app.server.address().port}`,
    authedUrl: authed ? `http://127.0.0.1:${authed.server.address().port}` : null,
    stored: async () => Number((await sql`select count(*)::int as n from public.bench_durable`)[0].n),
    close: async () => {
      await app.close()
      await authed?.close()
      await sql.end()
    },
  }
}

/**
 * The engine's tables as services/bidding/migrations/0002_auctions.sql makes them (read-only here):
 * bidding.lots (closes_at, state 'won' | 'closed' once closed, result_cents, winning_bid_id) and the
 * append-only log bidding.bids (seq per lot, kind 'bid' | 'withdraw', price_cents, request_id).
 * Checked, so that a renamed column fails with its name rather than with a wrong figure.
 */
export async function biddingTables(sql) {
  const cols = await sql`select table_name, column_name from information_schema.columns where table_schema = 'bidding'`
  const want = {
    lots: ['id', 'closes_at', 'state', 'result_cents', 'winning_bid_id', 'winner_id'],
    bids: ['id', 'lot_id', 'bidder_id', 'seq', 'kind', 'price_cents', 'request_id', 'created_at'],
  }
  const missing = Object.entries(want).flatMap(([t, cs]) =>
    cs.filter((c) => !cols.some((r) => r.table_name === t && r.column_name === c)).map((c) => `bidding.${t}.${c}`),
  )
  if (missing.length) throw new Error(`the bidding schema lacks ${missing.join(', ')}`)
  return {
    lots: 'lots',
    bids: 'bids',
    closesAt: 'closes_at',
    state: 'state',
    price: 'price_cents',
    seq: 'seq',
    onlyBids: "kind = 'bid'",
  }
}

export const newRequestId = () => randomUUID()

/**
 * Where the portal's CPU went, from a V8 CPU profile: each sample is given to the nearest frame of
 * the project's own code on its stack (services/<name>/src/modules/<module>, or the runtime), else
 * to what runs it (fastify, the postgres driver, node internals, garbage collection, idle).
 */
export function summarizeProfile(file, window = null) {
  const prof = JSON.parse(readFileSync(file, 'utf8'))
  // The profile's clock is monotonic: its end is taken as the wall time the process exited
  // (`window.exitedAt`), which places the window [from, to] (ms since the epoch) in it.
  const toProfile = window ? (ms) => prof.endTime - (window.exitedAt - ms) * 1000 : null
  const byId = new Map(prof.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const own = (n) => {
    const url = n.callFrame.url
    const m = /services\/(\w+)\/src\/(?:modules\/([\w-]+)|([\w-]+))/.exec(url)
    if (m) return `${m[1]}${m[2] ? `/${m[2]}` : m[3] && m[1] === 'runtime' ? `/${m[3]}` : ''}`
    return null
  }
  const leaf = (n) => {
    const url = n.callFrame.url
    if (!url) return n.callFrame.functionName.startsWith('(') ? n.callFrame.functionName : '(native)'
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]
    if (pkg) return pkg
    if (url.startsWith('node:')) return 'node internals'
    return 'other'
  }
  const cache = new Map()
  const who = (id) => {
    if (cache.has(id)) return cache.get(id)
    let label = null
    for (let x = id; x !== undefined && !label; x = parent.get(x)) label = own(byId.get(x))
    const result = label ?? leaf(byId.get(id))
    cache.set(id, result)
    return result
  }
  const counts = new Map()
  const deltas = prof.timeDeltas ?? []
  let total = 0
  let at = prof.startTime
  const [from, to] = window ? [toProfile(window.from), toProfile(window.to)] : [-Infinity, Infinity]
  prof.samples.forEach((id, i) => {
    at += deltas[i] ?? 0
    if (at < from || at > to) return
    const ms = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000
    const k = who(id)
    counts.set(k, (counts.get(k) ?? 0) + ms)
    if (k !== '(idle)') total += ms
  })
  return {
    totalMs: total,
    idleMs: counts.get('(idle)') ?? 0,
    rows: [...counts]
      .filter(([k]) => k !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .map(([k, ms]) => ({ what: k, ms, share: ms / total })),
  }
}

/* ------------------------------------------------------------------ where the time goes -- */

const TICK = 100 // USER_HZ: /proc counts CPU time in 1/100 s on Linux

function processTree(pid) {
  let out = [String(pid)]
  try {
    for (const t of readdirSync(`/proc/${pid}/task`)) {
      for (const c of readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(' ').filter(Boolean))
        out = out.concat(processTree(c))
    }
  } catch {} // gone
  return out
}
/**
 * Waits until the portal's processes (the tree under `rootPid`: PostgreSQL, Kafka and every service
 * where they are its children) have gone quiet, so a row does not measure the previous one's
 * aftermath (relays, consumers and notices still draining its events) or lend its CPU to a baseline:
 * under `quietShare` of a core over `windowMs`, or — a distributed stack never idles that low (its
 * broker serves every consumer's polls and heartbeats) — two windows in a row within 5 % of a core
 * of each other and under 40 %. Gives up after `maxMs`. Answers how long it waited and the share it
 * ended at.
 */
export async function settle(rootPid, { quietShare = 0.1, windowMs = 500, maxMs = 30_000 } = {}) {
  const t0 = Date.now()
  const used = () => processTree(rootPid).reduce((n, p) => n + (processCpu(p) ?? 0), 0)
  let last = used()
  let before = null
  for (;;) {
    await sleep(windowMs)
    const now = used()
    const share = Math.max(0, now - last) / (windowMs / 1000)
    const waitedMs = Date.now() - t0
    const quiet = share <= quietShare || (before !== null && Math.abs(share - before) < 0.05 && share < 0.4)
    if (quiet || waitedMs >= maxMs) return { waitedMs, share, quiet }
    last = now
    before = share
  }
}

/** A process's CPU (user + system, all its threads) in seconds, or null once it is gone. */
export function processCpu(pid) {
  try {
    const st = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = st.slice(st.lastIndexOf(')') + 2).split(' ')
    return (Number(f[11]) + Number(f[12])) / TICK
  } catch {
    return null
  }
}
function labelOf(pid) {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
    if (/postgres/.test(cmd) && !/node/.test(cmd)) return 'postgres'
    if (/kafka\.Kafka/.test(cmd)) return 'kafka'
    const svc = /services\/(\w+)\/src\/server\.ts/.exec(cmd)?.[1]
    if (svc) return `node: ${svc}`
    if (/embedded\.ts/.test(cmd) && /preflight|--import|--cpu-prof/.test(cmd)) return 'node: portal'
    return null // npm, sh, the tsx launcher
  } catch {
    return null
  }
}
/** The machine's busy and total CPU seconds (all cores) from /proc/stat. */
function machine() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
  const idle = f[3] + f[4]
  const total = f.reduce((a, b) => a + b, 0)
  return { busy: (total - idle) / TICK, total: total / TICK }
}

/**
 * Watches one measured row: CPU seconds of the portal's processes (by service), of its PostgreSQL,
 * and of the rest of the machine (k6 and anything else running); PostgreSQL commits and rows
 * written per table; and, unless `sessions` is false, what PostgreSQL's busy sessions were doing
 * (pg_stat_activity sampled every 10 ms: state, wait event, statement).
 */
export async function observe(rootPid, databaseUrl, { sessions = true } = {}) {
  const tree = () => new Map(processTree(rootPid).map((p) => [p, { label: labelOf(p), cpu: processCpu(p) }]))
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  const stats = async () => ({
    commits: Number(
      (await sql`select xact_commit from pg_stat_database where datname = current_database()`)[0].xact_commit,
    ),
    tables: Object.fromEntries(
      (
        await sql`select schemaname || '.' || relname as t, (n_tup_ins + n_tup_upd + n_tup_del)::bigint as w from pg_stat_user_tables`
      ).map((r) => [r.t, Number(r.w)]),
    ),
  })
  const before = { tree: tree(), machine: machine(), stats: await stats(), at: Date.now() }
  const activity = new Map()
  let samples = 0
  let on = sessions
  const loop = (async () => {
    while (on) {
      samples++
      const rows = await sql`
        select state, coalesce(wait_event_type || ':' || wait_event, 'on CPU') as w, left(regexp_replace(query, '\\s+', ' ', 'g'), 60) as q
          from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`
      for (const r of rows) {
        const k = `${r.state} · ${r.w} · ${r.q}`
        activity.set(k, (activity.get(k) ?? 0) + 1)
      }
      await sleep(10)
    }
  })()
  return async function stop(acknowledged) {
    on = false
    await loop
    const after = { tree: tree(), machine: machine(), stats: await stats(), at: Date.now() }
    await sql.end()
    const cpu = new Map()
    for (const [pid, a] of after.tree) {
      if (!a.label || a.cpu === null) continue
      const b = before.tree.get(pid)?.cpu ?? 0 // a process started meanwhile counts from 0
      cpu.set(a.label, (cpu.get(a.label) ?? 0) + (a.cpu - b))
    }
    const ours = [...cpu.values()].reduce((x, y) => x + y, 0)
    const busy = after.machine.busy - before.machine.busy
    const total = after.machine.total - before.machine.total
    const writes = Object.entries(after.stats.tables)
      .map(([t, w]) => [t, (w - (before.stats.tables[t] ?? 0)) / Math.max(1, acknowledged)])
      .filter(([, w]) => w > 0.005)
      .sort((a, b) => b[1] - a[1])
    return {
      seconds: (after.at - before.at) / 1000,
      cpu: [...cpu].sort((a, b) => b[1] - a[1]),
      restCpu: Math.max(0, busy - ours),
      idleCpu: Math.max(0, total - busy),
      commitsPerBid: (after.stats.commits - before.stats.commits) / Math.max(1, acknowledged),
      writesPerBid: writes,
      activity: [...activity]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([k, n]) => ({ what: k, sessions: n / Math.max(1, samples) })),
    }
  }
}

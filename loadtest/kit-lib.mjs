// The load kit for operators (issue 27): `npm run loadtest -- --target <url> --credentials <file>`.
// Parsing of the command line and the credentials file, the set-up the kit makes on the target
// through its API (bidders, stones up for bid, auctions) and takes down again, and the report.
import { readFileSync } from 'node:fs'
import { client, createAuction, pool, sleep } from './bids-lib.mjs'

export const SCENARIOS = ['bid', 'rush', 'search', 'fanout']

/** Flags with a value, and the environment variable each may come from instead. */
const FLAGS = {
  target: 'LOADTEST_TARGET',
  credentials: 'LOADTEST_CREDENTIALS',
  scenarios: 'LOADTEST_SCENARIOS',
  rate: 'LOADTEST_RATE',
  duration: 'LOADTEST_DURATION',
  'ramp-up': 'LOADTEST_RAMP_UP',
  vus: 'LOADTEST_VUS',
  bidders: 'LOADTEST_BIDDERS',
  lots: 'LOADTEST_LOTS',
  sockets: 'LOADTEST_SOCKETS',
  'window-ms': 'LOADTEST_WINDOW_MS',
  out: 'LOADTEST_OUT',
  'min-rate': 'LOADTEST_MIN_RATE',
  'max-p95': 'LOADTEST_MAX_P95_MS',
  'max-p99': 'LOADTEST_MAX_P99_MS',
  'max-errors': 'LOADTEST_MAX_ERRORS',
  'max-dropped': 'LOADTEST_MAX_DROPPED',
}
const NUMBERS = {
  rate: [1, 100_000],
  duration: [1, 3600],
  'ramp-up': [0, 600],
  vus: [1, 10_000],
  bidders: [2, 1000],
  lots: [1, 1000],
  sockets: [1, 10_000],
  'window-ms': [0, 10_000],
  'min-rate': [0, 1_000_000],
  'max-p95': [0, 600_000],
  'max-p99': [0, 600_000],
  'max-errors': [0, 1],
  'max-dropped': [0, 1],
}

export class UsageError extends Error {
  /** @param {string} field the flag or field at fault */
  constructor(field, message) {
    super(`${field}: ${message}`)
    this.field = field
  }
}

/**
 * The command line (`--name value` or `--name=value`), each flag falling back on its LOADTEST_*
 * variable. Without --target the kit behaves as before: it starts its own portal. Thresholds
 * (--min-rate, --max-p95, --max-p99, --max-errors, --max-dropped) are the operator's floors: k6 exits
 * non-zero when a scenario falls below one.
 */
export function parseArgs(argv, env = {}) {
  const given = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--help' || arg === '-h') return { help: true }
    const m = /^--([a-z0-9-]+)(?:=(.*))?$/.exec(arg)
    if (!m) throw new UsageError(arg, 'not a flag (flags are --name value)')
    const name = m[1]
    if (!(name in FLAGS)) throw new UsageError(`--${name}`, `unknown flag (known: ${Object.keys(FLAGS).join(', ')})`)
    let value = m[2]
    if (value === undefined) {
      value = argv[++i]
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name}`, 'needs a value')
    }
    given[name] = value
  }
  for (const [name, variable] of Object.entries(FLAGS))
    if (given[name] === undefined && env[variable] !== undefined && env[variable] !== '') given[name] = env[variable]

  const out = { help: false }
  if (given.target !== undefined) {
    let url
    try {
      url = new URL(given.target)
    } catch {
      throw new UsageError('--target', `not a URL: ${given.target}`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new UsageError('--target', 'must be http:// or https://')
    out.target = url.origin + url.pathname.replace(/\/+$/, '')
  }
  if (given.credentials !== undefined) out.credentials = given.credentials
  if (out.target && !out.credentials) throw new UsageError('--credentials', 'a --target needs a credentials file')
  if (given.scenarios !== undefined) {
    const list = given.scenarios
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    const unknown = list.filter((s) => !SCENARIOS.includes(s))
    if (!list.length || unknown.length)
      throw new UsageError(
        '--scenarios',
        `unknown ${unknown.join(', ') || '(none given)'}; choose from ${SCENARIOS.join(', ')}`,
      )
    out.scenarios = [...new Set(list)]
  } else out.scenarios = [...SCENARIOS]
  for (const [name, [min, max]] of Object.entries(NUMBERS)) {
    if (given[name] === undefined) continue
    const n = Number(given[name])
    if (!Number.isFinite(n) || n < min || n > max)
      throw new UsageError(`--${name}`, `must be a number from ${min} to ${max}, got ${given[name]}`)
    out[camel(name)] = n
  }
  if (given.out !== undefined) out.out = given.out
  return out
}
const camel = (s) => s.replace(/-([a-z])/g, (_, c) => c.toUpperCase())

/**
 * The credentials file (JSON):
 *
 *     {
 *       "staff":  { "username": "sales1", "password": "…" },   // puts stones up for bid, makes auctions
 *       "admin":  { "username": "admin1", "password": "…" },   // creates and deactivates the bidders
 *       "buyers": [{ "username": "buyer1", "password": "…" }], // optional: bidders that already exist
 *       "mailbox": "dev",                                      // "dev" | "none"
 *       "captcha": "1234"                                      // optional: the login captcha answer
 *     }
 *
 * Each account may be `{ "token": "<JWT>" }` instead (a token the deployment issued to a trusted
 * device), which needs no mailbox. "mailbox": "dev" reads sign-in codes and verification links from
 * the demo portal's development mailbox (/web/v1/dev/mailbox); with "none" the kit creates no
 * bidders (it cannot read their verification mails) and bids as the listed buyers, who must then be
 * at least two and able to sign in without a code (tokens).
 */
export function parseCredentials(text) {
  let raw
  try {
    raw = JSON.parse(text)
  } catch (e) {
    throw new UsageError('credentials', `not JSON (${e.message})`)
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new UsageError('credentials', 'must be a JSON object')
  const account = (v, field) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new UsageError(field, 'must be an object')
    if (typeof v.token === 'string' && v.token) return { token: v.token }
    if (typeof v.username !== 'string' || !v.username)
      throw new UsageError(`${field}.username`, 'is required (or a token)')
    if (typeof v.password !== 'string' || !v.password)
      throw new UsageError(`${field}.password`, 'is required (or a token)')
    return { username: v.username, password: v.password }
  }
  const mailbox = raw.mailbox ?? 'dev'
  if (mailbox !== 'dev' && mailbox !== 'none')
    throw new UsageError('mailbox', `must be "dev" or "none", got ${JSON.stringify(mailbox)}`)
  if (raw.buyers !== undefined && !Array.isArray(raw.buyers)) throw new UsageError('buyers', 'must be a list')
  const buyers = (raw.buyers ?? []).map((b, i) => account(b, `buyers[${i}]`))
  const creds = {
    staff: account(raw.staff, 'staff'),
    admin: raw.admin === undefined ? null : account(raw.admin, 'admin'),
    buyers,
    mailbox,
    captcha: typeof raw.captcha === 'string' ? raw.captcha : undefined,
  }
  if (mailbox === 'none' && buyers.length < 2)
    throw new UsageError('buyers', 'with "mailbox": "none" list at least two buyers')
  if (mailbox === 'none' && [creds.staff, ...buyers].some((a) => !a.token))
    throw new UsageError('mailbox', 'with "none" every account needs a token (no sign-in code can be read)')
  if (mailbox === 'dev' && !creds.admin && buyers.length < 2)
    throw new UsageError('admin', 'is required to create bidders (or list at least two buyers)')
  return creds
}
export const readCredentials = (file) => parseCredentials(readFileSync(file, 'utf8'))

/** A token for an account of the credentials file: its token, or a sign-in (the mailed code from the dev mailbox). */
export async function tokenOf(baseUrl, account, creds) {
  if (account.token) return account.token
  const api = client(baseUrl)
  const newestCode = async () => {
    const list = (await api.get(`dev/mailbox?to=${encodeURIComponent(emailOf(account.username))}&limit=5`)).data?.list
    return list?.find((m) => m.template === 'device-otp') ?? null
  }
  const before = creds.mailbox === 'dev' ? await newestCode() : null
  const login = await api.post('auth/login', {
    username: account.username,
    password: account.password,
    ...(creds.captcha ? { captcha: creds.captcha } : {}),
  })
  if (login.code !== 'OK') throw new Error(`login ${account.username}: ${login.code} ${login.message}`)
  if (login.data.isTrusted) return login.data.token.jwt
  if (creds.mailbox !== 'dev')
    throw new Error(`${account.username} needs a sign-in code and no mailbox is readable: give a token`)
  for (let i = 0; i < 400; i++) {
    const mail = await newestCode()
    const code = mail && mail.id !== before?.id ? /\b(\d{6})\b/.exec(mail.text ?? '')?.[1] : null
    if (code) {
      const v = await api.post('verifyfingerprint', { otp: code, trust: 'once' }, login.data.token.jwt)
      if (v.code !== 'OK') throw new Error(`verifyfingerprint ${account.username}: ${v.code}`)
      return v.data.token.jwt
    }
    await sleep(50)
  }
  throw new Error(`no sign-in code arrived for ${account.username}`)
}
// The dev mailbox is addressed by e-mail; the demo accounts' addresses follow their usernames.
const emailOf = (username) => (username.includes('@') ? username : `${username}@demo.diamond-portal.test`)

async function put(baseUrl, path, body, token) {
  const res = await fetch(`${baseUrl}/web/v1/${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  const json = await res.json().catch(() => ({ code: `HTTP_${res.status}` }))
  return { status: res.status, code: json.code, message: json.message, data: json.data }
}

/**
 * `n` available stones, read in narrow carat bands: a deployment's stock may be larger than one
 * search may cover (E_SEARCH_LIMIT above 20,000 stones).
 */
export async function availableStones(baseUrl, token, n, exclude = new Set()) {
  const api = client(baseUrl)
  const ids = []
  for (let from = 0.3; ids.length < n && from < 10; from = Math.round((from + 0.05) * 100) / 100) {
    const to = Math.round((from + 0.04) * 100) / 100
    const r = await api.post(
      'diamond/paginate',
      { limit: 250, filter: { availability: ['A'], crt: { from, to } } },
      token,
    )
    if (r.code !== 'OK') throw new Error(`diamond/paginate: ${r.code} ${r.message}`)
    for (const s of r.data.list) if (s.availability === 'A' && !exclude.has(s.id) && ids.length < n) ids.push(s.id)
  }
  if (ids.length < n) throw new Error(`only ${ids.length} available stones found, ${n} wanted`)
  return ids
}

/**
 * What the kit makes on the target, and takes down again: `n` bidders (admin `user/create`, the
 * mailed link, sign-in), `lots` stones put up for bid (`diamond/status-update` B) in one live
 * auction. `made` records each thing as soon as it exists, so a failed set-up is cleaned up too.
 */
export async function prepareTarget({ baseUrl, creds, bidders = 20, lots = 50, log = console.log }) {
  const api = client(baseUrl)
  const made = { bidders: [], stones: [], auctions: [], holds: new Set() }
  const cleanup = () => cleanupTarget(baseUrl, made, ctx)
  const ctx = { staffToken: null, adminToken: null }
  try {
    ctx.staffToken = await tokenOf(baseUrl, creds.staff, creds)
    const tag = `lk${Date.now().toString(36)}`
    const users = []
    if (creds.admin && creds.mailbox === 'dev') {
      ctx.adminToken = await tokenOf(baseUrl, creds.admin, creds)
      log(`creating ${bidders} bidders (${tag}-…) through user/create…`)
      const names = Array.from({ length: bidders }, (_, i) => `${tag}-${String(i + 1).padStart(3, '0')}`)
      await pool(names, 4, async (username) => {
        const r = await api.post(
          'user/create',
          {
            username,
            email: emailOf(username),
            password: 'Loadkit@2026',
            firstName: 'Load',
            lastName: username,
            mobile: '+1 555 0100',
            userType: 'buyer',
          },
          ctx.adminToken,
        )
        if (r.code !== 'OK') throw new Error(`user/create ${username}: ${r.code} ${r.message}`)
        made.bidders.push(r.data.id)
        for (let i = 0; ; i++) {
          const mails = (await api.get(`dev/mailbox?to=${emailOf(username)}&limit=5`)).data?.list ?? []
          const link = mails.map((m) => /verify-email\?token=([^\s"'<&]+)/.exec(m.text ?? '')?.[1]).find(Boolean)
          if (link) {
            const v = await api.post('auth/verify-email', { token: decodeURIComponent(link) })
            if (v.code !== 'OK') throw new Error(`auth/verify-email ${username}: ${v.code} ${v.message}`)
            break
          }
          if (i > 400) throw new Error(`no verification mail for ${username}`)
          await sleep(50)
        }
        users.push({ id: r.data.id, token: await tokenOf(baseUrl, { username, password: 'Loadkit@2026' }, creds) })
      })
    }
    for (const b of creds.buyers) users.push({ id: null, token: await tokenOf(baseUrl, b, creds) })
    if (users.length < 2) throw new Error('fewer than two bidders')
    log(`putting ${lots} stones up for bid…`)
    const taken = new Set()
    const ids = await availableStones(baseUrl, ctx.staffToken, lots)
    await pool(ids, 4, async (id) => {
      const r = await api.post('diamond/status-update', { id, wSts: 'B' }, ctx.staffToken)
      if (r.code !== 'OK') throw new Error(`diamond/status-update ${id}: ${r.code} ${r.message}`)
      taken.add(id)
      made.stones.push(id)
    })
    const lotList = await createAuction(baseUrl, ctx.staffToken, {
      kind: 'live',
      title: `Load kit ${tag}`,
      stoneIds: [...taken],
      closesInSeconds: 3 * 3600,
    })
    made.auctions.push(lotList[0].auctionId)
    log(`live auction ${lotList[0].auctionId}: ${lotList.length} lots`)
    return {
      tokens: users.map((u) => u.token),
      lots: lotList,
      made,
      cleanup,
      staffToken: ctx.staffToken,
      adminToken: ctx.adminToken,
    }
  } catch (e) {
    await cleanup().catch((c) => log(`clean-up after a failed set-up: ${c.message}`))
    throw e
  }
}

/**
 * Takes down what the kit made, with the existing calls: auctions withdrawn (every running lot ends
 * without a winner), its stones back in stock (`diamond/status-update` A), holds of the rush released
 * by their holders, its bidders deactivated (`user/update` active false). Returns what it could not undo.
 */
export async function cleanupTarget(baseUrl, made, { staffToken, adminToken, holders = [] }) {
  const api = client(baseUrl)
  const failed = []
  for (const auctionId of made.auctions) {
    const r = await api.post('diamond-bid/auction/withdraw', { auctionId }, staffToken)
    if (r.code !== 'OK') failed.push(`auction ${auctionId}: ${r.code}`)
  }
  // Bidding tells stock the lots ended: a stone may refuse to go back for a moment (E_STONE_IN_AUCTION).
  await pool(made.stones, 4, async (id) => {
    let r
    for (let i = 0; i < 50; i++) {
      r = await api.post('diamond/status-update', { id, wSts: 'A' }, staffToken)
      // The lot's close reaches stock a moment after the withdrawal: until then it is still in a lot.
      if (r.code !== 'E_STONE_IN_AUCTION' && r.code !== 'E_STONE_UNAVAILABLE') break
      await sleep(200)
    }
    if (r.code !== 'OK') failed.push(`stone ${id}: ${r.code}`)
  })
  for (const id of made.holds) {
    let released = false
    for (const token of holders) {
      const r = await api.post('diamond/hold/release', { id }, token)
      if (r.code === 'OK') {
        released = true
        break
      }
    }
    if (!released) failed.push(`hold on ${id}: not released`)
  }
  for (const id of made.bidders) {
    const r = await put(baseUrl, 'user/update', { id, active: false }, adminToken)
    if (r.code !== 'OK') failed.push(`bidder ${id}: ${r.code}`)
  }
  return failed
}

/* ------------------------------------------------------------------------------- the report -- */

/** k6 thresholds from the operator's floors (empty when none is set). */
export function thresholdsOf(opts) {
  const t = {}
  const duration = []
  if (opts.maxP95 !== undefined) duration.push(`p(95)<${opts.maxP95}`)
  if (opts.maxP99 !== undefined) duration.push(`p(99)<${opts.maxP99}`)
  if (duration.length) t.http_req_duration = duration
  if (opts.maxErrors !== undefined) t.http_req_failed = [`rate<=${opts.maxErrors}`]
  if (opts.minRate !== undefined) t.http_reqs = [`rate>=${opts.minRate}`]
  return t
}

/**
 * One row of the Markdown report from a k6 summary (handleSummary's data): throughput, p50/p95/p99,
 * the p99 as a multiple of the baseline's p99 at the same offered rate (an open model offers the
 * same rate to both, so throughput alone says little until the deployment falls behind), and whether
 * the generator kept up: k6 drops an iteration when no VU is free to start it on time (its VUs all
 * waiting for answers, or k6 itself short of CPU), so the run offered less than it was asked to and
 * its figures are not the deployment's at that rate.
 */
export function summaryRow(name, summary, { baseline, outcome = '' } = {}) {
  const m = summary.metrics
  const d = m.http_req_duration?.values ?? {}
  const rate = m.http_reqs?.values.rate ?? 0
  const iterations = m.iterations?.values.count ?? 0
  const dropped = m.dropped_iterations?.values.count ?? 0
  const failed = m.http_req_failed?.values.rate ?? 0
  const f1 = (x) => (typeof x === 'number' ? x.toFixed(1) : '–')
  const baseP99 = baseline?.metrics.http_req_duration?.values['p(99)']
  const ratio = baseP99 && baseline !== summary ? `${(d['p(99)'] / baseP99).toFixed(1)}×` : ''
  const kept =
    dropped > 0
      ? `**generator did not keep up**: ${dropped} of ${iterations + dropped} iterations dropped`
      : 'generator kept up (0 dropped)'
  const crossed = Object.entries(m)
    .flatMap(([k, v]) => Object.entries(v.thresholds ?? {}).map(([t, r]) => (r.ok ? null : `${k} ${t}`)))
    .filter(Boolean)
  const notes = [outcome, kept, crossed.length ? `**below floor**: ${crossed.join(', ')}` : '']
  return `| ${name} | ${Math.round(rate).toLocaleString('en-US')}/s | ${f1(d.med)} / ${f1(d['p(95)'])} / ${f1(d['p(99)'])} ms | ${ratio} | ${(failed * 100).toFixed(2)}% | ${notes.filter(Boolean).join('; ')} |`
}

/** The Markdown report: a header, the table, the dashboards beside it, and any notes. */
export function writeReport({ title, when, target, shape, rows, dashboards = [], notes = [] }) {
  return [
    `# ${title}`,
    '',
    `${target ? `Target ${target}` : 'A portal started by the kit on loopback'}, ${when}. ${shape}`,
    '',
    '| scenario | throughput | p50 / p95 / p99 | p99 ÷ baseline p99 (same rate) | failed | outcome / generator |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    ...(dashboards.length
      ? [
          'k6 web dashboards (throughput and latency over time), beside this report:',
          '',
          ...dashboards.map((d) => `- [${d}](${d})`),
          '',
        ]
      : []),
    ...notes.flatMap((n) => [n, '']),
  ].join('\n')
}

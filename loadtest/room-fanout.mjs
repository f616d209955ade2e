// Room fan-out (issue 27): a bid acknowledged → every socket of its auction's room has the new high.
// N plain WebSocket clients (/web/v1/ws) join one auction's room, spread over worker threads; bids
// are placed through the API at an open-model rate (one in flight per lot, each the lot's minimum
// from the previous answer, the bidders taking turns); for every acknowledged bid: the time from its
// HTTP acknowledgement to the moment the LAST of the N sockets holds a high at or above it (a later
// high covers it: the room's pushes are coalesced per window). One clock for all: every thread of
// this process reads performance.timeOrigin + performance.now().
//
// The baseline, same run: a bare WebSocket round trip from the same N sockets at once — to a bare
// `ws` echo server in this process when the portal runs on this machine, or (against a remote
// target) the gateway's own immediate answer to a frame (an auction.join it already holds). Target:
// p99 ≤ push window + 2 × that p99, judged only when every generator thread kept up.
//
// `npm run bench:room` runs it against a portal it starts itself (`npm start`, fresh data);
// `npm run loadtest -- --target …` runs it as its fan-out scenario. Knobs of bench:room: ROOM_SOCKETS
// (200), ROOM_BIDS (400), ROOM_RATE bids/s (40), ROOM_LOTS (20), ROOM_THREADS (cores, at least 2).
import { randomUUID } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { WebSocket, WebSocketServer } from 'ws'
import { describeThreads, keptUp, watchThread } from './generator.mjs'

const now = () => performance.timeOrigin + performance.now()

/* ------------------------------------------------------------- sockets (worker threads) -- */

function socketsThread() {
  const { wsUrl, tokens, auctionId } = workerData
  const port = parentPort
  let sockets = []
  /** Per lot, per socket: the highs it saw, rising (prices and when). */
  let rises = new Map()
  let recording = false
  let load = watchThread()
  const joinFrame = JSON.stringify({ type: 'auction.join', data: { auctionId } })
  let pendingAcks = null // socket index → resolve, while measuring round trips

  const onMessage = (k) => (raw) => {
    const t = now()
    const f = JSON.parse(raw.toString())
    if (f.type === 'ack') return pendingAcks?.get(k)?.(t)
    if (!recording || f.type !== 'bid.high') return
    let perSocket = rises.get(f.data.lotId)
    if (!perSocket) rises.set(f.data.lotId, (perSocket = tokens.map(() => ({ prices: [], times: [] }))))
    const r = perSocket[k]
    if (!r.prices.length || f.data.pricePerCaratCents > r.prices[r.prices.length - 1]) {
      r.prices.push(f.data.pricePerCaratCents)
      r.times.push(t)
    }
  }
  /** `rounds` times: every socket sends at once, each waits for its answer; the round-trip times. */
  const roundTrips = async (list, frame, rounds, answered) => {
    const out = []
    for (let i = 0; i < rounds; i++) {
      await Promise.all(
        list.map(
          (ws, k) =>
            new Promise((resolve) => {
              const sent = now()
              answered(k, (t) => {
                out.push(t - sent)
                resolve()
              })
              ws.send(typeof frame === 'function' ? frame() : frame)
            }),
        ),
      )
      await new Promise((r) => setTimeout(r, 20))
    }
    return out
  }
  const open = (url, headers) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers, perMessageDeflate: false })
      ws.once('open', () => resolve(ws))
      ws.once('error', reject)
    })
  const handle = async (m) => {
    if (m.cmd === 'connect') {
      for (let i = 0; i < tokens.length; i += 50)
        sockets.push(
          ...(await Promise.all(
            tokens.slice(i, i + 50).map((token) => open(wsUrl, { authorization: `JWT ${token}` })),
          )),
        )
      sockets.forEach((ws, k) => ws.on('message', onMessage(k)))
      pendingAcks = new Map()
      const acks = await roundTrips(sockets, joinFrame, 1, (k, fn) => pendingAcks.set(k, fn))
      return { joined: acks.length }
    }
    if (m.cmd === 'gateway-rtt') {
      // The gateway answers an auction.join at once: a round trip through its socket, no fan-out.
      pendingAcks = new Map()
      return { rtts: await roundTrips(sockets, joinFrame, m.rounds, (k, fn) => pendingAcks.set(k, fn)) }
    }
    if (m.cmd === 'bare-rtt') {
      const bare = await Promise.all(tokens.map(() => open(m.url, {})))
      const waiting = new Map()
      bare.forEach((ws, k) => ws.on('message', () => waiting.get(k)?.(now())))
      const rtts = await roundTrips(
        bare,
        () => `{"t":${now()}}`,
        m.rounds,
        (k, fn) => waiting.set(k, fn),
      )
      bare.forEach((ws) => ws.terminate())
      return { rtts }
    }
    if (m.cmd === 'record') {
      rises = new Map()
      recording = true
      load.stop()
      load = watchThread()
      return {}
    }
    if (m.cmd === 'result') {
      recording = false
      const threadLoad = load.read()
      // For each bid: when the last of this thread's sockets first held a high ≥ it (Infinity: one never did).
      const seen = m.bids.map(({ lotId, cents }) => {
        const perSocket = rises.get(lotId)
        if (!perSocket) return Infinity
        let last = 0
        for (const r of perSocket) {
          const i = r.prices.findIndex((p) => p >= cents)
          if (i < 0) return Infinity
          if (r.times[i] > last) last = r.times[i]
        }
        return last
      })
      return { seen, load: threadLoad }
    }
    if (m.cmd === 'close') {
      sockets.forEach((ws) => ws.terminate())
      sockets = []
      return {}
    }
    throw new Error(`unknown command ${m.cmd}`)
  }
  port.on('message', (m) => {
    handle(m).then(
      (a) => port.postMessage(a),
      (e) => port.postMessage({ error: String(e?.stack ?? e) }),
    )
  })
}

/* --------------------------------------------------------------------------- the measure -- */

const pct = (list, p) => {
  const s = [...list].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN
}

/**
 * Measures the room fan-out on a portal at `baseUrl` where `lots` (one auction, live, open) exist and
 * `tokens` are bidders' tokens (at least two). Returns the figures and a Markdown table.
 */
export async function measureRoomFanout({
  baseUrl,
  lots,
  tokens,
  sockets = 200,
  bids = 400,
  rate = 40,
  threads = Math.max(2, cpus().length),
  windowMs = 25,
  bareLocal = true,
  log = console.log,
}) {
  const auctionId = lots[0].auctionId
  const wsUrl = `${baseUrl.replace(/^http/, 'ws')}/web/v1/ws`
  const n = Math.max(1, Math.min(threads, sockets))
  const socketTokens = Array.from({ length: sockets }, (_, i) => tokens[i % tokens.length])
  const workers = Array.from({ length: n }, (_, k) => {
    const share = socketTokens.slice(Math.floor((k * sockets) / n), Math.floor(((k + 1) * sockets) / n))
    const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { wsUrl, tokens: share, auctionId } })
    let answer = null
    worker.on('message', (m) => (m.error ? answer?.reject(new Error(m.error)) : answer?.resolve(m)))
    worker.on('error', (e) => answer?.reject(e))
    const ask = (m) =>
      new Promise((resolve, reject) => {
        answer = { resolve, reject }
        worker.postMessage(m)
      })
    return { worker, ask }
  })
  const all = (m) => Promise.all(workers.map((w) => w.ask(m)))
  let bare = null
  try {
    log(`room fan-out: ${sockets} sockets in ${n} threads join auction ${auctionId}…`)
    const joined = (await all({ cmd: 'connect' })).reduce((a, r) => a + r.joined, 0)
    if (joined < sockets) throw new Error(`only ${joined} of ${sockets} sockets joined the room`)

    const gatewayRtt = (await all({ cmd: 'gateway-rtt', rounds: 20 })).flatMap((r) => r.rtts)
    let bareRtt = null
    if (bareLocal) {
      bare = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false })
      await new Promise((r) => bare.once('listening', r))
      bare.on('connection', (ws) => ws.on('message', (d) => ws.send(d)))
      bareRtt = (await all({ cmd: 'bare-rtt', url: `ws://127.0.0.1:${bare.address().port}`, rounds: 20 })).flatMap(
        (r) => r.rtts,
      )
    }
    const baseline = bareRtt ?? gatewayRtt

    // Bids at `rate` per second (open model: on schedule, not after the previous answer), one in
    // flight per lot; a bid due on a lot still waiting is skipped and counted.
    await all({ cmd: 'record' })
    const mainLoad = watchThread()
    // Each lot's minimum now (earlier scenarios may have bid on them), so that no bid is refused.
    const next = new Map(
      await Promise.all(
        lots.map(async (l) => {
          const r = await fetch(`${baseUrl}/web/v1/diamond-bid/lot/${l.id}`, {
            headers: { authorization: `JWT ${tokens[0]}` },
          }).then((res) => res.json())
          return [l.id, r.data?.minimumPerCaratCents ?? l.startCents]
        }),
      ),
    )
    const turns = new Map(lots.map((l) => [l.id, 0]))
    const inFlight = new Set()
    const acked = []
    const ackMs = []
    let skipped = 0
    let refused = 0
    let errors = 0
    const placeBid = async (lot) => {
      inFlight.add(lot.id)
      const cents = next.get(lot.id)
      const turn = turns.get(lot.id)
      turns.set(lot.id, turn + 1)
      const token = tokens[turn % tokens.length]
      const sent = now()
      try {
        const res = await fetch(`${baseUrl}/web/v1/dynamic-diamond-bid/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
          body: JSON.stringify({ lotId: lot.id, pricePerCarat: cents / 100, requestId: randomUUID() }),
        })
        const body = await res.json()
        const at = now()
        if (body.code === 'OK') {
          acked.push({ lotId: lot.id, cents, ackAt: at })
          ackMs.push(at - sent)
          next.set(lot.id, body.data?.lot?.minimumPerCaratCents ?? cents + lot.incrementCents)
        } else {
          refused++
          next.set(lot.id, body.data?.minimumPerCaratCents ?? cents + lot.incrementCents)
        }
      } catch {
        errors++
      } finally {
        inFlight.delete(lot.id)
      }
    }
    log(`room fan-out: ${bids} bids at ${rate}/s over ${lots.length} lots…`)
    const started = now()
    const pending = []
    for (let i = 0; i < bids; i++) {
      const due = started + (i * 1000) / rate
      const wait = due - now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      const lot = lots[i % lots.length]
      if (inFlight.has(lot.id)) skipped++
      else pending.push(placeBid(lot))
    }
    await Promise.all(pending)
    const mainThread = mainLoad.read()
    mainLoad.stop()
    await new Promise((r) => setTimeout(r, 1000 + 4 * windowMs)) // the last windows reach every socket
    const results = await all({ cmd: 'result', bids: acked.map(({ lotId, cents }) => ({ lotId, cents })) })
    const latencies = []
    let missed = 0
    let early = 0
    acked.forEach((b, i) => {
      const last = Math.max(...results.map((r) => r.seen[i]))
      if (!Number.isFinite(last)) return void missed++
      if (last < b.ackAt) early++
      latencies.push(Math.max(0, last - b.ackAt))
    })
    const threadsLoad = [mainThread, ...results.map((r) => r.load)]
    const kept = keptUp(threadsLoad)
    const figures = {
      sockets,
      threads: n,
      acked: acked.length,
      refused,
      errors,
      skipped,
      missed,
      early,
      p50: pct(latencies, 50),
      p95: pct(latencies, 95),
      p99: pct(latencies, 99),
      max: pct(latencies, 100),
      ackP50: pct(ackMs, 50),
      ackP99: pct(ackMs, 99),
      baselineKind: bareRtt ? 'bare ws echo (loopback)' : "gateway's own ack",
      baseP50: pct(baseline, 50),
      baseP99: pct(baseline, 99),
      gatewayP99: pct(gatewayRtt, 99),
      target: windowMs + 2 * pct(baseline, 99),
      keptUp: kept,
      generator: describeThreads(threadsLoad),
      loadavg: loadavg()[0],
    }
    const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–')
    const verdict = !kept
      ? 'not judged: the generator did not keep up'
      : missed
        ? `NOT met: ${missed} highs never reached every socket`
        : figures.p99 <= figures.target
          ? 'met'
          : 'NOT met'
    figures.verdict = verdict
    figures.table = [
      '| figure | value | baseline (same run) | ratio / target |',
      '|---|---|---|---|',
      `| bid acknowledged → all ${sockets} sockets of the room have the high, p50 / p95 / p99 / max | ${f1(figures.p50)} / ${f1(figures.p95)} / ${f1(figures.p99)} / ${f1(figures.max)} ms | ${figures.baselineKind} round trip from the ${sockets} sockets at once p50 / p99 ${f1(figures.baseP50)} / ${f1(figures.baseP99)} ms | target p99 ≤ window ${windowMs} + 2 × ${f1(figures.baseP99)} = ${f1(figures.target)} ms: **${verdict}** |`,
      `| bids acknowledged (refused, errors, skipped: lot busy) | ${acked.length} (${refused}, ${errors}, ${skipped}) at ${rate}/s offered over ${lots.length} lots | | |`,
      `| … of them seen on every socket before their acknowledgement arrived | ${early} | | |`,
      `| bid HTTP acknowledgement p50 / p99 | ${f1(figures.ackP50)} / ${f1(figures.ackP99)} ms | the gateway's ack round trip p99 ${f1(figures.gatewayP99)} ms | |`,
      `| generator: bid thread + ${n} socket threads | ${kept ? 'kept up' : '**did NOT keep up**'}: ${figures.generator} | | |`,
    ].join('\n')
    return figures
  } finally {
    await all({ cmd: 'close' }).catch(() => {})
    await Promise.all(workers.map((w) => w.worker.terminate()))
    if (bare) await new Promise((r) => bare.close(r))
  }
}

/* ------------------------------------------------------- npm run bench:room (its own portal) -- */

async function bench() {
  const { mkdtempSync, chmodSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { startPortal, createBidders, signIn, stonesForBid, createAuction } = await import('./bids-lib.mjs')
  const env = process.env
  const work = mkdtempSync(join(tmpdir(), 'room-fanout-'))
  chmodSync(work, 0o755) // PostgreSQL runs as another user when we are root
  const windowMs = Number(env.GATEWAY_PUSH_WINDOW_MS ?? 25)
  console.log('starting the portal (npm start, fresh data)…')
  const portal = await startPortal({
    mode: 'embedded',
    dataDir: join(work, 'data'),
    env: { STOCK_DEMO_STONES: '3000' },
  })
  try {
    const staff = await signIn(portal.baseUrl, 'sales1')
    const tokens = await createBidders(portal.baseUrl, 4, 'room')
    const stones = await stonesForBid(portal.baseUrl, staff, Number(env.ROOM_LOTS ?? 20))
    const lots = await createAuction(portal.baseUrl, staff, { kind: 'live', title: 'room fan-out', stoneIds: stones })
    const runs = Number(env.ROOM_RUNS ?? 1)
    for (let r = 0; r < runs; r++) {
      const f = await measureRoomFanout({
        baseUrl: portal.baseUrl,
        lots,
        tokens,
        sockets: Number(env.ROOM_SOCKETS ?? 200),
        bids: Number(env.ROOM_BIDS ?? 400),
        rate: Number(env.ROOM_RATE ?? 40),
        threads: Number(env.ROOM_THREADS ?? Math.max(2, cpus().length)),
        windowMs,
      })
      console.log(
        `\nRoom fan-out, run ${r + 1} (load average ${f.loadavg.toFixed(1)} on ${cpus().length} cores at the end)\n\n${f.table}\n`,
      )
    }
  } finally {
    await portal.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

if (!isMainThread) socketsThread()
else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  bench().then(
    () => process.exit(0),
    (e) => {
      console.error(e)
      process.exit(1)
    },
  )
}

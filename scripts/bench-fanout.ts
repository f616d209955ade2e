/**
 * npm run bench:fanout — per-connection batched fan-out against one message per event per socket,
 * with 1,000 plain WebSocket clients on loopback, in one run (2 shared cores here, so ratios travel
 * better than milliseconds). The clients are spread over worker threads of this process
 * (BENCH_CLIENT_THREADS, one clock, `performance.timeOrigin + performance.now()`, on every side); the
 * servers and the event driver in the main thread. Each client thread watches itself (busy share,
 * own CPU, event-loop delay: how late it read what had arrived): a latency target counts as met only
 * when every client thread kept up (loadtest/generator.mjs), else the generator, not the gateway, was
 * the bottleneck and the row says so.
 *
 *  1. bare: a plain `ws` server broadcasts a tiny timestamped message to the 1,000 clients once per
 *     window (25 ms, as many frames per socket as the batches), 200 times; receive − send gives
 *     the bare WebSocket p50/p99.
 *  2. unbatched: the same server sends each stone status change as its own `stone.status`-shaped
 *     frame to every socket (JSON made once per event), driven at the offered rate but held back
 *     whenever a socket has more than 16 KiB unsent, so it measures what that can carry.
 *  3. batched: the real gateway plugin (Fanout, Watchers, websocket feed) in a Fastify server,
 *     fed the same synthetic `stock.stone.*` events through the in-process bus; the clients join
 *     the stock feed and receive one `stones.status` batch per window.
 *
 * Delivered = stone states that reached a client (entries for batches, frames for the baseline);
 * covered = events whose state a client holds (an entry with version v covers every version of that
 * stone since the last it saw). Latency is per covered event (on every tenth client): receive −
 * publish.
 *
 * Knobs: BENCH_CLIENTS (1000), BENCH_RATE events/s (10000), BENCH_SECONDS (5), BENCH_STONES (12,48:
 * one batched run per count, the same events/s spread over that many stones), BENCH_WINDOW_MS (the
 * gateway default, 25), BENCH_CLIENT_THREADS (the clients' threads: the machine's cores, at least 2).
 * 12 stones is a rush on a few hot stones, where coalescing does most of the work; 48 sends each
 * client up to 48 entries per window, which shows capacity near saturation.
 */
import { randomUUID } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { WebSocket, WebSocketServer } from 'ws'
import { describeThreads, keptUp, watchThread, type ThreadLoad } from '../loadtest/generator.mjs'

const now = () => performance.timeOrigin + performance.now()
const BUCKET_MS = 0.05
const BUCKETS = 200_000 // up to 10 s
const LATENCY_SAMPLE = 10

interface Stats {
  frames: number
  entries: number
  covered: number
  stale: number
  acks: number
  firstAt: number
  lastAt: number
  p50: number
  p99: number
  max: number
  /** Each client thread's load since the last reset. */
  threads: ThreadLoad[]
}

/** What one client thread answers to `stats`: its counters, its latency histogram and its load. */
interface ThreadStats {
  frames: number
  entries: number
  covered: number
  stale: number
  acks: number
  firstAt: number
  lastAt: number
  max: number
  hist: Uint32Array
  load: ThreadLoad
}

type Command =
  | { cmd: 'connect'; url: string; headers?: Record<string, string>; join?: string }
  | { cmd: 'reset'; phase: 'bare' | 'events' }
  | { cmd: 'stats' }
  | { cmd: 'close' }

/* ---------------------------------------------------------------- clients (worker thread) ---- */

function clients() {
  const { from, count, stoneIds, maxV, emitBuf } = workerData as {
    from: number
    count: number
    stoneIds: string[]
    maxV: number
    emitBuf: SharedArrayBuffer
  }
  const emitAt = new Float64Array(emitBuf)
  const stoneOf = new Map(stoneIds.map((id, i) => [id, i]))
  const S = stoneIds.length
  let sockets: WebSocket[] = []
  let phase: 'bare' | 'events' = 'bare'
  let hist = new Uint32Array(BUCKETS)
  let last = new Int32Array(count * S)
  let s = { frames: 0, entries: 0, covered: 0, stale: 0, acks: 0, firstAt: 0, lastAt: 0, max: 0 }
  let load = watchThread()
  const record = (ms: number) => {
    hist[Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms / BUCKET_MS)))]!++
    if (ms > s.max) s.max = ms
  }
  const change = (client: number, id: string, version: number, t: number) => {
    const stone = stoneOf.get(id)!
    const prev = last[client * S + stone]!
    if (version <= prev) return void s.stale++
    s.entries++
    // Latency of every covered event on one client in ten: the histogram would cost the clients'
    // thread more than the parsing it measures.
    if ((from + client) % LATENCY_SAMPLE === 0)
      for (let v = prev + 1; v <= version; v++) record(t - emitAt[stone * maxV + v]!)
    s.covered += version - prev
    last[client * S + stone] = version
  }
  const onMessage = (client: number) => (raw: Buffer) => {
    const t = now()
    const f = JSON.parse(raw.toString()) as { t?: number; type?: string; data?: any }
    s.frames++
    if (!s.firstAt) s.firstAt = t
    s.lastAt = t
    if (phase === 'bare') return record(t - f.t!)
    if (f.type === 'stones.status') for (const c of f.data.changes) change(client, c.id, c.version, t)
    else if (f.type === 'stone.status') change(client, f.data.id, f.data.version, t)
    else if (f.type === 'ack') s.acks++
  }
  const port = parentPort!
  const handle = async (m: Command) => {
    if (m.cmd === 'connect') {
      sockets = []
      // A hundred at a time: a thousand SYNs at once overflow the listen backlog.
      for (let i = 0; i < count; i += 100) {
        const batch = Array.from({ length: Math.min(100, count - i) }, (_, k) => {
          const ws = new WebSocket(m.url, { headers: m.headers, perMessageDeflate: false })
          ws.on('message', onMessage(i + k))
          sockets.push(ws)
          return new Promise<void>((resolve, reject) => {
            ws.once('open', () => {
              if (m.join) ws.send(m.join)
              resolve()
            })
            ws.once('error', reject)
          })
        })
        await Promise.all(batch)
      }
      phase = 'events'
      const t0 = now()
      while (m.join && s.acks < count && now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 20))
      port.postMessage({ done: 'connect', acks: s.acks })
    } else if (m.cmd === 'reset') {
      phase = m.phase
      hist = new Uint32Array(BUCKETS)
      last = new Int32Array(count * S)
      s = { frames: 0, entries: 0, covered: 0, stale: 0, acks: 0, firstAt: 0, lastAt: 0, max: 0 }
      load.stop()
      load = watchThread()
      port.postMessage({ done: 'reset' })
    } else if (m.cmd === 'stats') {
      const stats: ThreadStats = { ...s, hist, load: load.read() }
      port.postMessage({ done: 'stats', stats })
    } else if (m.cmd === 'close') {
      await Promise.all(sockets.map((ws) => new Promise((r) => (ws.once('close', r), ws.terminate()))))
      port.postMessage({ done: 'close' })
    }
  }
  port.on('message', (m: Command) => {
    handle(m).catch((e: unknown) => {
      console.error(e)
      process.exit(1)
    })
  })
}

/* ---------------------------------------------------------------- servers and driver (main) ---- */

async function main() {
  const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000)
  const RATE = Number(process.env.BENCH_RATE ?? 10_000)
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
  const SCENARIOS = (process.env.BENCH_STONES ?? '12,48').split(',').map(Number)
  const total = Math.ceil(RATE * SECONDS)
  // Each run has stones of its own (the baseline uses as many as the first batched run), so no
  // status of one run can be mistaken for another's.
  const counts = [SCENARIOS[0]!, ...SCENARIOS]
  const slices = counts.map((n, k) =>
    Array.from({ length: n }, (_, i) => counts.slice(0, k).reduce((a, b) => a + b, 0) + i),
  )
  const STONES = counts.reduce((a, b) => a + b, 0)
  const maxV = Math.ceil(total / Math.min(...counts)) + 2
  const stoneIds = Array.from({ length: STONES }, () => randomUUID())
  const versions = new Int32Array(STONES)
  const emitBuf = new SharedArrayBuffer(8 * STONES * maxV)
  const emitAt = new Float64Array(emitBuf)
  const THREADS = Math.max(1, Math.min(CLIENTS, Number(process.env.BENCH_CLIENT_THREADS ?? Math.max(2, cpus().length))))

  // A worker does not inherit tsx's loader on Node 20: it registers it, then loads this file.
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}) })`
  // The clients in THREADS even shares, each thread asked one question at a time (one answer each).
  const workers = Array.from({ length: THREADS }, (_, k) => {
    const from = Math.floor((k * CLIENTS) / THREADS)
    const count = Math.floor(((k + 1) * CLIENTS) / THREADS) - from
    const worker = new Worker(boot, { eval: true, workerData: { from, count, stoneIds, maxV, emitBuf } })
    let answer: { resolve: (v: any) => void; reject: (e: unknown) => void } | null = null
    worker.on('message', (m) => answer?.resolve(m))
    worker.on('error', (e) => (answer ? answer.reject(e) : console.error(e)))
    const ask = (m: Command) =>
      new Promise<any>((resolve, reject) => {
        answer = { resolve, reject }
        worker.postMessage(m)
      })
    return { worker, ask }
  })
  const ask = async (m: Command) => {
    const answers = await Promise.all(workers.map((w) => w.ask(m)))
    return { acks: answers.reduce((n: number, a: { acks?: number }) => n + (a.acks ?? 0), 0) }
  }
  /** Every client thread's counters added up, their histograms merged. */
  const stats = async (): Promise<Stats> => {
    const all = (await Promise.all(workers.map((w) => w.ask({ cmd: 'stats' })))).map(
      (a: { stats: ThreadStats }) => a.stats,
    )
    const hist = new Uint32Array(BUCKETS)
    for (const t of all) for (let i = 0; i < BUCKETS; i++) hist[i]! += t.hist[i]!
    const total = hist.reduce((a, b) => a + b, 0)
    const pct = (p: number) => {
      let seen = 0
      for (let i = 0; i < BUCKETS; i++) if ((seen += hist[i]!) >= total * p) return (i + 1) * BUCKET_MS
      return NaN
    }
    const sum = (k: 'frames' | 'entries' | 'covered' | 'stale' | 'acks') => all.reduce((n, t) => n + t[k], 0)
    const firsts = all.map((t) => t.firstAt).filter((x) => x > 0)
    return {
      frames: sum('frames'),
      entries: sum('entries'),
      covered: sum('covered'),
      stale: sum('stale'),
      acks: sum('acks'),
      firstAt: firsts.length ? Math.min(...firsts) : 0,
      lastAt: Math.max(...all.map((t) => t.lastAt)),
      max: Math.max(...all.map((t) => t.max)),
      p50: pct(0.5),
      p99: pct(0.99),
      threads: all.map((t) => t.load),
    }
  }

  /**
   * Offers RATE events/s for SECONDS (stones in a shuffled round robin, each change raising that
   * stone's version), calling `send` with each tick's events, at most `perTick` of them. Events due
   * while `held()` or beyond `perTick` are skipped (offered, never sent), so memory and time stay
   * bounded whatever the sender can carry.
   */
  async function drive(
    stones: number[],
    send: (events: { stone: number; version: number; at: number }[]) => void,
    perTick: number,
    held: () => boolean = () => false,
  ) {
    let order: number[] = []
    let emitted = 0
    let skipped = 0
    const start = now()
    const elu0 = performance.eventLoopUtilization()
    for (;;) {
      const elapsed = now() - start
      if (elapsed >= SECONDS * 1000) break
      const due = Math.min(total, Math.floor((elapsed / 1000) * RATE)) - emitted - skipped
      const n = held() ? 0 : Math.min(due, perTick)
      skipped += due - n
      if (n > 0) {
        const events = []
        for (let i = 0; i < n; i++) {
          if (!order.length) order = shuffle(stones)
          const stone = order.pop()!
          const version = ++versions[stone]!
          const at = now()
          emitAt[stone * maxV + version] = at
          events.push({ stone, version, at })
        }
        emitted += n
        send(events)
      }
      await new Promise((r) => setTimeout(r, 1))
    }
    const mainBusy = performance.eventLoopUtilization(elu0).utilization
    return { start, emitted, skipped, seconds: (now() - start) / 1000, mainBusy }
  }

  /** Polls the clients until every emitted event is covered on every client, or 20 s pass. */
  async function settle(emitted: number): Promise<Stats> {
    const t0 = now()
    for (;;) {
      const st = await stats()
      if (st.covered >= emitted * CLIENTS || now() - t0 > 20_000) return st
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  // 1 and 2: a bare ws server.
  const bare = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false })
  await new Promise((r) => bare.once('listening', r))
  const bareUrl = `ws://127.0.0.1:${(bare.address() as { port: number }).port}`
  console.log(`Connecting ${CLIENTS} clients to a bare ws server…`)
  await ask({ cmd: 'connect', url: bareUrl })
  await ask({ cmd: 'reset', phase: 'bare' })
  // One broadcast per window: the same frames per socket per second as the batches at full pace.
  const bareWindow = Number(process.env.BENCH_WINDOW_MS ?? 25)
  for (let i = 0; i < 200; i++) {
    const text = `{"t":${now()}}`
    for (const ws of bare.clients) ws.send(text)
    await new Promise((r) => setTimeout(r, bareWindow))
  }
  await new Promise((r) => setTimeout(r, 300))
  const bareStats = await stats()

  console.log(`Unbatched: one frame per event per socket, ${RATE} events/s offered for ${SECONDS} s…`)
  await ask({ cmd: 'reset', phase: 'events' })
  const sockets = [...bare.clients]
  const unbatchedRun = await drive(
    slices[0]!,
    (events) => {
      for (const e of events) {
        const text = JSON.stringify({
          type: 'stone.status',
          data: statusOf(stoneIds[e.stone]!, e.stone, e.version, e.at),
        })
        for (const ws of sockets) ws.send(text)
      }
    },
    Math.ceil(RATE / 1000),
    () => sockets.some((ws) => ws.bufferedAmount > 16 * 1024),
  )
  const unbatched = await settle(unbatchedRun.emitted)
  await ask({ cmd: 'close' })
  await new Promise((r) => bare.close(r))

  // 3: the gateway.
  const { createHttpServer, createTokenService, loadPlatformConfig, MemoryBus } = await import('@diamond/runtime')
  const { default: gateway } = await import('@diamond/gateway/app')
  const { loadGatewayConfig } = await import('@diamond/gateway/config')
  const env = {
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'postgres://unused/none',
    JWT_SECRET: 'b'.repeat(48),
    ...process.env,
  }
  const config = loadPlatformConfig({ ...env, NODE_ENV: 'test' })
  const gw = loadGatewayConfig({ GATEWAY_PUSH_WINDOW_MS: process.env.BENCH_WINDOW_MS })
  const tokens = createTokenService(config.JWT_SECRET, 3600)
  const app = await createHttpServer({ title: 'bench-fanout', logger: false })
  const bus = new MemoryBus({ log: (m, e) => console.error(m, e) })
  app.addHook('onClose', () => bus.close())
  await app.register(gateway, {
    config,
    bus,
    tokens,
    gateway: gw,
    mode: 'embedded',
    serveWeb: false,
    probe: () => Promise.resolve(true),
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const token = tokens.sign({
    id: randomUUID(),
    username: 'bench',
    userType: 'buyer',
    perms: { searchList: 'v' },
    noPrice: false,
    ver: 0,
    guest: false,
    trusted: true,
  })
  console.log(`Connecting ${CLIENTS} clients to the gateway (stock feed)…`)
  const joined = await ask({
    cmd: 'connect',
    url: `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/web/v1/ws`,
    headers: { authorization: `JWT ${token}` },
    join: JSON.stringify({ type: 'feed.join', data: { feed: 'stock' } }),
  })
  if (joined.acks < CLIENTS) throw new Error(`only ${joined.acks} of ${CLIENTS} clients joined the feed`)
  const runs: { stones: number; run: Awaited<ReturnType<typeof drive>>; st: Stats }[] = []
  for (const [k, stones] of SCENARIOS.entries()) {
    console.log(
      `Batched: per-connection batches every ${gw.GATEWAY_PUSH_WINDOW_MS} ms, ${RATE} events/s over ${stones} stones for ${SECONDS} s…`,
    )
    await ask({ cmd: 'reset', phase: 'events' })
    const run = await drive(
      slices[k + 1]!,
      (events) => {
        void bus.publish(
          events.map((e) => ({
            id: randomUUID(),
            type: 'stock.stone.held',
            key: stoneIds[e.stone]!,
            time: new Date(e.at).toISOString(),
            producer: 'bench',
            version: 1,
            data: {
              stoneId: stoneIds[e.stone]!,
              vStnId: `B${e.stone}`,
              wSts: 'H',
              sSts: '',
              availability: 'H',
              statusVersion: e.version,
              holderId: null,
              expiresAt: null,
            },
          })),
        )
      },
      RATE / 20,
    )
    runs.push({ stones, run, st: await settle(run.emitted) })
  }
  await ask({ cmd: 'close' })
  await app.close()
  await Promise.all(workers.map((w) => w.worker.terminate()))

  // The figures.
  const perClient = (n: number, st: Stats, run: { start: number }) => n / CLIENTS / ((st.lastAt - run.start) / 1000)
  const unbatchedRate = perClient(unbatched.entries, unbatched, unbatchedRun)
  const target = gw.GATEWAY_PUSH_WINDOW_MS + 2 * bareStats.p99
  const f0 = (x: number) => Math.round(x).toLocaleString('en-US')
  const f1 = (x: number) => x.toFixed(1)
  const pc = (x: number) => `${Math.round(x * 100)}%`
  const gen = (st: Stats) => `${keptUp(st.threads) ? 'kept up' : 'did NOT keep up'}: ${describeThreads(st.threads)}`
  const rows = [
    `| bare ws broadcast latency p50 / p99 | ${f1(bareStats.p50)} / ${f1(bareStats.p99)} ms | | |`,
    `| bare ws: the clients' ${THREADS} threads (generator) | ${gen(bareStats)} | | |`,
    `| unbatched (${counts[0]} stones): events sent of ${f0(total)} offered | ${f0(unbatchedRun.emitted)} (the rest held back: sockets full) | | |`,
    `| unbatched: changes delivered per second per client | ${f0(unbatchedRate)}/s | | 1× |`,
    `| unbatched: latency event→client p50 / p99 | ${f1(unbatched.p50)} / ${f1(unbatched.p99)} ms | | |`,
    `| unbatched: server thread busy / the clients' ${THREADS} threads (generator) | ${pc(unbatchedRun.mainBusy)} / ${gen(unbatched)} | | |`,
  ]
  for (const { stones, run, st } of runs) {
    const b = `batched, ${stones} stones`
    const entries = perClient(st.entries, st, run)
    const covered = perClient(st.covered, st, run)
    const all = st.covered === run.emitted * CLIENTS
    // The target is met only when the generator was not the bottleneck: a client thread that ran
    // late, not the gateway, would set the latency (and a quiet baseline whose generator was late
    // would make the target itself too loose).
    const verdict = !keptUp(st.threads)
      ? 'not judged: the generator did not keep up'
      : !keptUp(bareStats.threads)
        ? "not judged: the baseline's generator did not keep up"
        : st.p99 <= target
          ? 'met'
          : 'NOT met'
    rows.push(
      `| ${b}: events published of ${f0(total)} offered | ${f0(run.emitted)} | | |`,
      `| ${b}: changes delivered per second per client (entries) | ${f0(entries)}/s | ${f0(unbatchedRate)}/s unbatched | ${f1(entries / unbatchedRate)}× (target ≥ 5×) |`,
      `| ${b}: changes covered per second per client (events) | ${f0(covered)}/s | ${f0(unbatchedRate)}/s unbatched | ${f1(covered / unbatchedRate)}× (target ≥ 5×) |`,
      `| ${b}: frames per client per second (entries per frame) | ${f1(perClient(st.frames, st, run))}/s (${f1(st.entries / st.frames)}) | ${f0(unbatchedRate)}/s (1) | |`,
      `| ${b}: latency event→client p50 / p99 / max | ${f1(st.p50)} / ${f1(st.p99)} / ${f1(st.max)} ms | window + 2 × bare p99 = ${f1(target)} ms | ${verdict} |`,
      `| ${b}: server thread busy / the clients' ${THREADS} threads (generator) | ${pc(run.mainBusy)} / ${gen(st)} | | |`,
      `| ${b}: every event covered on every client | ${all ? 'yes' : `no (${f0(st.covered)} of ${f0(run.emitted * CLIENTS)})`}${st.stale ? `, ${f0(st.stale)} stale entries` : ''} | | |`,
    )
  }
  console.log(`
${CLIENTS} clients in ${THREADS} threads, ${f0(RATE)} events/s offered for ${SECONDS} s per run, window ${gw.GATEWAY_PUSH_WINDOW_MS} ms, one process on loopback (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores at the end)

| figure | value | baseline (same run) | ratio / target |
|---|---|---|---|
${rows.join('\n')}
`)
  process.exit(0)
}

/** What the gateway pushes for a change (a `StoneStatus`), as its own frame in the baseline. */
function statusOf(id: string, stone: number, version: number, at: number) {
  return { id, vStnId: `B${stone}`, wSts: 'H', availability: 'H', version, at: new Date(at).toISOString() }
}

function shuffle(items: number[]): number[] {
  const a = [...items]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[a[i], a[j]] = [a[j]!, a[i]!]
  }
  return a
}

if (isMainThread) await main()
else clients()

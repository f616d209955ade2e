/**
 * npm run bench: the spine's figures, each beside a baseline measured in the same run (machines here
 * are shared and noisy, so ratios travel better than milliseconds).
 *  - start-up: `npm start` to a ready /web/v1/health on a warm install (data already seeded),
 *    against bare `node` start-up;
 *  - event latency: hold commit to a socket.io client receiving the push, embedded (in-process bus)
 *    and through Kafka, against a socket.io round trip to the same server.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { io } from 'socket.io-client'
import { KafkaBus, type MessageBus } from '@diamond/runtime'
import { freePort, startLocalPostgres } from '@diamond/runtime/pg-server'
import { buildPortal } from '@diamond/portal/portal'
import { REPO } from '@diamond/portal/local'
// @ts-expect-error plain ESM script without types
import { startKafka } from '../infra/kafka.mjs'

const HOLDS = Number(process.env.BENCH_HOLDS ?? 300)
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!
const ms = (x: number) => `${x.toFixed(1)} ms`

async function timeToReady(cmd: string[], env: Record<string, string>, port: number): Promise<number> {
  const t0 = performance.now()
  const child = spawn(cmd[0]!, cmd.slice(1), {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: 'ignore',
    detached: true,
  })
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/web/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return performance.now() - t0
      if (performance.now() - t0 > 180_000) throw new Error('portal did not become ready')
      await new Promise((r) => setTimeout(r, 20))
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
}

async function startup() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-start-'))
  const port = await freePort()
  const env = { PORTAL_DATA_DIR: dir, PORT: String(port) }
  const npmStart = ['npm', 'start', '--silent']
  const first = await timeToReady(npmStart, env, port) // creates the database and seeds the demo
  const warm: number[] = []
  for (let i = 0; i < 3; i++) warm.push(await timeToReady(npmStart, env, port))
  const bare: number[] = []
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now()
    await new Promise((r) => spawn(process.execPath, ['-e', '0']).once('exit', r))
    bare.push(performance.now() - t0)
  }
  await rm(dir, { recursive: true, force: true })
  return { first, warm: pct(warm, 50), bare: pct(bare, 50) }
}

async function latency(pgUrl: string, bus: MessageBus | undefined, label: string) {
  const admin = (await import('postgres')).default(pgUrl, { max: 1, onnotice: () => {} })
  const db = `bench_${label}_${Date.now()}`
  await admin.unsafe(`create database ${db}`)
  await admin.end()
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'true',
    STOCK_DEMO_STONES: String(HOLDS + 10),
    DATABASE_URL: pgUrl.replace(/\/postgres$/, `/${db}`),
    JWT_SECRET: 'b'.repeat(48),
  }
  const portal = await buildPortal(env, { bus, serveWeb: false })
  await portal.app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(portal.app.server.address() as { port: number }).port}`
  const post = async (path: string, body: unknown, token?: string) =>
    (await fetch(`${base}/web/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as { code: string; data: any }
  // As a new browser signs in: an untrusted token, the mailed code from the demo mailbox, a trusted token.
  const signIn = async (username: string) => {
    const login = (await post('auth/login', { username, password: 'Diamond@2026' })).data
    if (login.isTrusted) return login.token.jwt as string
    for (let i = 0; i < 400; i++) {
      const mail = await fetch(`${base}/web/v1/dev/mailbox?to=${username}@demo.diamond-portal.test&limit=1`).then((r) =>
        r.json(),
      )
      const code = /\b(\d{6})\b/.exec(mail.data.list[0]?.text ?? '')?.[1]
      if (code)
        return (await post('verifyfingerprint', { otp: code, trust: 'once' }, login.token.jwt)).data.token.jwt as string
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new Error(`no sign-in code for ${username}`)
  }
  const token = await signIn('buyer1')
  const watcher = await signIn('buyer2')
  const stones = (
    (await post('diamond/paginate', { limit: HOLDS, filter: { availability: ['A'], shpNm: ['ROUND'] } }, token)).data
      .list as { id: string }[]
  ).map((s) => s.id)

  const socket = io(base, { transports: ['websocket'], auth: { token: watcher } })
  await new Promise<void>((r) => socket.on('connect', () => r()))
  await new Promise((r) => socket.emit('stones.watch', { ids: stones }, r))
  const arrived = new Map<string, (at: number) => void>()
  socket.on('stones.status', (m: { changes: { id: string; at: string }[] }) => {
    for (const c of m.changes) arrived.get(c.id)?.(Date.now() - Date.parse(c.at))
  })

  const pushes: number[] = []
  const trips: number[] = []
  for (const id of stones) {
    const got = new Promise<number>((r) => arrived.set(id, r))
    const res = await post('diamond/hold', { id }, token)
    if (res.code !== 'OK') throw new Error(`hold: ${res.code}`)
    pushes.push(await got)
    const t0 = performance.now()
    await new Promise((r) => socket.emit('stones.watch', { ids: [id] }, r))
    trips.push(performance.now() - t0)
  }
  socket.disconnect()
  await portal.app.close()
  return { p50: pct(pushes, 50), p99: pct(pushes, 99), trip: pct(trips, 50) }
}

const pgDir = await mkdtemp(join(tmpdir(), 'bench-pg-'))
const pg = await startLocalPostgres({ dir: join(pgDir, 'data') })
const kafkaDir = await mkdtemp(join(tmpdir(), 'bench-kafka-'))
let kafkaPort = await freePort()
while (kafkaPort > 65000) kafkaPort = await freePort()
const kafka = await startKafka({ port: kafkaPort, dataDir: kafkaDir })
try {
  console.log(`Measuring (${HOLDS} holds per bus)…`)
  const embedded = await latency(pg.url, undefined, 'memory')
  const bus = new KafkaBus({ brokers: kafka.brokers, clientId: 'bench' })
  await bus.start()
  const viaKafka = await latency(pg.url, bus, 'kafka')
  const start = await startup()
  const rows = [
    [
      'npm start → ready, warm install (median of 3)',
      ms(start.warm),
      `bare node start ${ms(start.bare)}`,
      `${(start.warm / start.bare).toFixed(0)}×`,
    ],
    ['npm start → ready, first start (initdb + demo seed)', ms(start.first), '', ''],
    [
      'hold commit → socket push, embedded, p50',
      ms(embedded.p50),
      `socket.io round trip ${ms(embedded.trip)}`,
      `${(embedded.p50 / embedded.trip).toFixed(1)}×`,
    ],
    ['hold commit → socket push, embedded, p99', ms(embedded.p99), '', `${(embedded.p99 / embedded.trip).toFixed(1)}×`],
    [
      'hold commit → socket push, Kafka, p50',
      ms(viaKafka.p50),
      `socket.io round trip ${ms(viaKafka.trip)}`,
      `${(viaKafka.p50 / viaKafka.trip).toFixed(1)}×`,
    ],
    ['hold commit → socket push, Kafka, p99', ms(viaKafka.p99), '', `${(viaKafka.p99 / viaKafka.trip).toFixed(1)}×`],
  ]
  console.log('\n| figure | value | baseline (same run) | ratio |\n|---|---|---|---|')
  for (const r of rows) console.log(`| ${r.join(' | ')} |`)
} finally {
  await kafka.stop()
  await pg.stop()
  await rm(pgDir, { recursive: true, force: true })
  await rm(kafkaDir, { recursive: true, force: true })
}
process.exit(0)

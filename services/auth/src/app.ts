import type { FastifyInstance } from 'fastify'
import cookie from '@fastify/cookie'
import { periodic, setupService, type ServiceContext } from '@diamond/runtime'
import { defineService } from '@diamond/runtime/registry'
import { loadAuthConfig, type AuthConfig } from './config'
import approvalRoutes from './modules/approvals/approvals.routes'
import buyerRoutes from './modules/buyers/buyers.routes'
import credentialsRoutes from './modules/credentials/credentials.routes'
import { purgeMailTokens } from './modules/credentials/mail-tokens.repository'
import facilityRoutes from './modules/facilities/facilities.routes'
import { FacilityService } from './modules/facilities/facilities.service'
import { registerTradeMail } from './modules/mail/mail.consumers'
import { registerMemberOrders } from './modules/members/members.consumers'
import memberRoutes from './modules/members/members.routes'
import { MemberService } from './modules/members/members.service'
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
import settingsRoutes from './modules/settings/settings.routes'
import { SettingsService } from './modules/settings/settings.service'
import { seedDemoUsers } from './modules/users/demo.seed'
import { announceUnannounced } from './modules/profile/profile.announce'

export type AuthOptions = ServiceContext & { auth: AuthConfig }

const HOUSEKEEPING_MS = 10 * 60_000
/** New users (a registration, a company admin's) reach stock's invoice facts within this (issue 26). */
const PROFILE_SWEEP_MS = 5_000

/** The auth service: users, passwords, sessions (JWT), device trust, guests. Owns the `auth` schema. */
export default async function authService(app: FastifyInstance, opts: AuthOptions) {
  const rt = await setupService(
    app,
    { ...opts, databaseUrl: opts.auth.AUTH_DATABASE_URL ?? opts.databaseUrl },
    {
      name: 'auth',
      migrations: new URL('../migrations/', import.meta.url),
    },
  )
  if (opts.config.DEMO_DATA) {
    const seeded = await seedDemoUsers(rt.database.sql)
    if (seeded.length) app.log.info({ accounts: seeded }, 'demo accounts seeded')
  }
  // The trusted-device key travels in an httpOnly cookie, read and set only by this service.
  await app.register(cookie)
  // Old sign-in failures, codes and links are deleted now and then (not at start: nothing is old yet).
  periodic(
    app,
    'auth housekeeping',
    HOUSEKEEPING_MS,
    async () => {
      await purgeFailures(rt.database.sql)
      await purgeDevices(rt.database.sql)
      await purgeMailTokens(rt.database.sql)
    },
    { firstAfterMs: HOUSEKEEPING_MS },
  )

  registerTradeMail(rt)
  const { database } = rt
  // Issue 26: users whose invoice facts stock has not heard yet (from before, or new) are announced.
  periodic(app, 'profile announcements', PROFILE_SWEEP_MS, () => announceUnannounced(database))
  const devices = new DeviceService(database, opts.config.JWT_SECRET)
  const sessions = new SessionService(database, opts.tokens, devices)
  await app.register(sessionRoutes, { sessions })
  await app.register(deviceRoutes, { devices, sessions, secureCookie: opts.config.NODE_ENV === 'production' })
  await app.register(guestRoutes, { guests: new GuestService(database, opts.tokens) })
  await app.register(credentialsRoutes, { passwords: new PasswordService(database, opts.tokens), database })
  await app.register(accountRoutes, { database, tokens: opts.tokens })
  await app.register(approvalRoutes, { database, tokens: opts.tokens })
  // Issue 26: staff find the buyer a memo is for.
  await app.register(buyerRoutes, { database })
  await app.register(settingsRoutes, { settings: new SettingsService(database) })
  const members = new MemberService(database)
  registerMemberOrders(rt, members)
  await app.register(memberRoutes, { members })
  await app.register(facilityRoutes, { facilities: new FacilityService(database) })
  const digests = new DigestService(database, opts.config.JWT_SECRET)
  await app.register(digestRoutes, { digests })
  if (opts.auth.AUTH_DIGESTS)
    periodic(app, 'stock digests', opts.auth.AUTH_DIGEST_CHECK_SECONDS * 1000, () => digests.runDue())
}

/** How a host mounts this service by its name in the registry (the embedded portal does). */
export const service = defineService({
  name: 'auth',
  plugin: authService,
  options: (env) => ({ auth: loadAuthConfig(env) }),
})

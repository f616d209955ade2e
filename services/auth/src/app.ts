import type { FastifyInstance } from 'fastify'
import { setupService, type ServiceContext } from '@diamond/runtime'
import type { AuthConfig } from './config'
import sessionRoutes from './modules/session/session.routes'
import { SessionService } from './modules/session/session.service'
import { seedDemoUsers } from './modules/users/demo.seed'

export type AuthOptions = ServiceContext & { auth: AuthConfig }

/** The auth service: users, passwords, sessions (JWT). Owns the `auth` schema. */
export default async function authService(app: FastifyInstance, opts: AuthOptions) {
  const rt = await setupService(app, { ...opts, databaseUrl: opts.auth.AUTH_DATABASE_URL ?? opts.databaseUrl }, {
    name: 'auth',
    migrations: new URL('../migrations/', import.meta.url),
  })
  if (opts.config.DEMO_DATA) {
    const seeded = await seedDemoUsers(rt.database.sql)
    if (seeded.length) app.log.info({ accounts: seeded }, 'demo accounts seeded')
  }
  await app.register(sessionRoutes, { sessions: new SessionService(rt.database, opts.tokens) })
}

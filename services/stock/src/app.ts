import type { FastifyInstance } from 'fastify'
import { setupService, type ServiceContext } from '@diamond/runtime'
import type { StockConfig } from './config'
import { seedDemoStock } from './modules/demo/demo.seed'
import stoneRoutes from './modules/stones/stones.routes'
import { StoneService } from './modules/stones/stones.service'

export type StockOptions = ServiceContext & { stock: StockConfig }

/** The stock service: stones, their status, holds. Owns the `stock` schema. */
export default async function stockService(app: FastifyInstance, opts: StockOptions) {
  const rt = await setupService(app, { ...opts, databaseUrl: opts.stock.STOCK_DATABASE_URL ?? opts.databaseUrl }, {
    name: 'stock',
    migrations: new URL('../migrations/', import.meta.url),
  })
  if (opts.config.DEMO_DATA) {
    const seeded = await seedDemoStock(rt.database, opts.stock.STOCK_DEMO_STONES)
    if (seeded) app.log.info({ seeded }, 'demo stock seeded')
  }
  const stones = new StoneService(rt.database, opts.stock.STOCK_HOLD_MINUTES)

  // Expired holds return to stock; the database clock decides when.
  let timer: NodeJS.Timeout | undefined
  let closing = false
  const sweep = async () => {
    if (closing) return
    try {
      await stones.releaseExpired()
    } catch (err) {
      app.log.warn({ err }, 'hold expiry sweep failed; will retry')
    }
    if (!closing) timer = setTimeout(sweep, 5000)
  }
  app.addHook('onReady', async () => void sweep())
  app.addHook('preClose', async () => {
    closing = true
    clearTimeout(timer)
  })

  await app.register(stoneRoutes, { stones })
}

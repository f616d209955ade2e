import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import { ok, setupService, type ServiceContext } from '@diamond/runtime'
import type { BiddingConfig } from './config'
import auctionRoutes from './modules/auctions/auctions.routes'
import { AuctionService } from './modules/auctions/auctions.service'
import bidRoutes from './modules/bids/bids.routes'
import { BidService } from './modules/bids/bids.service'
import { ensureDemoAuctions } from './modules/demo/demo.auctions'
import { DbClock } from './modules/engine/clock'
import { Closer } from './modules/engine/closer'
import { BidEngine } from './modules/engine/engine'
import { replayResults } from './modules/engine/replay'
import { registerStoneStatusConsumer } from './modules/stones/stone-status.consumers'

export type BiddingOptions = ServiceContext & {
  bidding: BiddingConfig
  /** Tests and benchmarks reach the engine here (its counters are never sent over HTTP). */
  expose?: (parts: { engine: BidEngine; closer: Closer; clock: DbClock }) => void
}

/**
 * The bidding service: decides every auction (live, sealed, look-and-bid, just-bid-it) on one
 * engine, closes lots by the database clock, and keeps its own projection of stone status from
 * stock's events. Owns the `bidding` schema.
 */
export default async function biddingService(app: FastifyInstance, opts: BiddingOptions) {
  const cfg = opts.bidding
  const rt = await setupService(app, { ...opts, databaseUrl: cfg.BIDDING_DATABASE_URL ?? opts.databaseUrl }, {
    name: 'bidding',
    migrations: new URL('../migrations/', import.meta.url),
  })
  const clock = new DbClock(rt.database.sql)
  let closer: Closer | null = null
  const engine = new BidEngine(rt.database, clock, { maxBatch: cfg.BIDDING_MAX_BATCH, maxFlushes: cfg.BIDDING_MAX_FLUSHES, log: app.log, onEvents: () => rt.relay.kick(), onBuyNow: (lotId) => void closer?.close(lotId).catch((err: unknown) => app.log.error({ err, lotId }, 'buy-now close failed')) })
  closer = new Closer(rt.database, engine, { graceMs: cfg.BIDDING_CLOSE_GRACE_MS, log: app.log })
  const unread = app.hasDecorator('metrics') ? app.metrics.bidQueue.read('bidding', () => engine.queueDepth) : undefined
  app.addHook('onClose', async () => unread?.())
  registerStoneStatusConsumer(rt, (lotIds) => {
    for (const id of lotIds) engine.forget(id)
    rt.relay.kick()
  })
  const auctions = new AuctionService(rt.database, clock, engine, () => {
    closer.kick()
    rt.relay.kick()
  })
  const bids = new BidService(rt.database, clock, engine)
  opts.expose?.({ engine, closer, clock })

  let demoTimer: NodeJS.Timeout | undefined
  const demo = async () => {
    try {
      const built = await ensureDemoAuctions(rt.database, auctions, clock.now())
      if (built) app.log.info({ built }, 'demo auctions built')
    } catch (err) {
      app.log.warn({ err }, 'demo auctions not built; will retry')
    }
    demoTimer = setTimeout(() => void demo(), 30_000)
    demoTimer.unref()
  }

  app.addHook('onReady', async () => {
    await clock.start(5000, (err) => app.log.warn({ err }, 'database clock read failed'))
    closer.start()
    if (opts.config.DEMO_DATA && cfg.BIDDING_DEMO_AUCTIONS) {
      // Stock's announcements of its bid stones arrive through the bus shortly after start.
      demoTimer = setTimeout(() => void demo(), 2000)
      demoTimer.unref()
    }
  })
  // onClose, not preClose: the bids of requests still being answered at shutdown go through first.
  app.addHook('onClose', async () => {
    clearTimeout(demoTimer)
    await engine.drain()
    await closer.stop()
    clock.stop()
  })

  await app.register(auctionRoutes, { auctions })
  await app.register(bidRoutes, { bids })
  app.post(
    '/diamond-bid/replay',
    {
      config: { permission: ['bid', 'all'], member: true },
      schema: {
        tags: ['bidding'],
        summary: 'Staff: recompute every closed lot from the bid log and compare with the stored results',
        response: { 200: Envelope(Type.Object({ checked: Type.Integer(), mismatched: Type.Array(Type.Unknown()) })) },
      },
    },
    async () => ok(await replayResults(rt.database.sql)),
  )
}

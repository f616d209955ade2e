import type { FastifyInstance } from 'fastify'
import { periodic, setupService, type ServiceContext } from '@diamond/runtime'
import { defineService } from '@diamond/runtime/registry'
import { loadBiddingConfig, type BiddingConfig } from './config'
import auctionRoutes from './modules/auctions/auctions.routes'
import { AuctionService } from './modules/auctions/auctions.service'
import bidRoutes from './modules/bids/bids.routes'
import { BidService } from './modules/bids/bids.service'
import { ensureDemoAuctions } from './modules/demo/demo.auctions'
import { DbClock } from './modules/engine/clock'
import { Closer } from './modules/engine/closer'
import { BidEngine } from './modules/engine/engine'
import replayRoutes from './modules/engine/replay.routes'
import { registerStoneStatusConsumer } from './modules/stones/stone-status.consumers'

export type BiddingOptions = ServiceContext & {
  bidding: BiddingConfig
  /** Tests and benchmarks reach the engine here (its counters are never sent over HTTP). */
  expose?: (parts: { engine: BidEngine; closer: Closer; clock: DbClock }) => void
}

/** How often the database clock's offset is read again. */
const CLOCK_SYNC_MS = 5000

/**
 * The bidding service: decides every auction (live, sealed, look-and-bid, just-bid-it) on one
 * engine, closes lots by the database clock, and keeps its own projection of stone status from
 * stock's events. Owns the `bidding` schema.
 */
export default async function biddingService(app: FastifyInstance, opts: BiddingOptions) {
  const cfg = opts.bidding
  const rt = await setupService(
    app,
    { ...opts, databaseUrl: cfg.BIDDING_DATABASE_URL ?? opts.databaseUrl },
    {
      name: 'bidding',
      migrations: new URL('../migrations/', import.meta.url),
    },
  )
  const clock = new DbClock(rt.database.sql)
  let closer: Closer | null = null
  const engine = new BidEngine(rt.database, clock, {
    maxBatch: cfg.BIDDING_MAX_BATCH,
    maxFlushes: cfg.BIDDING_MAX_FLUSHES,
    noticeWindowMs: cfg.BIDDING_NOTICE_WINDOW_MS,
    log: app.log,
    onEvents: () => rt.relay.kick(),
    onBuyNow: (lotId) =>
      void closer?.close(lotId).catch((err: unknown) => app.log.error({ err, lotId }, 'buy-now close failed')),
  })
  closer = new Closer(rt.database, engine, { graceMs: cfg.BIDDING_CLOSE_GRACE_MS, log: app.log })
  const unread = app.hasDecorator('metrics') ? app.metrics.bidQueue.read('bidding', () => engine.queueDepth) : undefined
  app.addHook('onClose', () => unread?.())
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

  app.addHook('onReady', async () => {
    // Bids are stamped by the database clock from the first one: read it before anything runs.
    await clock.sync()
    closer.start()
  })
  periodic(app, 'database clock read', CLOCK_SYNC_MS, () => clock.sync(), { firstAfterMs: CLOCK_SYNC_MS })
  if (opts.config.DEMO_DATA && cfg.BIDDING_DEMO_AUCTIONS) {
    // Kept topped up; the first run waits a little for stock's announcements of its bid stones (bus).
    periodic(
      app,
      'demo auctions',
      30_000,
      async () => {
        const built = await ensureDemoAuctions(rt.database, auctions, clock.now())
        if (built) app.log.info({ built }, 'demo auctions built')
      },
      { firstAfterMs: 2000 },
    )
  }
  // onClose, not preClose: the bids of requests still being answered at shutdown go through first.
  app.addHook('onClose', async () => {
    await engine.drain()
    await closer.stop()
  })

  await app.register(auctionRoutes, { auctions })
  await app.register(bidRoutes, { bids })
  await app.register(replayRoutes, { sql: rt.database.sql })
}

/** How a host mounts this service by its name in the registry (the embedded portal does). */
export const service = defineService({
  name: 'bidding',
  plugin: biddingService,
  options: (env) => ({ bidding: loadBiddingConfig(env) }),
})

import { hostname } from 'node:os'
import type { FastifyInstance } from 'fastify'
import { StockEventTypes, StockTopics, type StoneStatusChanged } from '@diamond/contracts/events/stock'
import { setupService, type ServiceContext, type Subscription } from '@diamond/runtime'
import type { StockConfig } from './config'
import { announceDemoBidStones } from './modules/bids/bids.demo'
import { registerBidResults } from './modules/bids/bids.consumers'
import { registerDigests } from './modules/digests/digests.service'
import blockRoutes from './modules/blocks/blocks.routes'
import { installDemands } from './modules/demands/demands.plugin'
import { DemandService } from './modules/demands/demands.service'
import { BlockService } from './modules/blocks/blocks.service'
import { seedDemoStock } from './modules/demo/demo.seed'
import downloadRoutes from './modules/downloads/downloads.routes'
import { DownloadService } from './modules/downloads/downloads.service'
import mediaRoutes from './modules/media/media.routes'
import orderRoutes from './modules/orders/orders.routes'
import { OrderService } from './modules/orders/orders.service'
import rapRoutes from './modules/rap/rap.routes'
import { latestRecentFilter } from './modules/saved-searches/saved-searches.repository'
import savedSearchRoutes from './modules/saved-searches/saved-searches.routes'
import { SavedSearchService } from './modules/saved-searches/saved-searches.service'
import searchRoutes from './modules/search/search.routes'
import { SearchService } from './modules/search/search.service'
import stoneRoutes from './modules/stones/stones.routes'
import { StoneService } from './modules/stones/stones.service'
import { installTracks } from './modules/tracks/tracks.plugin'
import { TrackService } from './modules/tracks/tracks.service'

export type StockOptions = ServiceContext & {
  stock: StockConfig
  /** Tests and benchmarks reach the service objects here (their counters are never sent over HTTP). */
  expose?: (services: { stones: StoneService }) => void
}

/** The stock service: stones, their status, holds, search. Owns the `stock` schema. */
export default async function stockService(app: FastifyInstance, opts: StockOptions) {
  const rt = await setupService(app, { ...opts, databaseUrl: opts.stock.STOCK_DATABASE_URL ?? opts.databaseUrl }, {
    name: 'stock',
    migrations: new URL('../migrations/', import.meta.url),
  })
  if (opts.config.DEMO_DATA) {
    const seeded = await seedDemoStock(rt.database, opts.stock.STOCK_DEMO_STONES)
    if (seeded) app.log.info({ seeded }, 'demo stock seeded')
    const announced = await announceDemoBidStones(rt.database)
    if (announced) app.log.info({ announced }, 'demo bid stones announced')
  }
  registerBidResults(rt)
  registerDigests(rt)
  const s = opts.stock
  const search = new SearchService(
    rt.database,
    {
      limit: s.STOCK_SEARCH_LIMIT,
      newArrivalDays: s.STOCK_NEW_ARRIVAL_DAYS,
      media: { image: s.STOCK_IMAGE_HOST, plotting: s.STOCK_PLOTTING_HOST, video: s.STOCK_VIDEO_HOST, certificate: s.STOCK_CERTIFICATE_HOST, xray: s.STOCK_XRAY_HOST },
    },
    (userId) => latestRecentFilter(rt.database.sql, userId),
  )
  // This instance's own changes reach the index before the caller hears back, so the next search sees them.
  const stones = new StoneService(rt.database, s.STOCK_HOLD_MINUTES, async (c) => {
    if (c.back !== undefined || search.index.versionOf(c.id) === undefined) await search.refresh([c.id])
    else search.index.setStatus(c.id, c.wSts, c.statusVersion)
  }, {
    // The hold fast path: a stone the index knows is taken is refused without a database round trip.
    availability: (id) => search.index.availabilityAt(id),
    seen: (id, wSts, version) => void search.index.setStatus(id, wSts, version),
  })
  const saved = new SavedSearchService(rt.database, search)
  /** Exposed so the confirm of orders can be wired to accepted offers (`tracks.onAccepted`). */
  const tracks = new TrackService(rt.database, search, { offerMinutes: s.STOCK_OFFER_MINUTES }, undefined, app.log)

  // Changes made elsewhere (another stock instance) arrive as events: a newer status is applied,
  // anything else (a price, a new stone) is read again from the database, a few at a time.
  let subscription: Subscription | null = null
  const stale = new Set<string>()
  let refreshing: Promise<void> | null = null
  // A refresh that fails (the database is down or restarting) keeps its stones for the next try,
  // with back-off: dropping them left those stones stale in the index until their next change.
  const refreshStale = async () => {
    for (let failures = 0; stale.size && !closing; ) {
      const ids = [...stale].slice(0, 500)
      ids.forEach((id) => stale.delete(id))
      try {
        await search.refresh(ids)
        failures = 0
      } catch (err) {
        ids.forEach((id) => stale.add(id))
        app.log.warn({ err }, 'index refresh failed; will retry')
        await new Promise((r) => setTimeout(r, Math.min(200 * 2 ** failures++, 5000)))
      }
    }
    refreshing = null
  }

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
  app.addHook('onReady', async () => {
    subscription = await opts.bus.subscribe({
      group: `stock.index.${hostname()}.${process.pid}.${Date.now()}`,
      topics: [StockTopics.stone],
      fromBeginning: false,
      handler: async (e) => {
        const d = e.data as StoneStatusChanged
        const known = search.index.versionOf(d.stoneId)
        if (known !== undefined && known >= d.statusVersion) return
        if (known !== undefined && e.type !== StockEventTypes.priced && e.type !== StockEventTypes.arrived) {
          search.index.setStatus(d.stoneId, d.wSts, d.statusVersion)
          return
        }
        stale.add(d.stoneId)
        refreshing ??= refreshStale()
      },
    })
    const started = Date.now()
    app.log.info('loading the search index')
    const loaded = await search.load((stones) => app.log.info({ stones, seconds: Math.round((Date.now() - started) / 1000) }, 'loading the search index'))
    app.log.info({ stones: loaded, ms: Date.now() - started }, 'search index loaded')
    void sweep()
  })
  app.addHook('preClose', async () => {
    closing = true
    clearTimeout(timer)
    await subscription?.close()
    await refreshing
  })

  opts.expose?.({ stones })
  await app.register(stoneRoutes, { stones })
  const orders = new OrderService(rt.database, stones)
  // Spec: a quoted stone whose price is approved is confirmed directly, at the agreed price.
  tracks.onAccepted((a) => orders.confirmAccepted(a))
  await app.register(orderRoutes, { orders })
  await app.register(blockRoutes, { blocks: new BlockService(rt.database, stones, (who, ids) => search.rows(who, ids)) })
  await app.register(searchRoutes, { search, tokens: opts.tokens })
  await app.register(savedSearchRoutes, { saved })
  await app.register(rapRoutes)
  await app.register(mediaRoutes, { search, database: rt.database })
  const downloads = new DownloadService(rt.database, {
    media: { image: s.STOCK_IMAGE_HOST, plotting: s.STOCK_PLOTTING_HOST, video: s.STOCK_VIDEO_HOST, certificate: s.STOCK_CERTIFICATE_HOST, xray: s.STOCK_XRAY_HOST },
    fullStock: { max: s.STOCK_FULL_STOCK_MAX, windowSeconds: s.STOCK_FULL_STOCK_WINDOW_SECONDS, concurrent: s.STOCK_FULL_STOCK_CONCURRENT },
  })
  await app.register(downloadRoutes, { downloads, tokens: opts.tokens })
  await installTracks(app, rt, tracks, s.STOCK_LIST_SWEEP_MS)
  await installDemands(app, rt, new DemandService(rt.database, search))
}

import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { periodic, setupService, type ServiceContext } from '@diamond/runtime'
import { defineService } from '@diamond/runtime/registry'
import { loadStockConfig, type StockConfig } from './config'
import { announceDemoBidStones } from './modules/bids/bids.demo'
import { registerBidResults } from './modules/bids/bids.consumers'
import { registerBuyers } from './modules/orders/buyers.consumers'
import { parseTaxes } from './modules/orders/orders.rules'
import { registerDigests } from './modules/digests/digests.consumers'
import blockRoutes from './modules/blocks/blocks.routes'
import { installDemands } from './modules/demands/demands.plugin'
import enquiryRoutes from './modules/enquiries/enquiries.routes'
import { EnquiryService } from './modules/enquiries/enquiries.service'
import { DemandService } from './modules/demands/demands.service'
import { BlockService } from './modules/blocks/blocks.service'
import { registerOfficeBlocks } from './modules/blocks/office-blocks.consumers'
import { OfficeBlockService } from './modules/blocks/office-blocks.service'
import { seedDemoStock } from './modules/demo/demo.seed'
import downloadRoutes from './modules/downloads/downloads.routes'
import { DownloadService } from './modules/downloads/downloads.service'
import { openObjectStore } from './modules/media/media.plugin'
import mediaRoutes from './modules/media/media.routes'
import { MediaService, ownMediaOf } from './modules/media/media.service'
import mediaUploadRoutes from './modules/media/media.upload.routes'
import orderRoutes from './modules/orders/orders.routes'
import { OrderService } from './modules/orders/orders.service'
import rapRoutes from './modules/rap/rap.routes'
import { latestRecentFilter } from './modules/saved-searches/saved-searches.repository'
import savedSearchRoutes from './modules/saved-searches/saved-searches.routes'
import { SavedSearchService } from './modules/saved-searches/saved-searches.service'
import { IndexSync } from './modules/search/index-sync'
import searchRoutes from './modules/search/search.routes'
import { SearchService } from './modules/search/search.service'
import stoneRoutes from './modules/stones/stones.routes'
import { StoneService } from './modules/stones/stones.service'
import { installTracks } from './modules/tracks/tracks.plugin'
import { seedDemoSellerStock } from './modules/inventory/inventory.demo'
import { defaultPipeline, defaultTemplate } from './modules/inventory/inventory.pipeline'
import inventoryRoutes from './modules/inventory/inventory.routes'
import sellerStoneRoutes from './modules/inventory/inventory.manage.routes'
import { InventoryService, type InventoryHooks, type UploadPipeline } from './modules/inventory/inventory.service'
import { SellerStoneService } from './modules/inventory/inventory.manage'
import { TrackService } from './modules/tracks/tracks.service'
import { seedDemoArticles } from './modules/articles/articles.demo'
import articleRoutes from './modules/articles/articles.routes'
import { ArticleService } from './modules/articles/articles.service'
import articleUploadRoutes from './modules/articles/articles.upload.routes'
import { ftpKey } from './modules/ftp/ftp.crypto'
import analyticsRoutes from './modules/analytics/analytics.routes'
import { AnalyticsService } from './modules/analytics/analytics.service'
import { registerDashboards } from './modules/dashboard/dashboard.consumers'
import { DashboardProjections } from './modules/dashboard/dashboard.projections'
import dashboardRoutes from './modules/dashboard/dashboard.routes'
import { DashboardService } from './modules/dashboard/dashboard.service'
import { DASHBOARD_SETTINGS } from './modules/dashboard/dashboard.repository'
import { PriceIndexService } from './modules/dashboard/price-index.service'
import ftpRoutes from './modules/ftp/ftp.routes'
import { FtpService } from './modules/ftp/ftp.service'

export type StockOptions = ServiceContext & {
  stock: StockConfig
  /** Tests and benchmarks reach the service objects here (their counters are never sent over HTTP). */
  expose?: (services: {
    stones: StoneService
    inventory: InventoryService
    ftp: FtpService
    search: SearchService
  }) => void
  /** Tests: the upload pipeline and the commit's hooks (a commit failing midway). */
  inventory?: { pipeline?: UploadPipeline; hooks?: InventoryHooks }
}

/** How often expired holds are looked for. */
const HOLD_SWEEP_MS = 5000

/** The stock service: stones, their status, holds, search. Owns the `stock` schema. */
export default async function stockService(app: FastifyInstance, opts: StockOptions) {
  const rt = await setupService(
    app,
    { ...opts, databaseUrl: opts.stock.STOCK_DATABASE_URL ?? opts.databaseUrl },
    {
      name: 'stock',
      migrations: new URL('../migrations/', import.meta.url),
    },
  )
  if (opts.config.DEMO_DATA) {
    const seeded = await seedDemoStock(rt.database, opts.stock.STOCK_DEMO_STONES)
    if (seeded) app.log.info({ seeded }, 'demo stock seeded')
    const announced = await announceDemoBidStones(rt.database)
    if (announced) app.log.info({ announced }, 'demo bid stones announced')
    const listed = await seedDemoSellerStock(rt.database)
    if (listed) app.log.info({ listed }, "demo seller's stones listed")
  }
  registerDigests(rt)
  const s = opts.stock
  const media = {
    image: s.STOCK_IMAGE_HOST,
    plotting: s.STOCK_PLOTTING_HOST,
    video: s.STOCK_VIDEO_HOST,
    certificate: s.STOCK_CERTIFICATE_HOST,
    xray: s.STOCK_XRAY_HOST,
  }
  // Photos, videos and certificates: found by the numbers in their file names through the index.
  const stoneMedia: MediaService = new MediaService(rt.database, await openObjectStore(app, s), (keys) =>
    keys.flatMap((k) => search.index.byKey.get(k)?.map((i) => search.index.ids[i]!) ?? []),
  )
  const search: SearchService = new SearchService(
    rt.database,
    {
      limit: s.STOCK_SEARCH_LIMIT,
      newArrivalDays: s.STOCK_NEW_ARRIVAL_DAYS,
      media,
      ownMedia: async (stone) => ownMediaOf(stone.vStnId, (await stoneMedia.of([stone.id])).get(stone.id) ?? []),
    },
    (userId) => latestRecentFilter(rt.database.sql, userId),
  )
  const sync = new IndexSync(search, app.log)
  const stones = new StoneService(
    rt.database,
    s.STOCK_HOLD_MINUTES,
    sync.onChanged,
    sync.lookout,
    sync.onChangedMany,
    sync.onStaged,
  )
  const saved = new SavedSearchService(rt.database, search)
  /** Exposed so the confirm of orders can be wired to accepted offers (`tracks.onAccepted`). */
  const tracks = new TrackService(rt.database, search, { offerMinutes: s.STOCK_OFFER_MINUTES }, undefined, app.log)

  app.addHook('onReady', () => sync.start(opts.bus))
  app.addHook('preClose', () => sync.stop())
  // Expired holds return to stock; the database clock decides when. Registered after the index load.
  periodic(app, 'hold expiry sweep', HOLD_SWEEP_MS, () => stones.releaseExpired())
  // Stones held for an appointment's viewing (block type 4): asked and answered by events, ending at the slot's end.
  const officeBlocks = new OfficeBlockService(rt.database, sync.onChangedMany)
  registerOfficeBlocks(rt, officeBlocks)
  periodic(app, 'office block expiry sweep', HOLD_SWEEP_MS, () => officeBlocks.releaseExpired())

  const pipeline = opts.inventory?.pipeline ?? defaultPipeline()
  const policy = {
    bannedOrigins: s.STOCK_BANNED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  }
  const inventory = new InventoryService(
    rt.database,
    stones,
    pipeline,
    {
      maxBytes: s.STOCK_UPLOAD_MAX_BYTES,
      maxRows: s.STOCK_UPLOAD_MAX_ROWS,
      previewMinutes: s.STOCK_UPLOAD_PREVIEW_MINUTES,
      listingDays: s.STOCK_LISTING_DAYS,
      uploadDir: s.STOCK_UPLOAD_DIR || join(tmpdir(), 'diamond-inventory'),
      policy,
    },
    opts.inventory?.hooks,
    undefined,
    rt.pool({ max: 2, name: 'stock-upload-lines' }),
    app.log,
  )
  // Listings past their 7 days leave live stock; sellers are told a day before.
  periodic(app, 'listing expiry sweep', s.STOCK_LISTING_SWEEP_MS, (signal) => inventory.sweep(undefined, signal))
  await app.register(inventoryRoutes, { inventory, template: defaultTemplate })
  await app.register(sellerStoneRoutes, {
    sellerStones: new SellerStoneService(rt.database, stones, inventory, pipeline, policy, s.STOCK_LISTING_DAYS),
  })
  // Sellers' FTP sources: fetched on demand and on their schedule, each file uploaded and committed.
  const ftp = new FtpService(rt.database, inventory, {
    key: ftpKey(s.STOCK_FTP_KEY),
    allowInternal: s.STOCK_FTP_ALLOW_INTERNAL,
  })
  periodic(app, 'ftp fetch sweep', s.STOCK_FTP_SWEEP_MS, () => ftp.sweep(), { firstAfterMs: s.STOCK_FTP_SWEEP_MS })
  await app.register(ftpRoutes, { ftp })
  // Sellers' articles (jewellery, parcels): their photos share the object store of stone media.
  const articles = new ArticleService(rt.database, stoneMedia.objects, (who, requested) =>
    inventory.sellerFor(who, requested),
  )
  await app.register(articleRoutes, { articles })
  await app.register(articleUploadRoutes, { articles })
  if (opts.config.DEMO_DATA) {
    const shown = await seedDemoArticles(rt.database, articles)
    if (shown) app.log.info({ articles: shown }, "demo sellers' articles listed")
  }

  opts.expose?.({ stones, inventory, ftp, search })
  await app.register(stoneRoutes, { stones })
  const orders = new OrderService(rt.database, stones)
  // Lot results: a won lot's stone is confirmed to the winner and becomes their order (issue 26).
  registerBidResults(rt, stones, orders)
  registerBuyers(rt)
  // Spec: a quoted stone whose price is approved is confirmed directly, at the agreed price.
  tracks.onAccepted((a) => orders.confirmAccepted(a))
  await app.register(orderRoutes, {
    orders,
    invoice: {
      issuer: {
        name: s.STOCK_INVOICE_ISSUER,
        address: s.STOCK_INVOICE_ISSUER_ADDRESS.split('|')
          .map((l) => l.trim())
          .filter(Boolean),
        taxId: s.STOCK_INVOICE_ISSUER_TAX_ID,
      },
      taxes: parseTaxes(s.STOCK_INVOICE_TAXES),
    },
  })
  await app.register(blockRoutes, {
    blocks: new BlockService(rt.database, stones, (who, ids) => search.rows(who, ids)),
  })
  await app.register(searchRoutes, { search, saved, tokens: opts.tokens })
  await app.register(savedSearchRoutes, { saved })
  await app.register(rapRoutes)
  await app.register(mediaRoutes, { search, database: rt.database, media: stoneMedia })
  await app.register(mediaUploadRoutes, { media: stoneMedia })
  const downloads = new DownloadService(rt.database, {
    media,
    ownMedia: async (rows) => {
      const files = await stoneMedia.of(rows.map((r) => r.id))
      return {
        files,
        links: (r) => ownMediaOf(r.vStnId, files.get(r.id) ?? []),
        open: (key) => stoneMedia.objects.get(key),
      }
    },
    fullStock: {
      max: s.STOCK_FULL_STOCK_MAX,
      windowSeconds: s.STOCK_FULL_STOCK_WINDOW_SECONDS,
      concurrent: s.STOCK_FULL_STOCK_CONCURRENT,
    },
  })
  await app.register(downloadRoutes, { downloads, tokens: opts.tokens })
  await installTracks(app, rt, tracks, s.STOCK_LIST_SWEEP_MS)
  await installDemands(app, rt, new DemandService(rt.database, search))
  // Issue 26: enquiries answered (a conversation per enquiry between its buyer and the sales team).
  await app.register(enquiryRoutes, { enquiries: new EnquiryService(rt.database) })

  // Dashboards (issue 25): the price index from stock's own stone events, projections of follows,
  // lots and appointments from the others' events; stone views and searches counted in memory.
  const priceIndex = new PriceIndexService(rt.database)
  const built = await priceIndex.buildOnce()
  if (built) app.log.info({ stones: built }, 'price index built')
  registerDashboards(rt, priceIndex, new DashboardProjections())
  // The personal dashboard's cards through a small pool of their own, on generic plans (one round trip).
  const cardsDb = rt.pool({ max: 2, name: 'stock-dashboard', settings: DASHBOARD_SETTINGS })
  await app.register(dashboardRoutes, {
    dashboards: new DashboardService(
      rt.database,
      {
        firstOf: async (who, list) => (await search.search(who, { limit: 1 }, list)).list[0] ?? null,
        countNew: (filter, days) => search.countNew(filter, days),
      },
      Date.now,
      cardsDb.sql,
    ),
  })
  const analytics = new AnalyticsService(rt.database, (id) => search.index.byId.has(id))
  periodic(app, 'analytics flush', s.STOCK_ANALYTICS_FLUSH_MS, () => analytics.flush())
  // What was counted since the last flush is written before the pool closes.
  app.addHook('preClose', async () => {
    await analytics.flush().catch((err: unknown) => app.log.warn({ err }, 'analytics flush at close failed'))
  })
  await app.register(analyticsRoutes, { analytics })
}

/** How a host mounts this service by its name in the registry (the embedded portal does). */
export const service = defineService({
  name: 'stock',
  plugin: stockService,
  options: (env) => ({ stock: loadStockConfig(env) }),
})

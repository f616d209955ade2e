import type { FastifyInstance } from 'fastify'
import { BiddingTopics } from '@diamond/contracts/events/bidding'
import { StockTopics } from '@diamond/contracts/events/stock'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { setupService, type ServiceContext, type Tx } from '@diamond/runtime'
import { defineService } from '@diamond/runtime/registry'
import { loadNotificationsConfig, type NotificationsConfig } from './config'
import bannerRoutes from './modules/banners/banners.routes'
import { BannerService } from './modules/banners/banners.service'
import commonRoutes from './modules/common/common.routes'
import inboxRoutes from './modules/inbox/inbox.routes'
import { noticesFor } from './modules/inbox/inbox.rules'
import { InboxService } from './modules/inbox/inbox.service'
import { installMail } from './modules/mail/mail.plugin'
import placeRoutes from './modules/places/places.routes'

export type NotificationsOptions = ServiceContext & { notifications: NotificationsConfig }

/**
 * The notifications service: learns from every domain's events what users must be told, delivers
 * mail, and answers the public reference data (banners, places, master lists, server time).
 */
export default async function notificationsService(app: FastifyInstance, opts: NotificationsOptions) {
  const rt = await setupService(app, { ...opts, databaseUrl: opts.notifications.NOTIFICATIONS_DATABASE_URL ?? opts.databaseUrl }, {
    name: 'notifications',
    migrations: new URL('../migrations/', import.meta.url),
  })
  const inbox = new InboxService(rt.database)
  // An event that calls for no notice (an extension, a first high, a stone priced) is acknowledged
  // without a transaction: noticesFor is a pure function of the event, so a redelivery is decided alike.
  const wants = (event: Parameters<typeof noticesFor>[0]) => noticesFor(event).length > 0
  // Events waiting together are applied in one transaction (a hot lot outbids many times a second).
  const toInbox = {
    wants,
    batch: 200,
    handle: (event: AnyEvent, tx: Tx) => inbox.onEvents(tx, [event]),
    handleBatch: (events: AnyEvent[], tx: Tx) => inbox.onEvents(tx, events),
  }
  rt.consume({ name: 'notifications.inbox', topics: [StockTopics.stone], ...toInbox })
  rt.consume({ name: 'notifications.trade', topics: [StockTopics.trade], ...toInbox })
  rt.consume({ name: 'notifications.bids', topics: [BiddingTopics.lot], ...toInbox })
  await app.register(inboxRoutes, { inbox })

  await installMail(app, rt, opts.config, opts.notifications)

  const banners = new BannerService(rt.database)
  if (opts.config.DEMO_DATA) {
    const seeded = await banners.seedDemo()
    if (seeded) app.log.info({ seeded }, 'demo banners seeded')
  }
  await app.register(bannerRoutes, { banners })
  await app.register(placeRoutes)
  await app.register(commonRoutes)
}

/** How a host mounts this service by its name in the registry (the embedded portal does). */
export const service = defineService({ name: 'notifications', plugin: notificationsService, options: (env) => ({ notifications: loadNotificationsConfig(env) }) })

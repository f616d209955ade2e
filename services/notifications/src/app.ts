import type { FastifyInstance } from 'fastify'
import { StockTopics } from '@diamond/contracts/events/stock'
import { setupService, type ServiceContext } from '@diamond/runtime'
import type { NotificationsConfig } from './config'
import inboxRoutes from './modules/inbox/inbox.routes'
import { InboxService } from './modules/inbox/inbox.service'

export type NotificationsOptions = ServiceContext & { notifications: NotificationsConfig }

/** The notifications service: learns from every domain's events what users must be told. */
export default async function notificationsService(app: FastifyInstance, opts: NotificationsOptions) {
  const rt = await setupService(app, { ...opts, databaseUrl: opts.notifications.NOTIFICATIONS_DATABASE_URL ?? opts.databaseUrl }, {
    name: 'notifications',
    migrations: new URL('../migrations/', import.meta.url),
  })
  const inbox = new InboxService(rt.database)
  rt.consume({ name: 'notifications.inbox', topics: [StockTopics.stone], handle: (event, tx) => inbox.onEvent(tx, event) })
  await app.register(inboxRoutes, { inbox })
}

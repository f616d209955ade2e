import type { FastifyInstance } from 'fastify'
import { periodic, setupService, type ServiceContext } from '@diamond/runtime'
import { defineService } from '@diamond/runtime/registry'
import { loadNotificationsConfig, salesMail, type NotificationsConfig } from './config'
import careRoutes from './modules/care/care.routes'
import { FEEDBACK_QUESTIONS } from './modules/care/care.seed'
import { CareService } from './modules/care/care.service'
import contentRoutes from './modules/content/content.routes'
import { contentSeed } from './modules/content/content.seed'
import { ContentService } from './modules/content/content.service'
import contentUploadRoutes from './modules/content/content.upload.routes'
import { registerAppointmentNotices } from './modules/appointments/appointments.consumers'
import { AppointmentNotices } from './modules/appointments/appointments.service'
import bannerRoutes from './modules/banners/banners.routes'
import { BannerService } from './modules/banners/banners.service'
import commonRoutes from './modules/common/common.routes'
import { registerFollowerNotices } from './modules/followers/followers.consumers'
import { FollowerNotices } from './modules/followers/followers.service'
import inboxRoutes from './modules/inbox/inbox.routes'
import { registerInbox } from './modules/inbox/inbox.consumers'
import { InboxService } from './modules/inbox/inbox.service'
import { installMail } from './modules/mail/mail.plugin'
import placeRoutes from './modules/places/places.routes'

export type NotificationsOptions = ServiceContext & { notifications: NotificationsConfig }

/**
 * The notifications service: learns from every domain's events what users must be told, delivers
 * mail, and answers the public reference data (banners, places, master lists, server time).
 */
export default async function notificationsService(app: FastifyInstance, opts: NotificationsOptions) {
  const rt = await setupService(
    app,
    { ...opts, databaseUrl: opts.notifications.NOTIFICATIONS_DATABASE_URL ?? opts.databaseUrl },
    {
      name: 'notifications',
      migrations: new URL('../migrations/', import.meta.url),
    },
  )
  const inbox = new InboxService(rt.database)
  registerInbox(rt, inbox)
  await app.register(inboxRoutes, { inbox })

  const mailer = await installMail(app, rt, opts.config, opts.notifications)

  // Followers' notices (issue 25): a seller's upload or auction told once to each follower.
  registerFollowerNotices(rt, new FollowerNotices())

  // Appointments: the other side told, the buyer's mails with their .ics, reminders the day and the hour before.
  const appointments = new AppointmentNotices(rt.database)
  registerAppointmentNotices(rt, appointments)
  periodic(app, 'appointment reminder sweep', opts.notifications.NOTIFICATIONS_REMINDER_SWEEP_MS, () =>
    appointments.sweep(Date.now()),
  )

  const banners = new BannerService(rt.database)
  if (opts.config.DEMO_DATA) {
    const seeded = await banners.seedDemo()
    if (seeded) app.log.info({ seeded }, 'demo banners seeded')
  }
  await app.register(bannerRoutes, { banners })

  // The portal's own content (pages, FAQs, events calendar, banners' editing) and customer care.
  const content = new ContentService(rt.database)
  const written = await content.seed(contentSeed(opts.config.DEMO_DATA))
  if (written.pages || written.faqs || written.events) app.log.info(written, 'portal content seeded')
  await app.register(contentRoutes, { content })
  await app.register(contentUploadRoutes, { content })
  const care = new CareService(rt.database, mailer, {
    salesMail: salesMail(opts.notifications),
    salesLanguage: opts.notifications.NOTIFICATIONS_SALES_LANGUAGE,
    baseUrl: opts.notifications.NOTIFICATIONS_PUBLIC_URL,
  })
  await care.seedQuestions(FEEDBACK_QUESTIONS)
  await app.register(careRoutes, { care, tokens: opts.tokens })
  periodic(app, 'care rate-limit purge', 3_600_000, () => care.purgeHits())
  await app.register(placeRoutes)
  await app.register(commonRoutes)
}

/** How a host mounts this service by its name in the registry (the embedded portal does). */
export const service = defineService({
  name: 'notifications',
  plugin: notificationsService,
  options: (env) => ({ notifications: loadNotificationsConfig(env) }),
})

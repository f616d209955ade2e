import { runStandalone } from '@diamond/runtime'
import notificationsService from './app'
import { loadNotificationsConfig } from './config'

const notifications = loadNotificationsConfig()
await runStandalone('notifications', notificationsService, { port: notifications.NOTIFICATIONS_PORT, notifications })

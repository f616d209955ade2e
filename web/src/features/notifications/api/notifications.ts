import type { NotificationPage } from '@diamond/contracts/http/notifications'
import type { NoticeGroup } from '@diamond/contracts/http/notifications.values'
import { api } from '../../../lib/api'

/** A page of my notices; of one group of the centre with `group`. */
export const listNotifications = (page: number, limit: number, group?: NoticeGroup) =>
  api<NotificationPage>('notification/list', group ? { page, limit, group } : { page, limit })
/** Without ids: every notice of the user. */
export const markAsRead = (ids?: string[]) => api<{ updated: number }>('notification/markAsRead', ids ? { ids } : {})

import type { NotificationPage } from '@diamond/contracts/http/notifications'
import { api } from '../../../lib/api'

export const listNotifications = (page: number, limit: number) =>
  api<NotificationPage>('notification/list', { page, limit })
/** Without ids: every notice of the user. */
export const markAsRead = (ids?: string[]) => api<{ updated: number }>('notification/markAsRead', ids ? { ids } : {})

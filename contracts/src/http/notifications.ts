import { Type, type Static } from 'typebox'
import { PageRequest, Uuid } from '../common'
import { Notification } from '../events/notifications'

export const NotificationList = PageRequest
export const NotificationPage = Type.Object({ list: Type.Array(Notification), count: Type.Integer(), unread: Type.Integer() })
export type NotificationPage = Static<typeof NotificationPage>

export const MarkAsRead = Type.Object(
  { ids: Type.Optional(Type.Array(Uuid, { maxItems: 500 })) },
  { additionalProperties: false },
)
export type MarkAsRead = Static<typeof MarkAsRead>

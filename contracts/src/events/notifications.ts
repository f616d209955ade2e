import { Type, type Static } from 'typebox'
import { Uuid } from '../common'

export const NotificationTopics = { notification: 'notifications.notification' } as const
export const NotificationEventTypes = { created: 'notifications.notification.created' } as const

/**
 * A notice for one user. `kind` names the message and `params` fill it, so every client shows it
 * in the reader's own language.
 */
export const Notification = Type.Object({
  id: Uuid,
  userId: Uuid,
  kind: Type.String(),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
  createdAt: Type.String(),
  readAt: Type.Union([Type.String(), Type.Null()]),
})
export type Notification = Static<typeof Notification>

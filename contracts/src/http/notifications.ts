import { Type, type Static } from 'typebox'
import { literals, PageRequest, Uuid } from '../common'
import { Notification } from '../events/notifications'
import { NOTICE_GROUPS } from './notifications.values'

/** A page of the caller's notices, of one group when `group` is given (the centre's tabs). */
export const NotificationList = Type.Object(
  { ...PageRequest.properties, group: Type.Optional(literals(NOTICE_GROUPS)) },
  {
    additionalProperties: false,
    examples: [
      { page: 1, limit: 50 },
      { page: 1, limit: 50, group: 'orders' },
    ],
  },
)
export type NotificationList = Static<typeof NotificationList>

/** How many notices, and unread ones, each group holds (groups without any are left out). */
export const NoticeGroupCount = Type.Object({
  group: literals(NOTICE_GROUPS),
  count: Type.Integer(),
  unread: Type.Integer(),
})
export type NoticeGroupCount = Static<typeof NoticeGroupCount>

/** `count` is of the group asked for (all without one); `unread` and `groups` are always of every notice. */
export const NotificationPage = Type.Object({
  list: Type.Array(Notification),
  count: Type.Integer(),
  unread: Type.Integer(),
  groups: Type.Array(NoticeGroupCount),
})
export type NotificationPage = Static<typeof NotificationPage>

export const MarkAsRead = Type.Object(
  { ids: Type.Optional(Type.Array(Uuid, { maxItems: 500 })) },
  { additionalProperties: false },
)
export type MarkAsRead = Static<typeof MarkAsRead>

/** notifications/mail/failed (operator staff): mails SMTP gave up on after every attempt, newest first. */
export const FailedMailRequest = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  },
  { additionalProperties: false },
)
export type FailedMailRequest = Static<typeof FailedMailRequest>

/** A failed mail as staff see it: who, which mail, how often it was tried and the last SMTP error; never its body. */
export const FailedMail = Type.Object({
  id: Uuid,
  messageId: Type.String(),
  to: Type.String(),
  template: Type.String(),
  language: Type.String(),
  subject: Type.String(),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  failedAt: Type.String(),
})
export type FailedMail = Static<typeof FailedMail>
export const FailedMailPage = Type.Object({ list: Type.Array(FailedMail), count: Type.Integer() })
export type FailedMailPage = Static<typeof FailedMailPage>

/** notifications/mail/retry (operator staff): failed mails back in the queue, due now, with fresh attempts. */
export const MailRetryRequest = Type.Object(
  { ids: Type.Array(Uuid, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
)
export type MailRetryRequest = Static<typeof MailRetryRequest>
export const MailRetried = Type.Object({ retried: Type.Array(Uuid) })
export type MailRetried = Static<typeof MailRetried>

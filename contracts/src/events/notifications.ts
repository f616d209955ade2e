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
  /** The one reader of a personal notice; null for a notice to an audience. */
  userId: Type.Union([Uuid, Type.Null()]),
  /** A notice to a team rather than one user: 'sales' reaches every staff user (sales and admin). */
  audience: Type.Optional(Type.Literal('sales')),
  kind: Type.String(),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
  createdAt: Type.String(),
  readAt: Type.Union([Type.String(), Type.Null()]),
})
export type Notification = Static<typeof Notification>

/** The sales team's audience, and who belongs to it: staff users, by the user type in their token. */
export const SALES_AUDIENCE = 'sales'
export const isSalesTeam = (userType: string): boolean => userType === 'sales' || userType === 'admin'

/**
 * A notice as a reader who does not see prices (Is_NoPrice, no pricing view) gets it: the money it
 * tells (`price`, USD per carat: an outbid's high, a won lot's result, an offer's price) withheld.
 * Such a reader can hold price-bearing notices from before their setting changed; the clients say
 * the same without the amount.
 */
export function withoutPrice(n: Notification): Notification {
  return n.params.price === undefined || n.params.price === null ? n : { ...n, params: { ...n.params, price: null } }
}

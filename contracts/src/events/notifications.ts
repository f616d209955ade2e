import { Type, type Static } from 'typebox'
import { Uuid } from '../common'

export const NotificationTopics = { notification: 'notifications.notification' } as const
export const NotificationEventTypes = { created: 'notifications.notification.created' } as const

/**
 * A mail notifications wants sent to a user whose address and language auth knows (issue 24's
 * appointment mails and reminders): auth answers with `auth.mail.requested`, the same template and
 * params, to the user's address in their language. Keyed by user id.
 */
export const MailWantedEventTypes = { wanted: 'notifications.mail.wanted' } as const
export const MailWanted = Type.Object(
  {
    userId: Uuid,
    /** One of MAIL_TEMPLATES (events/auth.ts). */
    template: Type.String({ minLength: 1, maxLength: 60 }),
    params: Type.Record(Type.String(), Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
)
export type MailWanted = Static<typeof MailWanted>

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
 * tells withheld: `price` (USD per carat: an outbid's high, a won lot's result, an offer's price) and
 * `amountCents` (an order's amount).
 * Such a reader can hold price-bearing notices from before their setting changed; the clients say
 * the same without the amount.
 */
export function withoutPrice(n: Notification): Notification {
  const priced = PRICE_PARAMS.filter((k) => n.params[k] !== undefined && n.params[k] !== null)
  if (!priced.length) return n
  return { ...n, params: { ...n.params, ...Object.fromEntries(priced.map((k) => [k, null])) } }
}

/** The params of a notice that carry money: a price per carat, an order's amount. */
const PRICE_PARAMS = ['price', 'amountCents'] as const

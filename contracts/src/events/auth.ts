import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'

export const AuthTopics = { session: 'auth.session', mail: 'auth.mail' } as const
export const AuthEventTypes = {
  /** Tokens of this user with a version below minVersion are dead (logout, password change, ...). */
  revoked: 'auth.session.revoked',
  /** One session (one sign-in, one device) ended: its tokens are dead, the user's others live on. */
  ended: 'auth.session.ended',
  /** A mail to send: rendered and delivered by the notifications service. */
  mailRequested: 'auth.mail.requested',
} as const

export const SessionRevoked = Type.Object(
  { userId: Uuid, minVersion: Type.Integer({ minimum: 0 }), reason: Type.String({ maxLength: 40 }) },
  { additionalProperties: false },
)
export type SessionRevoked = Static<typeof SessionRevoked>

/** A logout on one device: the tokens of `sessionId` are refused until `until` (when they expire anyway). */
export const SessionEnded = Type.Object(
  { userId: Uuid, sessionId: Uuid, until: Type.String({ format: 'date-time' }) },
  { additionalProperties: false },
)
export type SessionEnded = Static<typeof SessionEnded>

export const MAIL_TEMPLATES = [
  'verify-email',
  'device-otp',
  'reset-password',
  'password-changed',
  'registration-received',
  'user-invited',
  'account-approved',
  'account-rejected',
  'reminder-due',
  'ftp-fetched',
  'ftp-failed',
  // Appointments (issue 24): the buyer's confirmation, update and cancel (each with its .ics) and the reminders.
  'appointment-booked',
  'appointment-updated',
  'appointment-cancelled',
  'appointment-reminder',
  // Issue 26: each step of a shipment, to its buyer.
  'shipment-updated',
] as const
export type MailTemplate = (typeof MAIL_TEMPLATES)[number]

/** Secrets in params (a one-time code, a reset link) expire long before the event is purged (7 days). */
export const MailRequested = Type.Object(
  {
    to: Type.String({ minLength: 3, maxLength: 254 }),
    name: Type.String({ maxLength: 200 }),
    template: literals(MAIL_TEMPLATES),
    locale: Type.String({ maxLength: 5 }),
    params: Type.Record(Type.String(), Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
)
export type MailRequested = Static<typeof MailRequested>

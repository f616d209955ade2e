import { Type, type Static } from 'typebox'

/** user/stock-notification/unsubscribe: the token from a digest mail's link (no sign-in needed). */
export const DigestUnsubscribe = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
)
export type DigestUnsubscribe = Static<typeof DigestUnsubscribe>

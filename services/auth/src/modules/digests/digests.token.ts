import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The unsubscribe link's token: the user's id and an HMAC that says "turn this user's stock
 * digests off" and nothing else (its own purpose in the MAC, so no other signed value of the
 * portal passes for it). It does not expire: a mail from last year still unsubscribes.
 */
const PURPOSE = 'stock-digest-unsubscribe'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const mac = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url')

export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${mac(secret, userId)}`
}

/** The user the token unsubscribes, or null for anything not signed by us for this purpose. */
export function unsubscribedUser(secret: string, token: string): string | null {
  const dot = token.indexOf('.')
  const userId = token.slice(0, dot).toLowerCase()
  if (dot < 0 || !UUID.test(userId)) return null
  const given = Buffer.from(token.slice(dot + 1))
  const wanted = Buffer.from(mac(secret, userId))
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? userId : null
}

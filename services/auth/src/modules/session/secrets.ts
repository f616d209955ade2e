import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** A secret handed out once (device key, mailed link): 32 random bytes, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url')

/** Secrets are stored only as hashes: a copy of the table opens nothing. */
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/** Short codes are keyed: six digits alone would fall to a table of all million hashes. */
export const keyedHash = (key: string, s: string) => createHmac('sha256', key).update(s).digest('hex')

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

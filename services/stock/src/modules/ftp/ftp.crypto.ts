import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * FTP passwords at rest: AES-256-GCM under a key derived (HKDF-SHA256) from a secret in the stock
 * service's configuration, bound to the source it belongs to (associated data), so a stored value
 * copied onto another source does not decrypt. The plain password exists only in memory while a
 * fetch logs in; it is never stored and never logged.
 */
const VERSION = 'v1'

/** The 32-byte key from the configured secret (at least 32 characters; a random base64 string is best). */
export function ftpKey(secret: string): Buffer {
  if (secret.length < 32) throw new Error('The FTP password secret must be at least 32 characters')
  return Buffer.from(hkdfSync('sha256', secret, 'stock.ftp', 'stock.ftp.password', 32))
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptPassword(plain: string, key: Buffer, boundTo: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(boundTo, 'utf8'))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

/** The password back; throws when the value was altered, belongs to another source, or another key made it. */
export function decryptPassword(stored: string, key: Buffer, boundTo: string): string {
  const [version, iv, tag, body] = stored.split('.')
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not an encrypted FTP password')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(boundTo, 'utf8'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}

import { isIP } from 'node:net'

/**
 * A seller's FTP source (spec section 3, "FTP request": host and port; the rest is what a fetch
 * needs). The password travels encrypted (ftp.crypto.ts); the fetcher gets it decrypted, in memory.
 */
export interface FtpSource {
  host: string
  port: number
  user: string
  password: string
  /** The folder to look in, '/' for the login folder's root. */
  folder: string
  /** Which files to take: a glob on the file name (`*.csv`, `stock-??.xlsx`), case-insensitive. */
  pattern: string
  /** Explicit FTPS (AUTH TLS on the plain port), else plain FTP. */
  secure: boolean
}

/** A file as the listing shows it. */
export interface RemoteFile {
  name: string
  size: number
  /** The listing's modification time, as the server wrote it (the parsed time is not always there). */
  modified: string
}

/** What the caller remembers so a file is fetched once: the same name, size and time is the same file. */
export const fileKey = (f: RemoteFile) => `${f.name}\u0000${f.size}\u0000${f.modified}`

/** A glob on file names: `*` any run of characters, `?` one character; no folders. */
export function globToRegExp(pattern: string): RegExp {
  const body = [...pattern]
    .map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[\\^$.|+()[\]{}]/g, '\\$&')))
    .join('')
  return new RegExp(`^${body}$`, 'i')
}

/** The files of a listing to fetch now: matching the pattern, not seen before, oldest first. */
export function pickNew(listing: readonly RemoteFile[], pattern: string, seen: ReadonlySet<string>): RemoteFile[] {
  const match = globToRegExp(pattern)
  return listing
    .filter((f) => match.test(f.name) && !seen.has(fileKey(f)))
    .sort((a, b) => a.modified.localeCompare(b.modified) || a.name.localeCompare(b.name))
}

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i
const hasControl = (s: string) => [...s].some((ch) => ch.charCodeAt(0) < 0x20)
const PATTERN = /^[^/\\]{1,100}$/

/** What is wrong with a source a seller registers, field by field (empty when nothing is). */
export function sourceProblems(s: FtpSource): { field: keyof FtpSource; message: string }[] {
  const out: { field: keyof FtpSource; message: string }[] = []
  if (!(HOST.test(s.host) || isIP(s.host) !== 0))
    out.push({ field: 'host', message: 'must be a host name or an IP address' })
  if (!Number.isInteger(s.port) || s.port < 1 || s.port > 65535)
    out.push({ field: 'port', message: 'must be 1 to 65535' })
  if (!s.user || s.user.length > 200 || /[\r\n]/.test(s.user)) out.push({ field: 'user', message: 'is required' })
  if (s.password.length > 500 || /[\r\n]/.test(s.password)) out.push({ field: 'password', message: 'is not allowed' })
  if (s.folder.length > 500 || hasControl(s.folder) || s.folder.split('/').includes('..'))
    out.push({ field: 'folder', message: 'must be a folder path without ..' })
  if (!PATTERN.test(s.pattern) || hasControl(s.pattern))
    out.push({ field: 'pattern', message: 'must be a file name pattern such as *.csv' })
  return out
}

/**
 * Addresses a seller's source may not point at: the portal's own machine and networks (loopback,
 * private, link-local, carrier-grade NAT, unique-local, multicast, unspecified). Otherwise a
 * registered "FTP source" would let a seller probe the portal's inside.
 */
export function isInternalAddress(ip: string): boolean {
  const v4 = isIP(ip) === 4 ? ip : /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1]
  if (v4) {
    const [a, b] = v4.split('.').map(Number) as [number, number]
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    )
  }
  const v6 = ip.toLowerCase()
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith('ff')
}

/**
 * Whether a run's failure is told to the seller (a notice and a mail): a scheduled run that failed
 * after one that went well, or the first run ever. A source that stays down is told once, not every
 * hour; a run the seller started sees its error on screen and is not told again. The next good run
 * is told as usual (`ftp.fetched`), which says it works again.
 */
export function tellsFailure(run: {
  scheduled: boolean
  previousError: string
  lastRunAt: Date | null
  error: string
}): boolean {
  return run.scheduled && run.error !== '' && (run.previousError === '' || run.lastRunAt === null)
}

import {
  MEDIA_MAX_BYTES,
  MEDIA_MAX_POSITION,
  MEDIA_ZIP_MAX_ENTRIES,
  MEDIA_ZIP_MAX_RATIO,
  MEDIA_ZIP_MAX_UNPACKED,
  type MediaKind,
  type MediaReason,
} from '@diamond/contracts/http/media'

/** What a file's first bytes say it is. */
export type Content = 'jpeg' | 'png' | 'pdf' | 'mp4' | 'zip'

/** Bytes a file must have read before `sniff` can tell (an mp4's `ftyp` box sits at 4..8). */
export const SNIFF_BYTES = 12

/** The content by its magic bytes, whatever its name says. */
export function sniff(b: Uint8Array): Content | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to))
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (b.length >= 8 && b[0] === 0x89 && ascii(1, 4) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a)
    return 'png'
  if (b.length >= 5 && ascii(0, 5) === '%PDF-') return 'pdf'
  if (b.length >= 8 && ascii(4, 8) === 'ftyp') return 'mp4'
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) return 'zip'
  return null
}

interface Expected {
  content: Content
  kind: MediaKind | 'zip'
  contentType: string
  ext: string
}

const BY_EXTENSION: Record<string, Expected> = {
  jpg: { content: 'jpeg', kind: 'photo', contentType: 'image/jpeg', ext: 'jpg' },
  jpeg: { content: 'jpeg', kind: 'photo', contentType: 'image/jpeg', ext: 'jpg' },
  png: { content: 'png', kind: 'photo', contentType: 'image/png', ext: 'png' },
  mp4: { content: 'mp4', kind: 'video', contentType: 'video/mp4', ext: 'mp4' },
  pdf: { content: 'pdf', kind: 'certificate', contentType: 'application/pdf', ext: 'pdf' },
  zip: { content: 'zip', kind: 'zip', contentType: 'application/zip', ext: 'zip' },
}

/** The extensions a stored file may have, and the content type each is served with. */
export const CONTENT_TYPE_OF_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
}

/** The last segment of a path, whichever slash it uses. */
export const baseName = (name: string) => name.split(/[\\/]/).pop() ?? ''

/**
 * A file is what its extension says only when its content agrees (a PDF renamed .jpg is refused):
 * the kind, content type and stored extension, or null (wrong type). The browser's content type is
 * never consulted: the sender chooses it.
 */
export function classify(name: string, head: Uint8Array): Omit<Expected, 'content'> | null {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(baseName(name).trim())
  const expected = m ? BY_EXTENSION[m[1]!.toLowerCase()] : undefined
  if (!expected || sniff(head) !== expected.content) return null
  return { kind: expected.kind, contentType: expected.contentType, ext: expected.ext }
}

/** A zip by its name (its content is checked when it is opened). */
export const isZipName = (name: string) => /\.zip$/i.test(baseName(name).trim())

/**
 * What a file name can stand for: the stock number it names (`ABC123.jpg`, `ABC123_2.jpg` for the
 * second photo) or a certificate number (`1234567.pdf`, `GIA 1234567.pdf`, `GIA_1234567.pdf`). Tried
 * in order: the whole name as a stock number, then without a `_N` suffix, then as a report number.
 */
export interface NameKeys {
  stockNos: { key: string; position: number }[]
  certNos: string[]
}

const LAB_PREFIX = /^(GIA|IGI|HRD|AGS|GCAL|EGL|GSI)[\s_-]*(?=\S)/i

export function keysOf(name: string): NameKeys | null {
  const stem = baseName(name)
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
  if (!stem || stem.length > 60) return null
  const up = stem.toUpperCase()
  const stockNos = [{ key: up, position: 1 }]
  const suffix = /^(.+?)[_](\d{1,2})$/.exec(up)
  if (suffix && Number(suffix[2]) >= 1 && Number(suffix[2]) <= MEDIA_MAX_POSITION)
    stockNos.push({ key: suffix[1]!, position: Number(suffix[2]) })
  const certNos = [up]
  const noLab = up.replace(LAB_PREFIX, '')
  if (noLab !== up) certNos.push(noLab)
  return { stockNos, certNos }
}

/** A stone a name may point at, as far as matching needs it. */
export interface Candidate {
  id: string
  vStnId: string
  stoneId: string
  certNo: string
  /** The seller's company (auth's id); null for the house's own stock. */
  sellerCompanyId: string | null
}

/** Who uploads: staff act for every seller; a seller for their own company's stones. */
export interface Uploader {
  staff: boolean
  /** The seller's company id, as auth signed it into the token. */
  companyId: string | undefined
}

/** Whether the stone is the uploader's: its seller's company is the uploader's (staff: any stone). */
export function ownsStone(who: Uploader, stone: Pick<Candidate, 'sellerCompanyId'>): boolean {
  return who.staff || (!!who.companyId && stone.sellerCompanyId === who.companyId)
}

export type Match = { ok: true; stone: Candidate; position: number } | { ok: false; reason: MediaReason }

const same = (a: string, b: string) => !!a && a.toUpperCase() === b

/**
 * The stone a file goes to. Stock numbers first (the portal's own number, then the seller's), then
 * report numbers; among the stones one key finds, the uploader's own count. A key that finds only
 * other sellers' stones is `notYourStone`; several of the uploader's own (staff, or one seller
 * listing a number twice) is `ambiguous`.
 */
export function matchStone(keys: NameKeys, kind: MediaKind, who: Uploader, stones: readonly Candidate[]): Match {
  let foreign = false
  const pick = (found: Candidate[], position: number): Match | null => {
    if (!found.length) return null
    const own = found.filter((s) => ownsStone(who, s))
    // Only photos come several to a stone; a second video or report replaces the first.
    if (own.length === 1) return { ok: true, stone: own[0]!, position: kind === 'photo' ? position : 1 }
    if (own.length > 1) return { ok: false, reason: 'ambiguous' }
    foreign = true
    return null
  }
  for (const { key, position } of keys.stockNos) {
    const hit =
      pick(
        stones.filter((s) => same(s.vStnId, key)),
        position,
      ) ??
      pick(
        stones.filter((s) => same(s.stoneId, key)),
        position,
      )
    if (hit) return hit
  }
  // A report number names the stone's certificate, or its one photo or video.
  for (const key of keys.certNos) {
    const hit = pick(
      stones.filter((s) => same(s.certNo, key)),
      1,
    )
    if (hit) return hit
  }
  return { ok: false, reason: foreign ? 'notYourStone' : 'noStone' }
}

/** Every upper-cased key a name could match, for one look-up of all candidates. */
export const lookupKeys = (keys: NameKeys) => [...keys.stockNos.map((k) => k.key), ...keys.certNos]

/** An entry of a zip as its central directory describes it (sizes as claimed, checked while reading). */
export interface ZipEntryInfo {
  name: string
  compressedSize: number
  uncompressedSize: number
}

/** Refusal of a whole zip before anything in it is read: too many entries, or more than it may unpack to. */
export function zipRefusal(entryCount: number, entries: readonly ZipEntryInfo[]): MediaReason | null {
  if (entryCount > MEDIA_ZIP_MAX_ENTRIES) return 'zipBomb'
  const unpacked = entries.reduce((n, e) => n + e.uncompressedSize, 0)
  return unpacked > MEDIA_ZIP_MAX_UNPACKED ? 'zipBomb' : null
}

/** A name that climbs out of its folder, is absolute, or names a drive. */
export function unsafeEntryName(name: string): boolean {
  return (
    name.startsWith('/') ||
    name.startsWith('\\') ||
    /^[A-Za-z]:/.test(name) ||
    name.split(/[\\/]/).some((s) => s === '..') ||
    // eslint-disable-next-line no-control-regex -- control characters in a name are the point
    /[\u0000-\u001f]/.test(name)
  )
}

/** Entries a zip made on a Mac or Windows carries beside the files, never meant as uploads. */
export const isJunkEntry = (name: string) =>
  name.endsWith('/') || /(^|\/)__MACOSX\//.test(name) || /(^|\/)\._/.test(name) || /(^|\/)Thumbs\.db$/i.test(name)

/** Refusal of one entry by its claimed sizes: over its kind's limit, or packed like a bomb. */
export function entryRefusal(e: ZipEntryInfo, kind: MediaKind): MediaReason | null {
  if (e.uncompressedSize > MEDIA_MAX_BYTES[kind]) return 'tooLarge'
  if (e.uncompressedSize > 64 * 1024 && e.uncompressedSize > e.compressedSize * MEDIA_ZIP_MAX_RATIO) return 'zipBomb'
  return null
}

/** The object key of an uploaded file: the stone's folder, the kind, a fresh name (never the sender's). */
export const objectKey = (stoneId: string, kind: MediaKind, id: string, ext: string) =>
  `stones/${stoneId}/${kind}/${id}.${ext}`

/**
 * A media link from an upload file, as it may be shown: an absolute http(s) address without
 * credentials, at most 2000 characters; anything else ('javascript:', a relative path) is no link.
 */
export function safeLink(url: string): string {
  const text = url.trim()
  if (!text || text.length > 2000) return ''
  try {
    const u = new URL(text)
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password ? u.href : ''
  } catch {
    return ''
  }
}

/**
 * An HTTP Range header for an object of `size` bytes (RFC 9110, one range): the bytes to send, null
 * for the whole object (no usable range: several ranges, another unit, garbage), or 'unsatisfiable'.
 */
export function byteRange(header: string, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim())
  if (!m || (!m[1] && !m[2])) return null
  if (!m[1]) {
    const suffix = Number(m[2])
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}

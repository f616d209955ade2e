import type { HitLimit } from '../session/limits.rules'
import type { UploadPurpose } from '@diamond/contracts/http/account'
import { jpegSize, pngSize, type ImageSize } from './image-size.rules'

export type FileKind = 'png' | 'jpeg' | 'pdf'

export const MIME_TYPES: Record<FileKind, string> = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf' }

/** The name's extension says which content to expect; jpg and jpeg are the same thing. */
const KIND_OF_EXTENSION: Record<string, FileKind> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', pdf: 'pdf' }

/** Logo and cover belong to a company: only a signed-in member uploads them. */
export const MEMBER_PURPOSES: readonly UploadPurpose[] = ['logo', 'cover']

/** Unclaimed uploads (registration documents sent signed out) are purged after this long. */
export const UNCLAIMED_HOURS = 24

/** Signed-out uploads per address: 20 in 10 minutes is a long registration form filled twice over. */
export const SIGNED_OUT_UPLOADS: HitLimit = { bucket: 'upload', max: 20, windowSeconds: 600 }

/** What the content really is, by its first bytes. */
export function sniff(b: Uint8Array): FileKind | null {
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return 'png'
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (b.length >= 5 && String.fromCharCode(b[0]!, b[1]!, b[2]!, b[3]!, b[4]!) === '%PDF-') return 'pdf'
  return null
}

export function extensionOf(name: string): string | null {
  const m = /\.([A-Za-z0-9]+)$/.exec(name.trim())
  return m ? m[1]!.toLowerCase() : null
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped
const CONTROL = /[\u0000-\u001f\u007f]/g

/** The name as stored and shown: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  return base.replace(CONTROL, '').trim().slice(-200) || 'file'
}

export type Classified = { ok: true; kind: FileKind; mimeType: string; size: ImageSize | null } | { ok: false }

/**
 * A file is accepted when its extension is an allowed one, its content is an allowed type, and
 * the two agree (a text file renamed .png, or a png named .pdf, is refused). The browser's
 * declared content type is not consulted: the client chooses it. An image whose header does
 * not give its size is not a well-formed image and is refused as well.
 */
export function classifyUpload(name: string, content: Uint8Array): Classified {
  const ext = extensionOf(name)
  const expected = ext ? KIND_OF_EXTENSION[ext] : undefined
  const actual = sniff(content)
  if (!expected || !actual || expected !== actual) return { ok: false }
  if (actual === 'pdf') return { ok: true, kind: actual, mimeType: MIME_TYPES.pdf, size: null }
  const size = actual === 'png' ? pngSize(content) : jpegSize(content)
  return size ? { ok: true, kind: actual, mimeType: MIME_TYPES[actual], size } : { ok: false }
}

/** Who may upload for a purpose: company images need a member; registration documents anyone. */
export function uploadRefusal(
  purpose: UploadPurpose,
  caller: 'member' | 'guest' | 'anonymous',
): 'E_UNAUTHORIZED' | 'E_GUEST_FORBIDDEN' | null {
  if (!MEMBER_PURPOSES.includes(purpose) || caller === 'member') return null
  return caller === 'guest' ? 'E_GUEST_FORBIDDEN' : 'E_UNAUTHORIZED'
}

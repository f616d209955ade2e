import { DOWNLOAD_COLUMNS } from '@diamond/contracts/http/downloads.values'

/**
 * Pure pieces of a download in the browser: the file's name from the answer, how far it is, and
 * which of the grid's visible columns the server knows.
 */

/** The filename of `Content-Disposition: attachment; filename="x.xlsx"` (RFC 6266, with filename* first). */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback
  const star = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(disposition)
  if (star) {
    try {
      return clean(decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''))) || fallback
    } catch {
      /* a broken encoding: try the plain name */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition)
  return clean(plain ? (plain[2] ?? plain[1]!).trim() : '') || fallback
}

/** No folders in a saved file's name. */
const clean = (name: string) => name.replace(/[/\\]/g, '_').trim()

export interface Progress {
  received: number
  /** From Content-Length; null when the file is written while it is sent. */
  total: number | null
}

/** Whole percent done, or null when the size is not known in advance. */
export function percentOf(p: Progress): number | null {
  if (p.total === null || p.total <= 0) return null
  return Math.min(100, Math.floor((p.received / p.total) * 100))
}

/** Content-Length as a number of bytes, or null when missing or unreadable. */
export function lengthOf(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null
  return Number(header)
}

/** A byte count as the reader's language writes it: 820 kB, 2.4 MB. */
export function formatBytes(bytes: number, locale: string): string {
  const [unit, value] =
    bytes >= 1_000_000 ? (['megabyte', bytes / 1_000_000] as const) : (['kilobyte', Math.max(bytes, 1) / 1000] as const)
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value)
}

const KNOWN: ReadonlySet<string> = new Set(DOWNLOAD_COLUMNS)
/** The grid's visible columns the download can show (unknown ones would be refused). */
export const downloadColumns = (visible: readonly string[]): string[] => visible.filter((c) => KNOWN.has(c))

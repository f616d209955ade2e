import type { Registration } from '@diamond/contracts/http/approvals'
import { APPROVAL_NOTE_MAX } from '@diamond/contracts/http/approvals.values'

/** The tabs of the page, by approval status (spec section 4: 1 Pending, 2 Approved, 3 Rejected). */
export const TABS = [
  { status: 1, id: 'pending' },
  { status: 2, id: 'approved' },
  { status: 3, id: 'rejected' },
] as const
export type TabStatus = (typeof TABS)[number]['status']

export const fullName = (r: Pick<Registration, 'firstName' | 'middleName' | 'lastName'>): string =>
  [r.firstName, r.middleName, r.lastName]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ')

/** The office address as lines: street lines, then "city, state pin", then the country. */
export function addressLines(a: Registration['address']): string[] {
  if (!a) return []
  const place = [[a.city, a.state].filter(Boolean).join(', '), a.pinCode].filter(Boolean).join(' ')
  return [a.line1, a.line2, a.line3, place, a.country].map((s) => s.trim()).filter(Boolean)
}

/** "0.8 kB", "12 kB", "1.4 MB", in the reader's language (uploads are at most 5 MB). */
export function fileSize(bytes: number, locale: string): string {
  const [value, unit] = bytes < 1_000_000 ? [bytes / 1000, 'kilobyte'] : [bytes / 1_000_000, 'megabyte']
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value)
}

/** A note the server would refuse: longer than the contract allows. */
export const noteTooLong = (note: string): boolean => note.trim().length > APPROVAL_NOTE_MAX

export interface ListState {
  list: Registration[]
  count: number
  page: number
}

/**
 * After a decision the registration leaves the tab. When that empties a page after the first,
 * the page before is shown; `reload` says the list must be fetched again (a page emptied while
 * more registrations remain, or the page changed).
 */
export function afterDecision(s: ListState, id: string): ListState & { reload: boolean } {
  const list = s.list.filter((r) => r.id !== id)
  if (list.length === s.list.length) return { ...s, reload: false }
  const count = Math.max(0, s.count - 1)
  if (list.length > 0) return { list, count, page: s.page, reload: false }
  const page = s.page > 1 ? s.page - 1 : 1
  return { list, count, page, reload: count > 0 }
}

export const pageCount = (count: number, pageSize: number): number => Math.max(1, Math.ceil(count / pageSize))

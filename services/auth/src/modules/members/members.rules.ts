import type { ErrorCode } from '@diamond/contracts/errors'
import type { RatingSummary } from '@diamond/contracts/http/members'

/** A company's rating as shown: the mean to two decimals, 0 when nobody has rated it yet. */
export function ratingSummary(sum: number, count: number): RatingSummary {
  return { average: count > 0 ? Math.round((sum / count) * 100) / 100 : 0, count }
}

/** A search as the directory matches it: trimmed, lower-cased, LIKE's wildcards taken literally; null when blank. */
export function containsPattern(search: string | undefined): string | null {
  const s = search?.trim().toLowerCase()
  if (!s) return null
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** A filter value as compared (any case); null when blank. */
export function exactFilter(value: string | undefined): string | null {
  const v = value?.trim().toLowerCase()
  return v ? v : null
}

/** Who sees a company's profile: anyone when shown, its own members always; otherwise it is "not found". */
export function canSeeCompany(
  company: { id: string; isPublic: boolean },
  callerCompanyId: string | undefined,
): boolean {
  return company.isPublic || company.id === callerCompanyId
}

/** A follow the rules refuse: a hidden company is not found; one's own company is not followed. */
export function followRefusal(
  company: { id: string; isPublic: boolean } | null,
  callerCompanyId: string | undefined,
): ErrorCode | null {
  if (!company || !company.isPublic) return company && company.id === callerCompanyId ? 'E_FOLLOW_OWN' : 'E_NOT_FOUND'
  if (company.id === callerCompanyId) return 'E_FOLLOW_OWN'
  return null
}

/** The sellers of an order event's params ('a,b', '' for house stock), each a uuid, once. */
export function sellersParam(value: string | number | null | undefined): string[] {
  if (typeof value !== 'string' || !value) return []
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
  return [...new Set(value.split(',').map((s) => s.trim().toLowerCase()))].filter((s) => uuid.test(s))
}

export interface OrderSellerFacts {
  companyId: string
  deliveredAt: Date | null
}

export type RateDecision = { ok: true; companyId: string } | { ok: false; code: ErrorCode; field?: 'companyId' }

/**
 * Which seller a rating is for, from the caller's own rows of that order (none: not theirs, or
 * unknown: not found). A completed order is a delivered one (the last shipment step); a seller of
 * several in one order must be named. The caller's own company (`ownCompanyId`) is not one of them:
 * a seller's staff who bought their own company's stone may not rate it.
 */
export function decideRating(
  all: readonly OrderSellerFacts[],
  companyId: string | undefined,
  ownCompanyId?: string,
): RateDecision {
  // A member's own company is not theirs to rate: it is not among the sellers they may name.
  const rows = ownCompanyId ? all.filter((r) => r.companyId !== ownCompanyId) : all
  if (!rows.length) return { ok: false, code: 'E_NOT_FOUND' }
  const row = companyId ? rows.find((r) => r.companyId === companyId) : rows.length === 1 ? rows[0] : undefined
  if (!row)
    return companyId ? { ok: false, code: 'E_NOT_FOUND' } : { ok: false, code: 'E_VALIDATION', field: 'companyId' }
  if (!row.deliveredAt) return { ok: false, code: 'E_ORDER_NOT_COMPLETED' }
  return { ok: true, companyId: row.companyId }
}

/** A member's name as other members see it: first and last name, nothing else. */
export const displayName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim()

/** A member's contacts are shown only when their company chose to show them. */
export function contactsShown<T extends { email: string; mobile: string }>(
  u: T,
  showContacts: boolean,
): { email: string | null; mobile: string | null } {
  return showContacts ? { email: u.email, mobile: u.mobile || null } : { email: null, mobile: null }
}

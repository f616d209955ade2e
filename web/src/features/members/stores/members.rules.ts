import type { MemberPaginate, SocialLink } from '@diamond/contracts/http/members'

/** The directory's page size: cards fill a page at 390 px and at 1280 px alike. */
export const DIRECTORY_LIMIT = 24

export interface DirectoryForm {
  search: string
  country: string
  businessType: string
}

/** What the directory asks for: blank filters left out. */
export function directoryQuery(f: DirectoryForm, page: number): MemberPaginate {
  return {
    ...(f.search.trim() ? { search: f.search.trim().slice(0, 100) } : {}),
    ...(f.country.trim() ? { country: f.country.trim().slice(0, 80) } : {}),
    ...(f.businessType ? { businessType: f.businessType } : {}),
    page,
    limit: DIRECTORY_LIMIT,
  }
}

export const pagesOf = (count: number, limit: number) => Math.max(1, Math.ceil(count / limit))

/** Stars to show for an average: whole and half stars, out of five. */
export function stars(average: number): { full: number; half: boolean; empty: number } {
  const halves = Math.round(Math.min(5, Math.max(0, average)) * 2)
  const full = Math.floor(halves / 2)
  const half = halves % 2 === 1
  return { full, half, empty: 5 - full - (half ? 1 : 0) }
}

/** A company's initials for a card without a logo ("Shah Diamonds" → "SD"). */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /\p{L}|\p{N}/u.test(w))
  return (
    words
      .slice(0, 2)
      .map((w) => [...w][0]!.toUpperCase())
      .join('') || '?'
  )
}

/** A social link's shown text: the address without its scheme and trailing slash. */
export const linkText = (l: Pick<SocialLink, 'url'>) => l.url.replace(/^https?:\/\//, '').replace(/\/$/, '')

/**
 * Follow state after an answer, kept on every card of the company shown: a follow from the profile
 * shows on the directory's card as well.
 */
export function withFollow<T extends { id: string; following: boolean; followers: number }>(
  list: readonly T[],
  state: { companyId: string; following: boolean; followers: number },
): T[] {
  return list.map((c) =>
    c.id === state.companyId ? { ...c, following: state.following, followers: state.followers } : c,
  )
}

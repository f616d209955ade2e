import type { StonesListed } from '@diamond/contracts/events/members'

/** The notice a follower gets when a company they follow lists stones: one per upload or auction. */
export const LISTED_KIND = 'member.listed'

export function listedParams(e: StonesListed): Record<string, string | number | null> {
  return {
    companyId: e.companyId,
    companyName: e.companyName,
    count: e.count,
    source: e.source,
    sourceId: e.sourceId,
  }
}

export interface FollowedListing {
  companyId: string
  companyName: string
  /** Stones listed over the period, and in how many uploads or auctions. */
  stones: number
  listings: number
}

/**
 * A reader's notices of listings over a digest's period, one line per company (the most stones first,
 * then by name): what the digest tells of the sellers they follow.
 */
export function followedListings(
  notices: readonly { params: Record<string, string | number | null> }[],
): FollowedListing[] {
  const by = new Map<string, FollowedListing>()
  for (const { params: p } of notices) {
    if (typeof p.companyId !== 'string' || typeof p.count !== 'number') continue
    const line = by.get(p.companyId) ?? {
      companyId: p.companyId,
      companyName: typeof p.companyName === 'string' ? p.companyName : '',
      stones: 0,
      listings: 0,
    }
    line.stones += p.count
    line.listings += 1
    by.set(p.companyId, line)
  }
  return [...by.values()].sort((a, b) => b.stones - a.stones || a.companyName.localeCompare(b.companyName))
}

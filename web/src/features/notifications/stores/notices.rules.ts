import type { Notification } from '@diamond/contracts/events/notifications'

/** Where a notice leads: the screen that shows what it is about. */
export function noticeTarget(n: Pick<Notification, 'kind' | 'params'>): string | null {
  const p = n.params
  if (n.kind.startsWith('offer.')) return '/account/offer-list'
  if (n.kind.startsWith('bid.')) {
    // Outbid: back to the auction's room, where the bidding goes on. A result: my bids on that stone.
    if (n.kind === 'bid.outbid' && typeof p.auctionId === 'string' && p.auctionId)
      return `/search-bid-diamond/${p.auctionId}`
    if (typeof p.lotId === 'string' && p.lotId) return `/my-bid/${p.lotId}`
    return '/my-bid'
  }
  if (n.kind === 'reminder.due') return '/account/reminder'
  // A new enquiry, an answer, a follow-up: the conversation (the sales team's inbox is the same screen).
  if (n.kind.startsWith('enquiry.')) return '/account/enquiry'
  if (n.kind === 'demand.matched') return '/account/my-demand'
  // Issue 26: a buy request made (the sales team's inbox) or answered (the buyer's buy requests).
  if (n.kind === 'demand.created' || n.kind === 'demand.answered') return '/account/buy-request'
  if (n.kind.startsWith('order.') || n.kind.startsWith('shipment.')) return '/account/purchase-history'
  if (n.kind === 'stone.held') return '/account/hold'
  if (n.kind === 'ftp.fetched') return '/inventory/history'
  // Issue 25: a followed seller opened an auction: the auctions; listed stones: its profile (its stock and articles from there).
  if (n.kind === 'member.listed' && p.source === 'auction')
    return typeof p.sourceId === 'string' && p.sourceId ? `/search-bid-diamond/${p.sourceId}` : '/search-bid-diamond'
  if (n.kind === 'member.listed' && typeof p.companyId === 'string' && p.companyId) return `/member/${p.companyId}`
  if (n.kind === 'ftp.failed') return '/inventory/ftp'
  // A viewing request, new (the sales team) or declined (its buyer): the office viewing list, where both act on it.
  if (n.kind.startsWith('viewing.')) return '/account/office-list'
  // The sales person hears what the buyer did (their calendar); the buyer what was done (their list).
  if (n.kind.startsWith('appointment.'))
    return n.kind !== 'appointment.reminder' && (p.for === 'sales' || p.by === 'buyer')
      ? '/appointments/calendar'
      : '/appointments'
  if (typeof p.stoneId === 'string' && p.stoneId) return `/diamond-detail/${p.stoneId}`
  return null
}

/** The newest first, each once: a pushed notice may also come back in the next page read. */
export function mergeNotices<T extends { id: string; createdAt: string }>(
  shown: readonly T[],
  incoming: readonly T[],
): T[] {
  const byId = new Map<string, T>()
  for (const n of [...incoming, ...shown]) if (!byId.has(n.id)) byId.set(n.id, n)
  return [...byId.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
}

/**
 * The centre's group counts after a notice arrived (`added` 1, unread or not by `unread`) or was read
 * (`added` 0, `unread` -1): the group is added when it had none yet, kept in the server's order otherwise.
 */
export function countIn<G extends string>(
  groups: readonly { group: G; count: number; unread: number }[],
  group: G,
  unread: number,
  added = 1,
): { group: G; count: number; unread: number }[] {
  if (!groups.some((g) => g.group === group))
    return added > 0 ? [...groups, { group, count: added, unread: Math.max(0, unread) }] : [...groups]
  return groups.map((g) =>
    g.group === group ? { group, count: g.count + added, unread: Math.max(0, g.unread + unread) } : g,
  )
}

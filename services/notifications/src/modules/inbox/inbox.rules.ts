import { BiddingEventTypes, outbidOf } from '@diamond/contracts/events/bidding'
import { isOneOf, type DomainEvent } from '@diamond/contracts/events/index'
import { BID_NOTICE_KINDS } from '@diamond/contracts/http/bidding.values'
import { StockEventTypes, TradeEventTypes } from '@diamond/contracts/events/stock'
import {
  KNOWN_SUBJECTS,
  NOTICE_GROUPS,
  noticeGroup,
  subjectsOf,
  type NoticeGroup,
} from '@diamond/contracts/http/notifications.values'

export type Notice =
  | { userId: string; audience?: undefined; kind: string; params: Record<string, string | number | null> }
  | { userId: null; audience: 'sales'; kind: string; params: Record<string, string | number | null> }

const TRADE_TYPES = Object.values(TradeEventTypes)

/** Which platform events someone must hear about, and what they are told. */
export function noticesFor(event: DomainEvent): Notice[] {
  if (isOneOf(event, TRADE_TYPES)) {
    // A trading event names its readers; the sales team is one audience notice, not a row per person.
    const t = event.data
    const out: Notice[] = [...new Set(t.userIds)].map((userId) => ({ userId, kind: t.kind, params: t.params }))
    if (t.toSales) out.push({ userId: null, audience: 'sales', kind: t.kind, params: t.params })
    return out
  }
  switch (event.type) {
    case StockEventTypes.held: {
      const s = event.data
      return s.holderId
        ? [
            {
              userId: s.holderId,
              kind: 'stone.held',
              params: { stoneId: s.stoneId, vStnId: s.vStnId, expiresAt: s.expiresAt },
            },
          ]
        : []
    }
    case BiddingEventTypes.high: {
      // Only open lots have highs, so the price told is the one everyone in the room already sees.
      // Bidding names who to tell now (at most once per lot and window); without it, everyone outbid.
      const h = event.data
      return (h.noticeIds ?? outbidOf(h)).map((userId) => ({
        userId,
        kind: BID_NOTICE_KINDS.outbid,
        params: { ...lotParams(h), price: h.pricePerCaratCents / 100 },
      }))
    }
    case BiddingEventTypes.closed: {
      // Every bidder learns win or loss; the winner the price. A loser is told only that it is over.
      const c = event.data
      // A withdrawn lot has no winner: each bidder is told why.
      if (c.withdrawn)
        return [...new Set(c.bidderIds)].map((userId) => ({
          userId,
          kind: BID_NOTICE_KINDS.withdrawn,
          params: lotParams(c),
        }))
      const bidders = new Set(c.bidderIds)
      if (c.winnerId) bidders.add(c.winnerId)
      return [...bidders].map((userId) =>
        userId === c.winnerId
          ? {
              userId,
              kind: BID_NOTICE_KINDS.won,
              params: { ...lotParams(c), price: c.pricePerCaratCents === null ? null : c.pricePerCaratCents / 100 },
            }
          : { userId, kind: BID_NOTICE_KINDS.lost, params: lotParams(c) },
      )
    }
    default:
      return []
  }
}

/** The events that can call for a notice, each group on its topic. */
export const NOTICE_EVENTS = {
  stone: [StockEventTypes.held],
  trade: TRADE_TYPES,
  bids: [BiddingEventTypes.high, BiddingEventTypes.closed],
} as const

const lotParams = (e: { lotId: string; auctionId: string; vStnId: string }) => ({
  lotId: e.lotId,
  auctionId: e.auctionId,
  vStnId: e.vStnId,
})

/**
 * An outbid notice the reader has not read yet is brought up to date rather than repeated: a hot
 * lot can outbid someone many times a second, and one unread "you were outbid on B-12" says it all
 * (their auction room shows the live position meanwhile).
 */
export const coalesces = (n: Notice): boolean => n.kind === BID_NOTICE_KINDS.outbid && n.userId !== null

/** The notices a group of the centre shows, as subjects to keep or to leave out ('other'). */
export function groupFilter(group: NoticeGroup | undefined): { only: string[] } | { except: string[] } | undefined {
  if (!group) return undefined
  return group === 'other' ? { except: [...KNOWN_SUBJECTS] } : { only: subjectsOf(group) }
}

/**
 * The counts of the centre from the counts per subject: every group with notices (in the centre's
 * order), the count of the group asked for (of all without one), and the unread of all.
 */
export function groupCounts(
  bySubject: readonly { subject: string; count: number; unread: number }[],
  group: NoticeGroup | undefined,
): { count: number; unread: number; groups: { group: NoticeGroup; count: number; unread: number }[] } {
  const sums = new Map<NoticeGroup, { count: number; unread: number }>()
  for (const s of bySubject) {
    const g = noticeGroup(s.subject)
    const sum = sums.get(g) ?? { count: 0, unread: 0 }
    sum.count += s.count
    sum.unread += s.unread
    sums.set(g, sum)
  }
  const groups = NOTICE_GROUPS.filter((g) => sums.has(g)).map((g) => ({ group: g, ...sums.get(g)! }))
  const all = groups.reduce((a, g) => ({ count: a.count + g.count, unread: a.unread + g.unread }), {
    count: 0,
    unread: 0,
  })
  return { count: group ? (sums.get(group)?.count ?? 0) : all.count, unread: all.unread, groups }
}

/**
 * The result of a lot as a pure function of its terms and its append-only bid log. The engine
 * decides at close with it, and replay recomputes every stored result with it. Times are epoch
 * milliseconds of the database clock.
 */

export interface LotTerms {
  /** The close as first scheduled (soft close may move it; the log says by how much). */
  scheduledClose: number
  opensAt: number
  startCents: number
  reserveCents: number | null
  buyNowCents: number | null
  softClose: { windowMs: number; extendMs: number } | null
}

export interface LogEntry {
  id: string
  bidderId: string
  seq: number
  kind: 'bid' | 'withdraw'
  /** null for a withdrawal. */
  priceCents: number | null
  /** Arrival, by the database clock. */
  at: number
}

export interface Decision {
  winner: { bidId: string; bidderId: string; priceCents: number } | null
  /** The close after every soft-close extension the valid bids caused. */
  closesAt: number
  extensions: number
  /** The buy-now bid that ended the lot early, if any. */
  buyNowBidId: string | null
  /** Everyone who placed a bid (valid or not): each learns win or loss. */
  bidderIds: string[]
}

/** Where a bid at `at` moves the close (soft close); the same close when it does not. */
export function softCloseAfter(closesAt: number, at: number, soft: LotTerms['softClose']): number {
  if (!soft || at >= closesAt || at < closesAt - soft.windowMs) return closesAt
  return Math.max(closesAt, at + soft.extendMs)
}

/**
 * Highest valid bid wins, ties to the earliest (lowest seq). A bid is valid when it came after the
 * opening and before the close (as extended by the valid bids before it), is at least the start,
 * came before any buy-now bid, and its bidder did not withdraw it later. A buy-now bid (at or above
 * the buy-now price) ends the lot and wins at the buy-now price. Without a buy-now, the best bid
 * must reach the reserve when there is one.
 */
export function decide(terms: LotTerms, log: readonly LogEntry[]): Decision {
  const entries = [...log].sort((a, b) => a.seq - b.seq)
  let closesAt = terms.scheduledClose
  let extensions = 0
  let buyNow: LogEntry | null = null
  const valid: LogEntry[] = []
  const withdrawnUpTo = new Map<string, number>()
  const bidders = new Set<string>()
  for (const e of entries) {
    if (e.kind === 'bid') bidders.add(e.bidderId)
    if (buyNow || e.at < terms.opensAt || e.at >= closesAt) continue
    if (e.kind === 'withdraw') {
      withdrawnUpTo.set(e.bidderId, e.seq)
      continue
    }
    if (e.priceCents === null || e.priceCents < terms.startCents) continue
    valid.push(e)
    const moved = softCloseAfter(closesAt, e.at, terms.softClose)
    if (moved !== closesAt) {
      closesAt = moved
      extensions++
    }
    if (terms.buyNowCents !== null && e.priceCents >= terms.buyNowCents) buyNow = e
  }
  const bidderIds = [...bidders]
  if (buyNow) {
    return {
      winner: { bidId: buyNow.id, bidderId: buyNow.bidderId, priceCents: terms.buyNowCents! },
      closesAt,
      extensions,
      buyNowBidId: buyNow.id,
      bidderIds,
    }
  }
  let best: LogEntry | null = null
  for (const e of valid) {
    if ((withdrawnUpTo.get(e.bidderId) ?? 0) > e.seq) continue
    if (!best || e.priceCents! > best.priceCents!) best = e
  }
  const reached = best && (terms.reserveCents === null || best.priceCents! >= terms.reserveCents)
  return {
    winner: reached ? { bidId: best!.id, bidderId: best!.bidderId, priceCents: best!.priceCents! } : null,
    closesAt,
    extensions,
    buyNowBidId: null,
    bidderIds,
  }
}

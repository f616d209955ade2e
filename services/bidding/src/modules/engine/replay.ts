import type { Sql } from '@diamond/runtime/db'
import { termsOf } from './lot.view'
import { closedLotsSince, logOf } from './lots.repository'
import { decide } from './winner.rules'

export interface Mismatch {
  lotId: string
  stored: { winningBidId: string | null; winnerId: string | null; resultCents: number | null; closesAt: string }
  replayed: { winningBidId: string | null; winnerId: string | null; resultCents: number | null; closesAt: string }
}

/**
 * Recomputes every closed lot's result from its bid log with the same pure function the closer
 * used, and compares it with the stored result (winner, winning bid, price, close after extensions).
 */
export async function replayResults(
  sql: Sql,
  opts: { since?: Date } = {},
): Promise<{ checked: number; mismatched: Mismatch[] }> {
  // A withdrawn lot was not decided by its bids (staff ended it, or its stone left): nothing to recompute.
  const lots = await closedLotsSince(sql, opts.since ?? new Date(0))
  const mismatched: Mismatch[] = []
  for (const lot of lots) {
    const d = decide(termsOf(lot), await logOf(sql, lot.id))
    const stored = {
      winningBidId: lot.winningBidId,
      winnerId: lot.winnerId,
      resultCents: lot.resultCents,
      closesAt: new Date(lot.closesAt).toISOString(),
    }
    const replayed = {
      winningBidId: d.winner?.bidId ?? null,
      winnerId: d.winner?.bidderId ?? null,
      resultCents: d.winner?.priceCents ?? null,
      closesAt: new Date(d.buyNowBidId ? lot.closesAt : d.closesAt).toISOString(),
    }
    if (JSON.stringify(stored) !== JSON.stringify(replayed)) mismatched.push({ lotId: lot.id, stored, replayed })
  }
  return { checked: lots.length, mismatched }
}

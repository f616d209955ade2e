import type { StoneStatusChanged } from '@diamond/contracts/events/stock'
import { BID_KIND_RULES, BID_KINDS } from '@diamond/contracts/http/bidding.values'
import type { Tx } from '@diamond/runtime'
import { withdrawLots } from '../engine/withdraw'
import { keepStoneStatuses, stonesInRunningLots } from './stone-status.repository'

/**
 * Stock's news of stones, in the consumer's transaction (one stone's event, or a bulk event's 500):
 * bidding's projection keeps each stone's newest status (and facts). A stone that leaves the statuses
 * its running lot's kind takes (staff made it available again, it went on memo, it was sold
 * elsewhere) leaves the auction: the lot ends withdrawn, with no winner whatever its bids, so the
 * stone is never sold twice. Answers the lots withdrawn (their writers in memory must forget them
 * once this commits).
 */
export async function applyStoneStatuses(tx: Tx, list: readonly StoneStatusChanged[]): Promise<string[]> {
  const newest = new Map<string, StoneStatusChanged>()
  for (const s of list) {
    const seen = newest.get(s.stoneId)
    if (!seen || seen.statusVersion <= s.statusVersion) newest.set(s.stoneId, s)
  }
  const taken = await keepStoneStatuses(tx, [...newest.values()])
  const withdrawn: string[] = []
  // Only stones in a running lot can leave one: one read for all, not a statement a stone.
  for (const stoneId of await stonesInRunningLots(tx, taken)) {
    const { wSts } = newest.get(stoneId)!
    const leaving = BID_KINDS.filter((k) => !BID_KIND_RULES[k].allowDiamondFilterWSts.includes(wSts))
    if (leaving.length) withdrawn.push(...(await withdrawLots(tx, { stoneId, kinds: leaving })))
  }
  return withdrawn
}

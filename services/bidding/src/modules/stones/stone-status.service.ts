import type { StoneStatusChanged } from '@diamond/contracts/events/stock'
import { BID_KIND_RULES, BID_KINDS } from '@diamond/contracts/http/bidding.values'
import type { Tx } from '@diamond/runtime'
import { withdrawLots } from '../engine/withdraw'
import { keepStoneStatus } from './stone-status.repository'

/**
 * Stock's news of a stone, in the consumer's transaction: bidding's projection keeps its newest
 * status (and facts). A stone that leaves the statuses its running lot's kind takes (staff made it
 * available again, it went on memo, it was sold elsewhere) leaves the auction: the lot ends
 * withdrawn, with no winner whatever its bids, so the stone is never sold twice. Answers the lots
 * withdrawn (their writers in memory must forget them once this commits).
 */
export async function applyStoneStatus(tx: Tx, s: StoneStatusChanged): Promise<string[]> {
  if (!(await keepStoneStatus(tx, s))) return []
  const leaving = BID_KINDS.filter((k) => !BID_KIND_RULES[k].allowDiamondFilterWSts.includes(s.wSts))
  return leaving.length ? withdrawLots(tx, { stoneId: s.stoneId, kinds: leaving }) : []
}

import type { AppointmentChanged } from '@diamond/contracts/events/appointments'
import {
  outbidOf,
  type LotClosed,
  type LotExtended,
  type LotHighChanged,
  type LotOpened,
} from '@diamond/contracts/events/bidding'
import type { FollowChanged } from '@diamond/contracts/events/members'
import type { Tx } from '@diamond/runtime'
import { coalesceHighs, positionsAfterHigh } from './dashboard.rules'
import * as repo from './projections.repository'

/** What stock keeps of other services' events for the dashboards, each in its consumer's transaction. */
export class DashboardProjections {
  follow(tx: Tx, e: FollowChanged): Promise<void> {
    return repo.setFollow(tx, e.userId, e.companyId, e.following)
  }

  lotOpened(tx: Tx, e: LotOpened): Promise<void> {
    return repo.openLot(tx, e)
  }

  /** A new high: the lot's price and close, each bidder's position, and the bids counted on the stone's day. */
  async lotHigh(tx: Tx, e: LotHighChanged): Promise<void> {
    const [lot] = await repo.highsOf(tx, [e])
    const added = lot?.added ?? 0
    await repo.setPositions(tx, e.lotId, positionsAfterHigh(e.leaderId, outbidOf(e)))
    if (added > 0) await repo.countHits(tx, 'bids', [{ stoneId: e.stoneId, n: added }])
  }

  /**
   * A run of highs at once (what waited for the consumer): each lot once, with its newest high and
   * everyone the run displaced (coalesceHighs): the lots in one statement, the positions of every lot
   * in one more and the bids counted per stone in a third, whatever the batch's size.
   */
  async lotHighs(tx: Tx, highs: readonly LotHighChanged[]): Promise<void> {
    if (highs.length === 1) return this.lotHigh(tx, highs[0]!)
    const hits = new Map<string, number>()
    const positions: { lotId: string; userId: string; state: 'leading' | 'outbid' }[] = []
    const lots = coalesceHighs(highs, outbidOf)
    for (const { stoneId, added } of await repo.highsOf(tx, lots))
      if (added > 0) hits.set(stoneId, (hits.get(stoneId) ?? 0) + added)
    for (const h of lots)
      for (const p of positionsAfterHigh(h.leaderId, h.outbidIds)) positions.push({ lotId: h.lotId, ...p })
    await repo.setLotPositions(tx, positions)
    await repo.countHits(
      tx,
      'bids',
      [...hits].map(([stoneId, n]) => ({ stoneId, n })),
    )
  }

  lotExtended(tx: Tx, e: LotExtended): Promise<void> {
    return repo.extendLot(tx, e.lotId, e.closesAt)
  }

  lotClosed(tx: Tx, e: LotClosed): Promise<void> {
    return repo.closeLot(tx, e.lotId)
  }

  appointment(tx: Tx, e: AppointmentChanged): Promise<void> {
    return repo.keepAppointment(tx, e)
  }
}

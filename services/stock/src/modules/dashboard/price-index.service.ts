import { StockEventTypes } from '@diamond/contracts/events/stock'
import type { Database, Tx } from '@diamond/runtime'
import { deltasOf } from './dashboard.rules'
import * as repo from './price-index.repository'
import { countHits } from './projections.repository'

/** Stone events that count as a sale of the market's week. */
const SOLD: ReadonlySet<string> = new Set([StockEventTypes.sold, StockEventTypes.confirmed, StockEventTypes.bidWon])

export interface StoneEventLike {
  type: string
  data: { stoneId: string }
}

/**
 * The market's price index, kept from stock's own stone events: each batch of events re-reads its
 * stones' rows (the row is the truth whatever the event says, so order and repeats do no harm),
 * swaps their old shares of the index for their new ones, and moves today's sums by the difference.
 * No request ever scans the stones.
 */
export class PriceIndexService {
  constructor(private readonly database: Database) {}

  /** In the consumer's transaction: the stones of these events counted again, and the day's counters. */
  async apply(tx: Tx, events: readonly StoneEventLike[]): Promise<void> {
    const ids = [...new Set(events.map((e) => e.data.stoneId))].sort()
    if (ids.length) {
      const old = await repo.takeShares(tx, ids)
      const fresh = await repo.putShares(tx, ids)
      await repo.applyDeltas(tx, deltasOf(old, fresh))
    }
    let arrived = 0
    let sold = 0
    const held = new Map<string, number>()
    for (const e of events) {
      if (e.type === StockEventTypes.arrived) arrived++
      else if (SOLD.has(e.type)) sold++
      else if (e.type === StockEventTypes.held) held.set(e.data.stoneId, (held.get(e.data.stoneId) ?? 0) + 1)
    }
    await repo.countMarket(tx, arrived, sold)
    await countHits(
      tx,
      'holds',
      [...held].map(([stoneId, n]) => ({ stoneId, n })),
    )
  }

  /**
   * A fresh install (or one from before the index) counts every stone in once, in slices of its
   * ids; afterwards only events move the index. Runs at start-up, never per request.
   */
  async buildOnce(slice = 2000): Promise<number> {
    if (await repo.built(this.database.sql)) return 0
    let after: string | null = null
    let counted = 0
    for (;;) {
      const ids: string[] = (await repo.allStoneIds(this.database.sql, after, slice)).map((r) => r.id)
      if (!ids.length) return counted
      await this.database.sql.begin(async (tx) => {
        const fresh = await repo.putShares(tx, ids)
        await repo.applyDeltas(tx, deltasOf([], fresh))
      })
      counted += ids.length
      after = ids[ids.length - 1]!
    }
  }
}

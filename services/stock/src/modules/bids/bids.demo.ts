import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import { StockEventTypes } from '@diamond/contracts/events/stock'
import { enqueue, type Database } from '@diamond/runtime'
import { statusEvent } from '../stones/stones.service'
import { markDone } from '../demo/demo.seed'
import { bidStones, giveEveryFourth } from './bids.repository'

/** The company of the demo seller (seller1): every fourth seeded bid stone is theirs. */
export const DEMO_SELLER_COMPANY = 'Shah Diamonds'

/**
 * Demo stones are seeded by SQL, so nobody heard that some are up for bid. Once per database, this
 * gives every fourth of them to the demo seller's company and announces each with its facts, so
 * bidding can build its demo auctions from its own projection.
 */
export async function announceDemoBidStones(database: Database): Promise<number> {
  return database.sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('stock:demo-bid-stones'))`
    if (!(await markDone(tx, 'bid-stones'))) return 0
    await giveEveryFourth(tx, DEMO_SELLER_COMPANY, DEMO_COMPANY_IDS[DEMO_SELLER_COMPANY] ?? null)
    const stones = await bidStones(tx)
    for (let i = 0; i < stones.length; i += 500) {
      await enqueue(
        tx,
        'stock',
        stones.slice(i, i + 500).map((s) => statusEvent(StockEventTypes.statusChanged, s)),
      )
    }
    return stones.length
  })
}

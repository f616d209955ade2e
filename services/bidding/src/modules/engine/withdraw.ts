import { BiddingEventTypes, type LotClosed } from '@diamond/contracts/events/bidding'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { enqueue, newEvent, type Tx } from '@diamond/runtime'
import { orm } from '@diamond/runtime/db'
import { anyOf } from '@diamond/runtime/statements'
import { lots } from '../auctions/auctions.schema'
import { PRODUCER } from './engine'
import { bids } from './engine.schema'

/**
 * Ends running lots without a winner, whatever their bids: their stone left the auction (stock
 * moved it) or staff withdrew the auction. Each lot's `closed` event says `withdrawn`, so every
 * bidder is told and stock lets the stone go. The lot's row lock orders this against a batch of
 * bids being stored (which only moves a lot not yet closed): bids stored before stay in the log,
 * bids after are refused as closed. Answers the lots withdrawn; the caller's writers must forget them.
 */
export async function withdrawLots(
  tx: Tx,
  which: { stoneId: string; kinds: readonly string[] } | { auctionId: string },
): Promise<string[]> {
  const db = orm(tx)
  const ended = await db
    .update(lots)
    .set({ closedAt: sql`clock_timestamp()`, state: 'withdrawn' })
    .where(
      and(
        isNull(lots.closedAt),
        'auctionId' in which
          ? eq(lots.auctionId, which.auctionId)
          : and(eq(lots.stoneId, which.stoneId), anyOf(lots.kind, which.kinds)),
      ),
    )
    .returning({
      id: lots.id,
      auctionId: lots.auctionId,
      stoneId: lots.stoneId,
      vStnId: lots.vStnId,
      kind: lots.kind,
      closedAt: lots.closedAt,
    })
  if (!ended.length) return []
  // Every withdrawn lot's bidders in one read (an auction can hold hundreds of lots).
  const bidders = new Map(
    (
      await db
        .select({ lotId: bids.lotId, ids: sql<string[]>`array_agg(distinct ${bids.bidderId})` })
        .from(bids)
        .where(
          anyOf(
            bids.lotId,
            ended.map((l) => l.id),
          ),
        )
        .groupBy(bids.lotId)
    ).map((r) => [r.lotId, r.ids]),
  )
  const events = ended.map((l) => {
    const data: LotClosed = {
      lotId: l.id,
      auctionId: l.auctionId,
      stoneId: l.stoneId,
      vStnId: l.vStnId,
      kind: l.kind,
      winnerId: null,
      pricePerCaratCents: null,
      bidderIds: bidders.get(l.id) ?? [],
      closedAt: l.closedAt!.toISOString(),
      withdrawn: true,
    }
    return newEvent(PRODUCER, BiddingEventTypes.closed, l.id, data)
  })
  await enqueue(tx, PRODUCER, events)
  return ended.map((l) => l.id)
}

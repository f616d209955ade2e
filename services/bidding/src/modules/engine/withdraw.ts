import { BiddingEventTypes, type LotClosed } from '@diamond/contracts/events/bidding'
import { enqueue, newEvent, type Tx } from '@diamond/runtime'
import { PRODUCER } from './engine'

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
  const lots = await tx<
    { id: string; auction_id: string; stone_id: string; v_stn_id: string; kind: string; closed_at: Date }[]
  >`
    update bidding.lots set closed_at = clock_timestamp(), state = 'withdrawn'
     where closed_at is null
       and ${'auctionId' in which ? tx`auction_id = ${which.auctionId}` : tx`stone_id = ${which.stoneId} and kind = any(${which.kinds as string[]}::text[])`}
    returning id, auction_id, stone_id, v_stn_id, kind, closed_at`
  if (!lots.length) return []
  // Every withdrawn lot's bidders in one read (an auction can hold hundreds of lots).
  const bidders = new Map(
    (
      await tx<{ lot_id: string; ids: string[] }[]>`
      select lot_id, array_agg(distinct bidder_id) as ids from bidding.bids where lot_id = any(${lots.map((l) => l.id)}::uuid[]) group by lot_id`
    ).map((r) => [r.lot_id, r.ids]),
  )
  const events = lots.map((l) => {
    const data: LotClosed = {
      lotId: l.id,
      auctionId: l.auction_id,
      stoneId: l.stone_id,
      vStnId: l.v_stn_id,
      kind: l.kind,
      winnerId: null,
      pricePerCaratCents: null,
      bidderIds: bidders.get(l.id) ?? [],
      closedAt: l.closed_at.toISOString(),
      withdrawn: true,
    }
    return newEvent(PRODUCER, BiddingEventTypes.closed, l.id, data)
  })
  await enqueue(tx, PRODUCER, events)
  return lots.map((l) => l.id)
}

import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { StockTopics, type StoneStatusChanged } from '@diamond/contracts/events/stock'
import { BID_KIND_RULES, BID_KINDS } from '@diamond/contracts/http/bidding.values'
import type { ServiceRuntime, Tx } from '@diamond/runtime'
import { withdrawLots } from '../engine/withdraw'

/**
 * Keeps the newest status of each stone; an older event arriving late changes nothing. The facts
 * of a stone put up for bid (carat, Rap, asking price, seller) are kept until newer facts come.
 *
 * A stone that leaves the statuses its running lot's kind takes (staff made it available again,
 * it went on memo, it was sold elsewhere) leaves the auction: the lot ends withdrawn, with no
 * winner whatever its bids, so the stone is never sold twice. Answers the lots withdrawn.
 */
export async function applyStoneStatus(tx: Tx, event: AnyEvent): Promise<string[]> {
  const s = event.data as StoneStatusChanged
  const f = s.facts ?? null
  const applied = await tx`
    insert into bidding.stone_status (stone_id, v_stn_id, w_sts, availability, status_version, crt, rap_cents, amt_cents, seller)
    values (${s.stoneId}, ${s.vStnId}, ${s.wSts}, ${s.availability}, ${s.statusVersion},
            ${f?.crt ?? null}, ${f?.rapCents ?? null}, ${f?.amtCents ?? null}, ${f?.seller ?? null})
    on conflict (stone_id) do update
      set w_sts = excluded.w_sts, availability = excluded.availability,
          status_version = excluded.status_version, updated_at = now(),
          crt = coalesce(excluded.crt, bidding.stone_status.crt),
          rap_cents = coalesce(excluded.rap_cents, bidding.stone_status.rap_cents),
          amt_cents = coalesce(excluded.amt_cents, bidding.stone_status.amt_cents),
          seller = coalesce(excluded.seller, bidding.stone_status.seller)
      where bidding.stone_status.status_version < excluded.status_version
         or (bidding.stone_status.status_version = excluded.status_version and excluded.crt is not null)
    returning stone_id`
  if (!applied.length) return []
  return withdrawLeavingLots(tx, s.stoneId, s.wSts)
}

/** Ends the stone's running lots whose kind does not take its new status. */
function withdrawLeavingLots(tx: Tx, stoneId: string, wSts: string): Promise<string[]> {
  const kinds = BID_KINDS.filter((k) => !BID_KIND_RULES[k].allowDiamondFilterWSts.includes(wSts))
  return kinds.length ? withdrawLots(tx, { stoneId, kinds }) : Promise.resolve([])
}

/** `withdrawn` hears of lots ended because their stone left the auction (after the consumer's transaction). */
export function registerStoneStatusConsumer(rt: ServiceRuntime, withdrawn: (lotIds: string[]) => void = () => {}) {
  rt.consume({
    name: 'bidding.stone-status',
    topics: [StockTopics.stone],
    handle: async (event, tx) => {
      const lots = await applyStoneStatus(tx, event)
      // The writer in memory goes once the withdrawal is committed; a bid meanwhile is refused by the
      // database anyway (its batch moves only lots not yet closed) and reloads the lot.
      if (lots.length) setTimeout(() => withdrawn(lots), 100).unref()
    },
  })
}

import type { StoneStatusChanged } from '@diamond/contracts/events/stock'
import type { Tx } from '@diamond/runtime/db'

/**
 * Keeps the newest status of a stone in bidding's projection; an older status arriving late changes
 * nothing. The facts of a stone put up for bid (carat, Rap, asking price, seller) are kept until
 * newer facts come. True when the status was taken.
 */
export async function keepStoneStatus(tx: Tx, s: StoneStatusChanged): Promise<boolean> {
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
  return applied.length > 0
}

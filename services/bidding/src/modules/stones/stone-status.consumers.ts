import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { StockTopics, type StoneStatusChanged } from '@diamond/contracts/events/stock'
import type { ServiceRuntime, Tx } from '@diamond/runtime'

/** Keeps the newest status of each stone; an older event arriving late changes nothing. */
export async function applyStoneStatus(tx: Tx, event: AnyEvent): Promise<void> {
  const s = event.data as StoneStatusChanged
  await tx`
    insert into bidding.stone_status (stone_id, v_stn_id, w_sts, availability, status_version)
    values (${s.stoneId}, ${s.vStnId}, ${s.wSts}, ${s.availability}, ${s.statusVersion})
    on conflict (stone_id) do update
      set w_sts = excluded.w_sts, availability = excluded.availability,
          status_version = excluded.status_version, updated_at = now()
      where bidding.stone_status.status_version < excluded.status_version`
}

export function registerStoneStatusConsumer(rt: ServiceRuntime) {
  rt.consume({ name: 'bidding.stone-status', topics: [StockTopics.stone], handle: (event, tx) => applyStoneStatus(tx, event) })
}

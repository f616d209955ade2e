import type { Tx } from '@diamond/runtime/db'
import { BIDDABLE_WSTS } from '@diamond/contracts/http/bidding.values'
import type { StatusRecord } from '../stones/stones.repository'

/** A stone won at auction: confirmed to the winner, from any status a bid kind offers it in. */
export async function confirmWon(tx: Tx, stoneId: string): Promise<StatusRecord | null> {
  const rows = await tx<StatusRecord[]>`
    update stock.stones
       set w_sts = 'C', web_sts = 'C', s_sts = 'N', status_version = status_version + 1, updated_at = now()
     where id = ${stoneId} and w_sts = any(${BIDDABLE_WSTS as string[]}::text[])
    returning id, v_stn_id, w_sts, s_sts, status_version, null::uuid as holder_id, null::timestamptz as expires_at`
  return rows[0] ?? null
}

/** An auction ended without a winner: a stone that was up for bid (B) goes back to stock. */
/**
 * The stone is in a running lot: staff may not move it until the lot closes. Only while it is still
 * in a status bidding takes (otherwise bidding withdraws the lot on the status it hears).
 */
export async function enterLot(tx: Tx, stoneId: string, lotId: string): Promise<void> {
  await tx`update stock.stones set bid_lot_id = ${lotId} where id = ${stoneId} and w_sts = any(${BIDDABLE_WSTS as string[]}::text[])`
}

/** The lot closed (sold, unsold or withdrawn): the stone is stock's to move again. */
export async function leaveLot(tx: Tx, stoneId: string, lotId: string): Promise<void> {
  await tx`update stock.stones set bid_lot_id = null where id = ${stoneId} and bid_lot_id = ${lotId}`
}

export async function returnUnsold(tx: Tx, stoneId: string): Promise<StatusRecord | null> {
  const rows = await tx<StatusRecord[]>`
    update stock.stones
       set w_sts = 'A', web_sts = 'A', s_sts = 'N', status_version = status_version + 1, updated_at = now()
     where id = ${stoneId} and w_sts = 'B'
    returning id, v_stn_id, w_sts, s_sts, status_version, null::uuid as holder_id, null::timestamptz as expires_at`
  return rows[0] ?? null
}

/** The seeded stones up for bid, with the facts bidding needs. */
export async function bidStones(tx: Tx): Promise<StatusRecord[]> {
  return tx<StatusRecord[]>`
    select id, v_stn_id, w_sts, s_sts, status_version, null::uuid as holder_id, null::timestamptz as expires_at,
           carat::float8 as crt, rap_cents, amt_cents, seller
      from stock.stones where w_sts = 'B' order by v_stn_id`
}

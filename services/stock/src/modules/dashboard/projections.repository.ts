import { and, eq, sql } from 'drizzle-orm'
import type { AppointmentChanged } from '@diamond/contracts/events/appointments'
import { orm, type Tx } from '@diamond/runtime/db'
import { name, query } from '@diamond/runtime/statements'
import { dashAppointments, dashBids, dashFollows, dashLots, stoneHits } from './dashboard.schema'

/**
 * Stock's own copies of what other services decide and the dashboard shows: follows (auth), lots and
 * bidders' positions (bidding), appointments (appointments). Written by consumers, in their
 * transactions; read only by the dashboard.
 */

export async function setFollow(tx: Tx, userId: string, companyId: string, following: boolean): Promise<void> {
  const db = orm(tx)
  if (following) await db.insert(dashFollows).values({ userId, companyId }).onConflictDoNothing()
  else await db.delete(dashFollows).where(and(eq(dashFollows.userId, userId), eq(dashFollows.companyId, companyId)))
}

export async function openLot(tx: Tx, lot: { lotId: string; auctionId: string; stoneId: string }): Promise<void> {
  await orm(tx).insert(dashLots).values(lot).onConflictDoNothing()
}

/**
 * Lots' new highs in one statement (each lot once): their price, count and close, answering per lot
 * how many bids it adds to what was known. The lots' rows are locked in id order.
 *
 * The rows as they were (`before`) are read by the insert's own source, so before it writes any of
 * them: read only by `returning`, the CTE would run after the first row's update, and `for update`
 * skips a row the same statement has changed, so that lot would count all its bids again.
 */
export async function highsOf(
  tx: Tx,
  list: readonly {
    lotId: string
    auctionId: string
    stoneId: string
    closesAt: string
    pricePerCaratCents: number
    bidCount: number
  }[],
): Promise<{ lotId: string; stoneId: string; added: number }[]> {
  if (!list.length) return []
  const l = dashLots
  return query<{ lotId: string; stoneId: string; added: number }>(
    tx,
    sql`
    with h as (
      select * from jsonb_to_recordset(${JSON.stringify(list)}::text::jsonb)
        as h("lotId" uuid, "auctionId" uuid, "stoneId" uuid, "closesAt" timestamptz, "pricePerCaratCents" bigint, "bidCount" integer)
    ), before as (
      select ${l.lotId} as lot_id, ${l.bidCount} as n from ${l} where ${l.lotId} in (select "lotId" from h) order by ${l.lotId} for update
    )
    insert into ${l} (${name(l.lotId)}, ${name(l.auctionId)}, ${name(l.stoneId)}, ${name(l.closesAt)}, ${name(l.highCents)}, ${name(l.bidCount)})
    select "lotId", "auctionId", "stoneId", "closesAt", "pricePerCaratCents", "bidCount"
      from h left join before b on b.lot_id = h."lotId" order by "lotId"
    on conflict (${name(l.lotId)}) do update set ${name(l.closesAt)} = excluded.closes_at,
      ${name(l.highCents)} = excluded.high_cents, ${name(l.bidCount)} = greatest(${l.bidCount}, excluded.bid_count)
    returning ${l.lotId} as "lotId", ${l.stoneId} as "stoneId",
      greatest(0, ${l.bidCount} - coalesce((select n from before b where b.lot_id = ${l.lotId}), 0))::int as added`,
  )
}

export async function setPositions(
  tx: Tx,
  lotId: string,
  positions: readonly { userId: string; state: 'leading' | 'outbid' }[],
): Promise<void> {
  await setLotPositions(
    tx,
    positions.map((p) => ({ lotId, ...p })),
  )
}

/**
 * Positions on several lots in one statement (each lot and bidder at most once). The rows go as three
 * array parameters (`unnest`), so the statement is one prepared statement whatever their number: a
 * multi-row VALUES list was a new statement text, planned afresh, for every batch size the bid path's
 * consumer met.
 */
export async function setLotPositions(
  tx: Tx,
  positions: readonly { lotId: string; userId: string; state: 'leading' | 'outbid' }[],
): Promise<void> {
  if (!positions.length) return
  const b = dashBids
  await query(
    tx,
    sql`
    insert into ${b} (${name(b.lotId)}, ${name(b.userId)}, ${name(b.state)})
    select * from unnest(${sql.param(positions.map((p) => p.lotId))}::uuid[], ${sql.param(positions.map((p) => p.userId))}::uuid[],
      ${sql.param(positions.map((p) => p.state))}::text[])
    on conflict (${name(b.lotId)}, ${name(b.userId)}) do update set ${name(b.state)} = excluded.state, ${name(b.updatedAt)} = now()`,
  )
}

export async function extendLot(tx: Tx, lotId: string, closesAt: string): Promise<void> {
  await orm(tx)
    .update(dashLots)
    .set({ closesAt: new Date(closesAt) })
    .where(eq(dashLots.lotId, lotId))
}

/** A closed lot leaves the dashboards (its result reaches the buyer as an order or a notice). */
export async function closeLot(tx: Tx, lotId: string): Promise<void> {
  const db = orm(tx)
  await db.delete(dashBids).where(eq(dashBids.lotId, lotId))
  await db.delete(dashLots).where(eq(dashLots.lotId, lotId))
}

/** An appointment as its latest version says (an older event arriving late changes nothing). */
export async function keepAppointment(tx: Tx, a: AppointmentChanged): Promise<void> {
  const row = {
    appointmentId: a.appointmentId,
    buyerId: a.buyerId,
    officeName: a.officeName,
    startsAt: new Date(a.startsAt),
    endsAt: new Date(a.endsAt),
    status: a.status,
    version: a.version,
  }
  await orm(tx)
    .insert(dashAppointments)
    .values(row)
    .onConflictDoUpdate({
      target: dashAppointments.appointmentId,
      set: {
        officeName: row.officeName,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        status: row.status,
        version: row.version,
      },
      setWhere: sql`${dashAppointments.version} <= ${row.version}`,
    })
}

/** Hit counters of stones for today: `kind` moves by `by` for each stone named. */
export async function countHits(
  tx: Tx,
  kind: 'views' | 'holds' | 'bids',
  hits: readonly { stoneId: string; n: number }[],
): Promise<void> {
  if (!hits.length) return
  const h = stoneHits
  const column = h[kind]
  await query(
    tx,
    sql`
    insert into ${h} (${name(h.stoneId)}, ${name(h.day)}, ${name(column)})
    select k.id, current_date, k.n from unnest(${sql.param(hits.map((x) => x.stoneId))}::uuid[],
      ${sql.param(hits.map((x) => x.n))}::int[]) as k(id, n)
    on conflict (${name(h.stoneId)}, ${name(h.day)}) do update set ${name(column)} = ${column} + excluded.${name(column)}`,
  )
}

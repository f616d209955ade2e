import { sql } from 'drizzle-orm'
import type { StoneStatusChanged } from '@diamond/contracts/events/stock'
import type { Tx } from '@diamond/runtime/db'
import { anyOf, name, query } from '@diamond/runtime/statements'
import { lots } from '../auctions/auctions.schema'
import { stoneStatus } from './stones.schema'

/**
 * Keeps the newest status of each stone in bidding's projection; an older status arriving late
 * changes nothing. The facts of a stone put up for bid (carat, Rap, asking price, seller) are kept
 * until newer facts come. Answers the stones whose status was taken. One statement however many
 * stones (a bulk event of an upload brings 500), at most one status a stone (the caller's newest).
 * Written out over the table: the conflict update and its condition (newer, or the same version
 * bringing facts) are the statement.
 */
export async function keepStoneStatuses(tx: Tx, list: readonly StoneStatusChanged[]): Promise<string[]> {
  if (!list.length) return []
  const rows = list.map((s) => ({
    stoneId: s.stoneId,
    vStnId: s.vStnId,
    wSts: s.wSts,
    availability: s.availability,
    statusVersion: s.statusVersion,
    crt: s.facts?.crt ?? null,
    rapCents: s.facts?.rapCents ?? null,
    amtCents: s.facts?.amtCents ?? null,
    seller: s.facts?.seller ?? null,
    shape: s.facts?.shape ?? null,
    color: s.facts?.color ?? null,
    clarity: s.facts?.clarity ?? null,
  }))
  const t = stoneStatus
  const applied = await query<{ stoneId: string }>(
    tx,
    sql`
    insert into ${t} (${name(t.stoneId)}, ${name(t.vStnId)}, ${name(t.wSts)}, ${name(t.availability)}, ${name(t.statusVersion)},
                      ${name(t.crt)}, ${name(t.rapCents)}, ${name(t.amtCents)}, ${name(t.seller)},
                      ${name(t.shape)}, ${name(t.color)}, ${name(t.clarity)})
    select x."stoneId", x."vStnId", x."wSts", x."availability", x."statusVersion",
           x."crt", x."rapCents", x."amtCents", x."seller", x."shape", x."color", x."clarity"
      from jsonb_to_recordset(${sql.param(rows)}::jsonb) as x(
             "stoneId" uuid, "vStnId" text, "wSts" text, "availability" text, "statusVersion" integer,
             "crt" numeric, "rapCents" bigint, "amtCents" bigint, "seller" text, "shape" text, "color" text, "clarity" text)
    on conflict (${name(t.stoneId)}) do update
      set ${name(t.wSts)} = excluded.${name(t.wSts)}, ${name(t.availability)} = excluded.${name(t.availability)},
          ${name(t.statusVersion)} = excluded.${name(t.statusVersion)}, ${name(t.updatedAt)} = now(),
          ${name(t.crt)} = coalesce(excluded.${name(t.crt)}, ${t.crt}),
          ${name(t.rapCents)} = coalesce(excluded.${name(t.rapCents)}, ${t.rapCents}),
          ${name(t.amtCents)} = coalesce(excluded.${name(t.amtCents)}, ${t.amtCents}),
          ${name(t.seller)} = coalesce(excluded.${name(t.seller)}, ${t.seller}),
          ${name(t.shape)} = coalesce(excluded.${name(t.shape)}, ${t.shape}),
          ${name(t.color)} = coalesce(excluded.${name(t.color)}, ${t.color}),
          ${name(t.clarity)} = coalesce(excluded.${name(t.clarity)}, ${t.clarity})
      where ${t.statusVersion} < excluded.${name(t.statusVersion)}
         or (${t.statusVersion} = excluded.${name(t.statusVersion)} and excluded.${name(t.crt)} is not null)
    returning ${t.stoneId} as "stoneId"`,
  )
  return applied.map((r) => r.stoneId)
}

/** Which of these stones are in a lot still running (at most one each: `lots_one_unfinished`). */
export async function stonesInRunningLots(tx: Tx, stoneIds: readonly string[]): Promise<string[]> {
  if (!stoneIds.length) return []
  const rows = await query<{ stoneId: string }>(
    tx,
    sql`select ${lots.stoneId} as "stoneId" from ${lots}
         where ${lots.closedAt} is null and ${anyOf(lots.stoneId, stoneIds)}`,
  )
  return rows.map((r) => r.stoneId)
}

import { sql } from 'drizzle-orm'
import type { StoneStatusChanged } from '@diamond/contracts/events/stock'
import type { Tx } from '@diamond/runtime/db'
import { name, query } from '@diamond/runtime/statements'
import { stoneStatus } from './stones.schema'

/**
 * Keeps the newest status of a stone in bidding's projection; an older status arriving late changes
 * nothing. The facts of a stone put up for bid (carat, Rap, asking price, seller) are kept until
 * newer facts come. True when the status was taken. Written out over the table: the conflict update
 * and its condition (newer, or the same version bringing facts) are the statement.
 */
export async function keepStoneStatus(tx: Tx, s: StoneStatusChanged): Promise<boolean> {
  const f = s.facts ?? null
  const t = stoneStatus
  const applied = await query(
    tx,
    sql`
    insert into ${t} (${name(t.stoneId)}, ${name(t.vStnId)}, ${name(t.wSts)}, ${name(t.availability)}, ${name(t.statusVersion)},
                      ${name(t.crt)}, ${name(t.rapCents)}, ${name(t.amtCents)}, ${name(t.seller)},
                      ${name(t.shape)}, ${name(t.color)}, ${name(t.clarity)})
    values (${s.stoneId}, ${s.vStnId}, ${s.wSts}, ${s.availability}, ${s.statusVersion},
            ${f?.crt ?? null}, ${f?.rapCents ?? null}, ${f?.amtCents ?? null}, ${f?.seller ?? null},
            ${f?.shape ?? null}, ${f?.color ?? null}, ${f?.clarity ?? null})
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
    returning ${name(t.stoneId)}`,
  )
  return applied.length > 0
}

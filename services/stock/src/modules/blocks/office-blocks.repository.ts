import { sql } from 'drizzle-orm'
import type { Tx } from '@diamond/runtime/db'
import { anyOf, name, query } from '@diamond/runtime/statements'
import { NO_HOLD, STATUS, statusSet, type StatusRecord } from '../stones/stones.repository'
import { stones, type Stone } from '../stones/stones.schema'
import { blocks } from './blocks.schema'

/** What a refusal is decided from: the stone's status now, where it lies, and the appointment its office block is for. */
export type StoneFacts = Pick<Stone, 'id' | 'wSts' | 'location' | 'bidLotId'> & { appointmentId: string | null }

/** The stones' facts as the database has them now (stones that do not exist are absent). */
export async function stoneFacts(tx: Tx, ids: readonly string[]): Promise<StoneFacts[]> {
  return query<StoneFacts>(
    tx,
    sql`
    select ${stones.id} as "id", ${stones.wSts} as "wSts", ${stones.location} as "location", ${stones.bidLotId} as "bidLotId",
           (select ${blocks.appointmentId} from ${blocks} where ${blocks.stoneId} = ${stones.id} and ${blocks.appointmentId} is not null limit 1) as "appointmentId"
      from ${stones} where ${anyOf(stones.id, ids)}`,
  )
}

/**
 * An appointment moved: its office blocks end at the new slot's end. Only blocks still in force
 * (the stone still 'O') move; answers the stones moved.
 */
export async function moveOfficeBlocks(tx: Tx, appointmentId: string, until: Date): Promise<string[]> {
  const rows = await query<{ stoneId: string }>(
    tx,
    sql`
    update ${blocks} set ${name(blocks.expiresAt)} = ${until}::timestamptz
      from ${stones}
     where ${blocks.appointmentId} = ${appointmentId}::uuid and ${stones.id} = ${blocks.stoneId} and ${stones.wSts} = 'O'
    returning ${blocks.stoneId} as "stoneId"`,
  )
  return rows.map((r) => r.stoneId)
}

/** The tail of a release: stones whose office block `gone` deleted go back to stock, each with its new status. */
const backToStock = sql`
    update ${stones} set ${statusSet('A', 'N', 'A')}
      from gone g
     where ${stones.id} = g.stone_id and ${stones.wSts} = 'O'
    returning ${STATUS}, ${NO_HOLD}`

/** Gives back an appointment's office blocks (all, or only those of `stoneIds`); answers the stones given back. */
export async function releaseOfficeBlocks(
  tx: Tx,
  appointmentId: string,
  stoneIds: readonly string[] | null,
): Promise<StatusRecord[]> {
  return query<StatusRecord>(
    tx,
    sql`
    with gone as (
      delete from ${blocks}
       where ${blocks.appointmentId} = ${appointmentId}::uuid
         and (${stoneIds === null}::boolean or ${anyOf(blocks.stoneId, stoneIds ?? [])})
      returning ${blocks.stoneId}
    )
    ${backToStock}`,
  )
}

/** Office blocks past their end by the database clock go back to stock (at most `max`, skipping locked ones). */
export async function releaseExpiredOfficeBlocks(tx: Tx, max: number): Promise<StatusRecord[]> {
  return query<StatusRecord>(
    tx,
    sql`
    with gone as (
      delete from ${blocks}
       where ${blocks.id} in (
         select ${blocks.id} from ${blocks} where ${blocks.expiresAt} <= now() order by ${blocks.expiresAt} limit ${max} for update skip locked)
      returning ${blocks.stoneId}
    )
    ${backToStock}`,
  )
}

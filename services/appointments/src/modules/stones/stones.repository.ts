import { and, eq, inArray, sql } from 'drizzle-orm'
import { orm, type Tx } from '@diamond/runtime/db'
import { name, query } from '@diamond/runtime/statements'
import { appointmentStones } from '../bookings/bookings.schema'
import type { answerRows } from './stones.rules'

const s = appointmentStones

/**
 * Stock's answer for an appointment's version, written stone by stone in one statement; an answer for
 * an older version than the one a stone already has is ignored (answers of one appointment arrive in
 * order, and a reschedule asks again). A stone no longer on the appointment is left alone.
 */
export async function applyAnswer(
  tx: Tx,
  appointmentId: string,
  version: number,
  rows: ReturnType<typeof answerRows>,
): Promise<void> {
  if (!rows.length) return
  await query(
    tx,
    sql`
    update ${s} set ${name(s.blocked)} = x.blocked, ${name(s.reason)} = x.reason,
           ${name(s.location)} = coalesce(x.location, ${s.location}), ${name(s.answerVersion)} = ${version}::int
      from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as x(id uuid, blocked boolean, reason text, location text)
     where ${s.appointmentId} = ${appointmentId}::uuid and ${s.stoneId} = x.id
       and (${s.answerVersion} is null or ${s.answerVersion} <= ${version}::int)`,
  )
}

/** A moved appointment asks stock again: its stones are pending until the new answer comes. */
export async function askAgain(tx: Tx, appointmentId: string): Promise<void> {
  await orm(tx).update(s).set({ blocked: null, reason: null }).where(eq(s.appointmentId, appointmentId))
}

/**
 * Stones stock gave back by hand while they were held for the appointment: no longer blocked, and why.
 * A stone not blocked (pending, refused, already released) keeps what it has.
 */
export async function releasedByHand(tx: Tx, appointmentId: string, stoneIds: readonly string[]): Promise<void> {
  await orm(tx)
    .update(s)
    .set({ blocked: false, reason: 'released' })
    .where(and(eq(s.appointmentId, appointmentId), inArray(s.stoneId, [...stoneIds]), eq(s.blocked, true)))
}

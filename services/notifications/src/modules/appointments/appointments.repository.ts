import { and, eq, gt, isNull, lte, not, or, sql } from 'drizzle-orm'
import { orm, type Tx } from '@diamond/runtime/db'
import { REMINDER_BEFORE_MS, type ReminderFacts, type ReminderKind } from './appointments.rules'
import { appointmentReminders as r, type AppointmentReminder } from './appointments.schema'

/** A new appointment (booked): its reminders are due later. A redelivered or late booked event changes nothing. */
export async function insertAppointment(
  tx: Tx,
  a: { appointmentId: string; buyerId: string; startsAt: Date; endsAt: Date; version: number; facts: ReminderFacts },
): Promise<void> {
  await orm(tx).insert(r).values(a).onConflictDoNothing()
}

/** Moved: new times and facts, and both reminders due again for the new slot (only a newer version moves it). */
export async function moveAppointment(
  tx: Tx,
  a: { appointmentId: string; buyerId: string; startsAt: Date; endsAt: Date; version: number; facts: ReminderFacts },
): Promise<void> {
  await orm(tx)
    .insert(r)
    .values(a)
    .onConflictDoUpdate({
      target: r.appointmentId,
      set: {
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        version: a.version,
        facts: a.facts,
        daySentAt: null,
        hourSentAt: null,
      },
      setWhere: sql`${r.version} < ${a.version}`,
    })
}

export async function cancelAppointment(tx: Tx, appointmentId: string): Promise<void> {
  await orm(tx).update(r).set({ cancelled: true }).where(eq(r.appointmentId, appointmentId))
}

/** Appointments with a reminder perhaps due at `now`, locked for this sweep (another sweep skips them). */
export async function dueCandidates(tx: Tx, now: Date, max: number): Promise<AppointmentReminder[]> {
  return orm(tx)
    .select()
    .from(r)
    .where(
      and(
        not(r.cancelled),
        gt(r.startsAt, now),
        lte(r.startsAt, new Date(now.getTime() + REMINDER_BEFORE_MS.day)),
        or(isNull(r.daySentAt), isNull(r.hourSentAt)),
      ),
    )
    .orderBy(r.startsAt)
    .limit(max)
    .for('update', { skipLocked: true })
}

/** The reminder sent (the hour's also stands for the day's, which is then never sent). */
export async function markSent(tx: Tx, appointmentId: string, kind: ReminderKind, now: Date): Promise<void> {
  await orm(tx)
    .update(r)
    .set(kind === 'hour' ? { hourSentAt: now, daySentAt: sql`coalesce(${r.daySentAt}, ${now})` } : { daySentAt: now })
    .where(eq(r.appointmentId, appointmentId))
}

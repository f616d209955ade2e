import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import type { AppointmentStatus } from '@diamond/contracts/http/appointments'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { appointments as a } from '../bookings/bookings.schema'
import { records, type AppointmentRecord } from '../bookings/bookings.repository'
import { salesPersons } from '../offices/offices.schema'

type Client = Sql | Tx

/** The office's appointments starting in [fromMs, toMs), cancelled ones too, by start. */
export const calendarRecords = (
  client: Client,
  officeId: string,
  fromMs: number,
  toMs: number,
  only: { cabinId?: string; salesPersonId?: string | null },
): Promise<AppointmentRecord[]> =>
  records(
    client,
    and(
      eq(a.officeId, officeId),
      gte(a.startsAt, new Date(fromMs)),
      lt(a.startsAt, new Date(toMs)),
      only.cabinId ? eq(a.cabinId, only.cabinId) : undefined,
      only.salesPersonId ? eq(a.salesPersonId, only.salesPersonId) : undefined,
    ),
    [asc(a.startsAt), asc(a.id)],
  )

/** The caller's own sales-person row, if they are one (active or not: their past stays theirs). */
export async function salesPersonOfUser(
  client: Client,
  userId: string,
): Promise<{ id: string; officeId: string } | null> {
  const [row] = await orm(client)
    .select({ id: salesPersons.id, officeId: salesPersons.officeId })
    .from(salesPersons)
    .where(eq(salesPersons.userId, userId))
  return row ?? null
}

/** The office's active sales persons with their names, by name (the calendar's columns). */
export const salesPersonNames = (client: Client, officeId: string) =>
  orm(client)
    .select({ id: salesPersons.id, name: salesPersons.name })
    .from(salesPersons)
    .where(and(eq(salesPersons.officeId, officeId), eq(salesPersons.active, true)))
    .orderBy(asc(salesPersons.name))

export async function setStatus(tx: Tx, id: string, status: AppointmentStatus): Promise<void> {
  await orm(tx)
    .update(a)
    .set({ status, version: sql`${a.version} + 1`, updatedAt: sql`now()` })
    .where(eq(a.id, id))
}

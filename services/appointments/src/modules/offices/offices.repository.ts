import { and, asc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { appointments, notCancelled } from '../bookings/bookings.schema'
import type { Booking, OfficeCalendar, SalesPersonHours } from '../slots/slots.rules'
import { cabins } from './cabins.schema'
import { officeHolidays, offices, salesPersons, type Office } from './offices.schema'

type Client = Sql | Tx

/** Active offices in their list order (the demo's: India first). */
export const activeOffices = (client: Client): Promise<Office[]> =>
  orm(client).select().from(offices).where(eq(offices.active, true)).orderBy(asc(offices.position), asc(offices.name))

export async function officeById(client: Client, id: string): Promise<Office | null> {
  const [row] = await orm(client)
    .select()
    .from(offices)
    .where(and(eq(offices.id, id), eq(offices.active, true)))
  return row ?? null
}

/** An office, active or not (an appointment of an office since closed is still cancelled and announced). */
export async function officeRow(client: Client, id: string): Promise<Office | null> {
  const [row] = await orm(client).select().from(offices).where(eq(offices.id, id))
  return row ?? null
}

/** The office as the slot rules read it: zone, slot length, hours and holidays. */
export async function calendarOf(client: Client, office: Office): Promise<OfficeCalendar> {
  const days = await orm(client)
    .select({ day: sql<string>`${officeHolidays.day}::text` })
    .from(officeHolidays)
    .where(eq(officeHolidays.officeId, office.id))
  return {
    id: office.id,
    timeZone: office.timeZone,
    slotMinutes: office.slotMinutes,
    openingHours: office.openingHours,
    holidays: days.map((d) => d.day),
  }
}

/** The office's bookable cabins, by name. */
export const cabinsOf = (client: Client, officeId: string) =>
  orm(client)
    .select({ id: cabins.id, name: cabins.name, division: cabins.division })
    .from(cabins)
    .where(and(eq(cabins.officeId, officeId), eq(cabins.active, true), eq(cabins.isVirtual, false)))
    .orderBy(asc(cabins.name))

/** The office's active sales persons, by name. */
export const salesPersonsOf = (client: Client, officeId: string): Promise<SalesPersonHours[]> =>
  orm(client)
    .select({ id: salesPersons.id, workingHours: salesPersons.workingHours })
    .from(salesPersons)
    .where(and(eq(salesPersons.officeId, officeId), eq(salesPersons.active, true)))
    .orderBy(asc(salesPersons.name))

/**
 * Whether the office is still active, its row shared until the transaction ends: staff deactivating
 * it (who lock it for update first) wait for this booking, and count it; or this booking waits for
 * them and sees the office closed.
 */
export async function officeStillActive(tx: Tx, officeId: string): Promise<boolean> {
  const [row] = await orm(tx)
    .select({ active: offices.active })
    .from(offices)
    .where(eq(offices.id, officeId))
    .for('share')
  return row?.active === true
}

/**
 * The same for the cabin and sales person picked (read before their rows were shared): both still
 * active in this office, else the pick is made again.
 */
export async function pickStillActive(
  tx: Tx,
  officeId: string,
  picked: { cabinId: string | null; salesPersonId: string },
): Promise<boolean> {
  const [person] = await orm(tx)
    .select({ ok: sql<boolean>`${salesPersons.active} and ${salesPersons.officeId} = ${officeId}` })
    .from(salesPersons)
    .where(eq(salesPersons.id, picked.salesPersonId))
    .for('share')
  if (!person?.ok) return false
  if (!picked.cabinId) return true
  const [cabin] = await orm(tx)
    .select({ ok: sql<boolean>`${cabins.active} and ${cabins.officeId} = ${officeId}` })
    .from(cabins)
    .where(eq(cabins.id, picked.cabinId))
    .for('share')
  return cabin?.ok === true
}

/** The auth users of the office's active sales persons (those linked so far). */
export async function salesUserIdsOf(client: Client, officeId: string): Promise<string[]> {
  const rows = await orm(client)
    .select({ userId: salesPersons.userId })
    .from(salesPersons)
    .where(and(eq(salesPersons.officeId, officeId), eq(salesPersons.active, true), isNotNull(salesPersons.userId)))
  return rows.map((r) => r.userId!)
}

/** bookingsBetween's query (built, not run). */
export function bookingsBetweenQuery(client: Client, officeId: string, fromMs: number, toMs: number) {
  const a = appointments
  return orm(client)
    .select({ id: a.id, cabinId: a.cabinId, salesPersonId: a.salesPersonId, startsAt: a.startsAt, endsAt: a.endsAt })
    .from(a)
    .where(and(eq(a.officeId, officeId), notCancelled, lt(a.startsAt, new Date(toMs)), gt(a.endsAt, new Date(fromMs))))
}

/** The office's bookings not cancelled that overlap [fromMs, toMs), but `except` (an appointment being moved). */
export async function bookingsBetween(
  client: Client,
  officeId: string,
  fromMs: number,
  toMs: number,
  except?: string,
): Promise<Booking[]> {
  const rows = await bookingsBetweenQuery(client, officeId, fromMs, toMs)
  return rows
    .filter((r) => r.id !== except)
    .map((r) => ({
      cabinId: r.cabinId,
      salesPersonId: r.salesPersonId,
      startMs: r.startsAt.getTime(),
      endMs: r.endsAt.getTime(),
    }))
}

/**
 * A staff user's sales-person row gets their auth id the first time they call (demo staff are seeded
 * by username). Answers whether one is linked now (by this call or before).
 */
export async function linkSalesPerson(client: Client, userId: string, username: string): Promise<boolean> {
  await orm(client)
    .update(salesPersons)
    .set({ userId })
    .where(and(eq(salesPersons.username, username), sql`${salesPersons.userId} is null`))
  const [row] = await orm(client)
    .select({ userId: salesPersons.userId })
    .from(salesPersons)
    .where(and(eq(salesPersons.username, username), isNotNull(salesPersons.userId)))
  return !!row
}

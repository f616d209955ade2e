import { and, asc, count, eq, gt, ne, sql } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { appointments as a, notCancelled } from '../bookings/bookings.schema'
import { cabins, type Cabin } from '../offices/cabins.schema'
import { officeHolidays, offices, salesPersons, type Office, type SalesPerson } from '../offices/offices.schema'

type Client = Sql | Tx

export interface OfficeWhole {
  office: Office
  holidays: { day: string; name: string }[]
  cabins: Cabin[]
  salesPersons: SalesPerson[]
}

/** Offices (all, or one) with their holidays, cabins (virtual ones aside) and sales persons, in list order. */
export async function officesWhole(client: Client, officeId?: string): Promise<OfficeWhole[]> {
  const [list, days, rooms, people] = await Promise.all([
    orm(client)
      .select()
      .from(offices)
      .where(officeId ? eq(offices.id, officeId) : undefined)
      .orderBy(asc(offices.position), asc(offices.name)),
    orm(client)
      .select({
        officeId: officeHolidays.officeId,
        day: sql<string>`${officeHolidays.day}::text`,
        name: officeHolidays.name,
      })
      .from(officeHolidays)
      .where(officeId ? eq(officeHolidays.officeId, officeId) : undefined)
      .orderBy(asc(officeHolidays.day)),
    orm(client)
      .select()
      .from(cabins)
      .where(and(eq(cabins.isVirtual, false), officeId ? eq(cabins.officeId, officeId) : undefined))
      .orderBy(asc(cabins.name)),
    orm(client)
      .select()
      .from(salesPersons)
      .where(officeId ? eq(salesPersons.officeId, officeId) : undefined)
      .orderBy(asc(salesPersons.name)),
  ])
  return list.map((office) => ({
    office,
    holidays: days.filter((d) => d.officeId === office.id).map(({ day, name }) => ({ day, name })),
    cabins: rooms.filter((c) => c.officeId === office.id),
    salesPersons: people.filter((p) => p.officeId === office.id),
  }))
}

export const officeByCode = async (client: Client, code: string) =>
  (await orm(client).select({ id: offices.id }).from(offices).where(eq(offices.code, code)))[0] ?? null

export async function insertOffice(tx: Tx, row: typeof offices.$inferInsert): Promise<string> {
  const [r] = await orm(tx).insert(offices).values(row).returning({ id: offices.id })
  return r!.id
}

export async function updateOffice(tx: Tx, id: string, set: Partial<typeof offices.$inferInsert>): Promise<void> {
  await orm(tx).update(offices).set(set).where(eq(offices.id, id))
}

export async function saveHoliday(tx: Tx, officeId: string, day: string, name: string): Promise<void> {
  await orm(tx)
    .insert(officeHolidays)
    .values({ officeId, day, name })
    .onConflictDoUpdate({ target: [officeHolidays.officeId, officeHolidays.day], set: { name } })
}

/** False when the office had no holiday that day. */
export async function deleteHoliday(tx: Tx, officeId: string, day: string): Promise<boolean> {
  const rows = await orm(tx)
    .delete(officeHolidays)
    .where(and(eq(officeHolidays.officeId, officeId), eq(officeHolidays.day, day)))
    .returning({ day: officeHolidays.day })
  return rows.length > 0
}

export const officeForUpdate = async (tx: Tx, id: string): Promise<Office | null> =>
  (await orm(tx).select().from(offices).where(eq(offices.id, id)).for('update'))[0] ?? null

export const cabinById = async (client: Client, id: string): Promise<Cabin | null> =>
  (
    await orm(client)
      .select()
      .from(cabins)
      .where(and(eq(cabins.id, id), eq(cabins.isVirtual, false)))
      .for('update')
  )[0] ?? null

export const cabinNamed = async (client: Client, officeId: string, name: string, except?: string) =>
  (
    await orm(client)
      .select({ id: cabins.id })
      .from(cabins)
      .where(and(eq(cabins.officeId, officeId), eq(cabins.name, name), except ? ne(cabins.id, except) : undefined))
  ).length > 0

export async function insertCabin(tx: Tx, row: typeof cabins.$inferInsert): Promise<void> {
  await orm(tx).insert(cabins).values(row)
}

export async function updateCabin(tx: Tx, id: string, set: Partial<typeof cabins.$inferInsert>): Promise<void> {
  await orm(tx).update(cabins).set(set).where(eq(cabins.id, id))
}

export const salesPersonById = async (client: Client, id: string): Promise<SalesPerson | null> =>
  (await orm(client).select().from(salesPersons).where(eq(salesPersons.id, id)).for('update'))[0] ?? null

export const usernameTaken = async (client: Client, username: string) =>
  (await orm(client).select({ id: salesPersons.id }).from(salesPersons).where(eq(salesPersons.username, username)))
    .length > 0

export async function insertSalesPerson(tx: Tx, row: typeof salesPersons.$inferInsert): Promise<void> {
  await orm(tx).insert(salesPersons).values(row)
}

export async function updateSalesPerson(
  tx: Tx,
  id: string,
  set: Partial<typeof salesPersons.$inferInsert>,
): Promise<void> {
  await orm(tx).update(salesPersons).set(set).where(eq(salesPersons.id, id))
}

/** Appointments not cancelled that have not ended, of a cabin, a sales person or an office. */
export async function bookingsToCome(
  client: Client,
  of: { cabinId?: string; salesPersonId?: string; officeId?: string },
): Promise<number> {
  const [r] = await orm(client)
    .select({ n: count() })
    .from(a)
    .where(
      and(
        notCancelled,
        gt(a.endsAt, sql`now()`),
        of.cabinId ? eq(a.cabinId, of.cabinId) : undefined,
        of.salesPersonId ? eq(a.salesPersonId, of.salesPersonId) : undefined,
        of.officeId ? eq(a.officeId, of.officeId) : undefined,
      ),
    )
  return r?.n ?? 0
}

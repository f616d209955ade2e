import { and, asc, count, eq, sql } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { companies } from '../users/users.schema'
import { facilities, type FacilityFields, type FacilityRow } from './facilities.schema'

type Db = Sql | Tx

const byName = [asc(sql`lower(${facilities.name})`), asc(facilities.id)]

/** A page of the company's facilities by name, with the total. */
export async function facilityPage(
  client: Db,
  companyId: string,
  page: number,
  limit: number,
): Promise<{ rows: FacilityRow[]; count: number }> {
  const db = orm(client)
  const mine = eq(facilities.companyId, companyId)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(facilities)
      .where(mine)
      .orderBy(...byName)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(facilities).where(mine),
  ])
  return { rows, count: total!.n }
}

/** The company's public facilities by name (at most 20 exist), for its member profile. */
export async function publicFacilities(client: Db, companyId: string): Promise<FacilityRow[]> {
  return orm(client)
    .select()
    .from(facilities)
    .where(and(eq(facilities.companyId, companyId), eq(facilities.isPublic, true)))
    .orderBy(...byName)
}

/** Locks the company's row: saves and deletes of one company's facilities take turns (the limit is counted under it). */
export async function lockCompany(tx: Tx, companyId: string): Promise<void> {
  await orm(tx).select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update')
}

export async function countFacilities(tx: Tx, companyId: string): Promise<number> {
  const [row] = await orm(tx).select({ n: count() }).from(facilities).where(eq(facilities.companyId, companyId))
  return row!.n
}

export async function insertFacility(tx: Tx, companyId: string, f: FacilityFields): Promise<FacilityRow> {
  const [row] = await orm(tx)
    .insert(facilities)
    .values({ ...f, companyId })
    .returning()
  return row!
}

/** Replaces the company's facility; null when the company has no such facility. */
export async function updateFacility(
  tx: Tx,
  companyId: string,
  id: string,
  f: FacilityFields,
): Promise<FacilityRow | null> {
  const [row] = await orm(tx)
    .update(facilities)
    .set({ ...f, updatedAt: sql`now()` })
    .where(and(eq(facilities.id, id), eq(facilities.companyId, companyId)))
    .returning()
  return row ?? null
}

/** Deletes the company's facility; false when the company has no such facility. */
export async function deleteFacility(tx: Tx, companyId: string, id: string): Promise<boolean> {
  const rows = await orm(tx)
    .delete(facilities)
    .where(and(eq(facilities.id, id), eq(facilities.companyId, companyId)))
    .returning({ id: facilities.id })
  return rows.length > 0
}

import { and, count, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { addresses } from './profile.schema'

type Db = Sql | Tx

const { userId: _userId, createdAt: _createdAt, ...ADDRESS } = getTableColumns(addresses)
/** An address as the address book shows it. */
export type AddressRow = Omit<typeof addresses.$inferSelect, 'userId' | 'createdAt'>
export type AddressFields = Omit<AddressRow, 'id' | 'isDefault'>

/** The default first, then the newest. */
const bookOrder = [desc(addresses.isDefault), desc(addresses.createdAt), addresses.id]

export async function addressesOf(client: Db, userId: string): Promise<AddressRow[]> {
  return orm(client)
    .select(ADDRESS)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(...bookOrder)
}

export async function addressPage(
  client: Db,
  userId: string,
  page: number,
  limit: number,
): Promise<{ rows: AddressRow[]; count: number }> {
  const db = orm(client)
  const [rows, [total]] = await Promise.all([
    db
      .select(ADDRESS)
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(...bookOrder)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId)),
  ])
  return { rows, count: total!.n }
}

/** One of the user's own addresses; someone else's is simply not there. */
export async function ownAddress(tx: Tx, userId: string, id: string): Promise<AddressRow | null> {
  const [row] = await orm(tx)
    .select(ADDRESS)
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
  return row ?? null
}

export async function countAddresses(tx: Tx, userId: string): Promise<number> {
  return orm(tx).$count(addresses, eq(addresses.userId, userId))
}

/** Clears the default flag first: the unique index allows one default per user at any moment. */
export async function clearDefault(tx: Tx, userId: string): Promise<void> {
  await orm(tx)
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
}

export async function insertAddress(tx: Tx, userId: string, a: AddressFields, isDefault: boolean): Promise<AddressRow> {
  const [row] = await orm(tx)
    .insert(addresses)
    .values({ ...a, userId, isDefault })
    .returning(ADDRESS)
  return row!
}

export async function updateAddress(tx: Tx, id: string, a: AddressFields, isDefault: boolean): Promise<AddressRow> {
  const [row] = await orm(tx)
    .update(addresses)
    .set({ ...a, isDefault })
    .where(eq(addresses.id, id))
    .returning(ADDRESS)
  return row!
}

/** Deletes one of the user's addresses; answers whether it was the default, or null if not theirs. */
export async function deleteAddress(tx: Tx, userId: string, id: string): Promise<{ wasDefault: boolean } | null> {
  const [row] = await orm(tx)
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ wasDefault: addresses.isDefault })
  return row ?? null
}

/** Makes the user's newest address (other than `except`) the default. */
export async function promoteNewest(tx: Tx, userId: string, except: string | null): Promise<void> {
  const db = orm(tx)
  const newest = db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), except === null ? undefined : ne(addresses.id, except)))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1)
  await db
    .update(addresses)
    .set({ isDefault: true })
    .where(eq(addresses.id, sql`(${newest})`))
}

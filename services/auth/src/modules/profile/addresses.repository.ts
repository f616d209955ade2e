import type { Sql, Tx } from '@diamond/runtime/db'

type Db = Sql | Tx

export interface AddressRow {
  id: string
  type: string
  street: string
  line1: string
  line2: string
  line3: string
  city: string
  state: string
  country: string
  pin_code: string
  is_default: boolean
}

export type AddressFields = Omit<AddressRow, 'id' | 'is_default'>

const COLUMNS = (sql: Db) => sql`id, type, street, line1, line2, line3, city, state, country, pin_code, is_default`

/** The default first, then the newest. */
export async function addressesOf(sql: Db, userId: string): Promise<AddressRow[]> {
  return sql<AddressRow[]>`
    select ${COLUMNS(sql)} from auth.addresses where user_id = ${userId} order by is_default desc, created_at desc, id`
}

export async function addressPage(
  sql: Db,
  userId: string,
  page: number,
  limit: number,
): Promise<{ rows: AddressRow[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    sql<AddressRow[]>`
      select ${COLUMNS(sql)} from auth.addresses where user_id = ${userId}
       order by is_default desc, created_at desc, id limit ${limit} offset ${(page - 1) * limit}`,
    sql<[{ n: number }]>`select count(*)::int as n from auth.addresses where user_id = ${userId}`,
  ])
  return { rows, count: total!.n }
}

/** One of the user's own addresses; someone else's is simply not there. */
export async function ownAddress(tx: Tx, userId: string, id: string): Promise<AddressRow | null> {
  const rows = await tx<
    AddressRow[]
  >`select ${COLUMNS(tx)} from auth.addresses where id = ${id} and user_id = ${userId}`
  return rows[0] ?? null
}

export async function countAddresses(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx<[{ n: number }]>`select count(*)::int as n from auth.addresses where user_id = ${userId}`
  return row.n
}

/** Clears the default flag first: the unique index allows one default per user at any moment. */
export async function clearDefault(tx: Tx, userId: string): Promise<void> {
  await tx`update auth.addresses set is_default = false where user_id = ${userId} and is_default`
}

export async function insertAddress(tx: Tx, userId: string, a: AddressFields, isDefault: boolean): Promise<AddressRow> {
  const [row] = await tx<[AddressRow]>`
    insert into auth.addresses ${tx({ user_id: userId, ...a, is_default: isDefault })} returning ${COLUMNS(tx)}`
  return row
}

export async function updateAddress(tx: Tx, id: string, a: AddressFields, isDefault: boolean): Promise<AddressRow> {
  const [row] = await tx<[AddressRow]>`
    update auth.addresses set ${tx({ ...a, is_default: isDefault })} where id = ${id} returning ${COLUMNS(tx)}`
  return row
}

/** Deletes one of the user's addresses; answers whether it was the default, or null if not theirs. */
export async function deleteAddress(tx: Tx, userId: string, id: string): Promise<{ was_default: boolean } | null> {
  const rows = await tx<{ was_default: boolean }[]>`
    delete from auth.addresses where id = ${id} and user_id = ${userId} returning is_default as was_default`
  return rows[0] ?? null
}

/** Makes the user's newest address (other than `except`) the default. */
export async function promoteNewest(tx: Tx, userId: string, except: string | null): Promise<void> {
  await tx`
    update auth.addresses set is_default = true
     where id = (select id from auth.addresses where user_id = ${userId} and id is distinct from ${except}
                  order by created_at desc, id desc limit 1)`
}

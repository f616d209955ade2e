import type { StoneFilter } from '@diamond/contracts/http/stock'
import type { Sql, Tx } from '@diamond/runtime/db'

export interface SearchRecord {
  id: string
  user_id: string
  search_type: number
  title: string
  filter: StoneFilter
  created_at: Date
  updated_at: Date
}

export async function listSearches(sql: Sql, userId: string, type: number, limit: number, offset: number) {
  const [rows, [counted]] = await Promise.all([
    sql<SearchRecord[]>`
      select * from stock.searches where user_id = ${userId} and search_type = ${type}
       order by updated_at desc, id limit ${limit} offset ${offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from stock.searches where user_id = ${userId} and search_type = ${type}`,
  ])
  return { rows, count: counted?.n ?? 0 }
}

/** One of the user's searches; someone else's is as absent as a missing one. */
export async function findSearch(sql: Sql | Tx, userId: string, id: string): Promise<SearchRecord | null> {
  const [row] = await sql<SearchRecord[]>`select * from stock.searches where id = ${id} and user_id = ${userId}`
  return row ?? null
}

export async function countSearches(tx: Tx, userId: string, type: number): Promise<number> {
  const [row] = await tx<{ n: number }[]>`select count(*)::int as n from stock.searches where user_id = ${userId} and search_type = ${type}`
  return row?.n ?? 0
}

export async function insertSaved(tx: Tx, userId: string, title: string, filter: StoneFilter, key: string): Promise<SearchRecord> {
  const [row] = await tx<SearchRecord[]>`
    insert into stock.searches (user_id, search_type, title, filter, filter_key)
    values (${userId}, 1, ${title}, ${tx.json(filter as never)}, ${key}) returning *`
  return row!
}

export async function updateSaved(tx: Tx, userId: string, id: string, title: string | undefined, filter: StoneFilter, key: string): Promise<SearchRecord | null> {
  const [row] = await tx<SearchRecord[]>`
    update stock.searches
       set title = coalesce(${title ?? null}, title), filter = ${tx.json(filter as never)}, filter_key = ${key}, updated_at = now()
     where id = ${id} and user_id = ${userId} and search_type = 1
    returning *`
  return row ?? null
}

/** A recent search: the same filter again moves the existing one to the top. */
export async function upsertRecent(tx: Tx, userId: string, title: string, filter: StoneFilter, key: string): Promise<SearchRecord> {
  const [row] = await tx<SearchRecord[]>`
    insert into stock.searches (user_id, search_type, title, filter, filter_key)
    values (${userId}, 2, ${title}, ${tx.json(filter as never)}, ${key})
    on conflict (user_id, filter_key) where search_type = 2
    do update set updated_at = now(), title = excluded.title
    returning *`
  return row!
}

/** Keeps the newest `keep` recent searches of a user. */
export async function trimRecent(tx: Tx, userId: string, keep: number): Promise<void> {
  await tx`
    delete from stock.searches
     where user_id = ${userId} and search_type = 2
       and id not in (select id from stock.searches where user_id = ${userId} and search_type = 2 order by updated_at desc, id limit ${keep})`
}

export async function deleteSearch(sql: Sql, userId: string, id: string): Promise<boolean> {
  const rows = await sql`delete from stock.searches where id = ${id} and user_id = ${userId} returning id`
  return rows.length > 0
}

export async function latestRecentFilter(sql: Sql, userId: string): Promise<StoneFilter | null> {
  const [row] = await sql<{ filter: StoneFilter }[]>`
    select filter from stock.searches where user_id = ${userId} and search_type = 2 order by updated_at desc limit 1`
  return row?.filter ?? null
}

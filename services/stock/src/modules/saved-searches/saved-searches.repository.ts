import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import { SEARCH_TYPES } from '@diamond/contracts/http/stock.values'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { fields, name, query } from '@diamond/runtime/statements'
import { searches, type Search } from './saved-searches.schema'

const ofUser = (userId: string, type: number) => and(eq(searches.userId, userId), eq(searches.searchType, type))
/**
 * The searches a user sees in a list: browsing the whole stock (an empty filter, kept only so its
 * result page opens) is no recent search, and no suggestion may start from it.
 */
const listed = (userId: string, type: number) =>
  type === SEARCH_TYPES.recent
    ? and(ofUser(userId, type), ne(searches.filterKey, EMPTY_FILTER_KEY))
    : ofUser(userId, type)
const EMPTY_FILTER_KEY = '{}'

/** One user's searches change one at a time (the limits count them first). */
export async function lockSearchesOf(tx: Tx, userId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext(${'searches:' + userId}))`
}

export async function listSearches(client: Sql, userId: string, type: number, limit: number, offset: number) {
  const db = orm(client)
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(searches)
      .where(listed(userId, type))
      .orderBy(desc(searches.updatedAt), searches.id)
      .limit(limit)
      .offset(offset),
    db.$count(searches, listed(userId, type)),
  ])
  return { rows, count }
}

/** One of the user's searches; someone else's is as absent as a missing one. */
export async function findSearch(client: Sql | Tx, userId: string, id: string): Promise<Search | null> {
  const [row] = await orm(client)
    .select()
    .from(searches)
    .where(and(eq(searches.id, id), eq(searches.userId, userId)))
  return row ?? null
}

export async function countSearches(tx: Tx, userId: string, type: number): Promise<number> {
  return orm(tx).$count(searches, ofUser(userId, type))
}

export async function insertSaved(
  tx: Tx,
  userId: string,
  title: string,
  filter: StoneFilter,
  key: string,
): Promise<Search> {
  const [row] = await orm(tx)
    .insert(searches)
    .values({ userId, searchType: SEARCH_TYPES.saved, title, filter, filterKey: key })
    .returning()
  return row!
}

export async function updateSaved(
  tx: Tx,
  userId: string,
  id: string,
  title: string | undefined,
  filter: StoneFilter,
  key: string,
): Promise<Search | null> {
  const [row] = await orm(tx)
    .update(searches)
    .set({ title, filter, filterKey: key, updatedAt: sql`now()` })
    .where(and(eq(searches.id, id), eq(searches.userId, userId), eq(searches.searchType, SEARCH_TYPES.saved)))
    .returning()
  return row ?? null
}

/**
 * A recent search: the same filter again moves the existing one to the top. Written out: the
 * conflict target is the partial unique index of recent searches, named by its predicate.
 */
export async function upsertRecent(
  tx: Tx,
  userId: string,
  title: string,
  filter: StoneFilter,
  key: string,
): Promise<Search> {
  const [row] = await query<Search>(
    tx,
    sql`
    insert into ${searches} (${name(searches.userId)}, ${name(searches.searchType)}, ${name(searches.title)}, ${name(searches.filter)}, ${name(searches.filterKey)})
    values (${userId}, 2, ${title}, ${sql.param(filter, searches.filter)}, ${key})
    on conflict (${name(searches.userId)}, ${name(searches.filterKey)}) where ${name(searches.searchType)} = 2
    do update set ${name(searches.updatedAt)} = now(), ${name(searches.title)} = excluded.${name(searches.title)}
    returning ${fields(searches)}`,
  )
  return row!
}

/** Keeps the newest `keep` recent searches of a user. */
export async function trimRecent(tx: Tx, userId: string, keep: number): Promise<void> {
  const db = orm(tx)
  const newest = db
    .select({ id: searches.id })
    .from(searches)
    .where(ofUser(userId, SEARCH_TYPES.recent))
    .orderBy(desc(searches.updatedAt), searches.id)
    .limit(keep)
  await db.delete(searches).where(and(ofUser(userId, SEARCH_TYPES.recent), notInArray(searches.id, newest)))
}

export async function deleteSearch(client: Sql, userId: string, id: string): Promise<boolean> {
  const rows = await orm(client)
    .delete(searches)
    .where(and(eq(searches.id, id), eq(searches.userId, userId)))
    .returning({ id: searches.id })
  return rows.length > 0
}

export async function latestRecentFilter(client: Sql, userId: string): Promise<StoneFilter | null> {
  const [row] = await orm(client)
    .select({ filter: searches.filter })
    .from(searches)
    .where(listed(userId, SEARCH_TYPES.recent))
    .orderBy(desc(searches.updatedAt))
    .limit(1)
  return row?.filter ?? null
}

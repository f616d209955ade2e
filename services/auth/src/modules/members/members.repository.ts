import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf } from '@diamond/runtime/statements'
import { addresses } from '../profile/profile.schema'
import { companies, users, type Company } from '../users/users.schema'
import { follows, orderSellers, ratings, type OrderSeller } from './members.schema'

type Db = Sql | Tx

/** What the directory's card shows of a company. */
const CARD = {
  id: companies.id,
  name: companies.name,
  code: companies.code,
  type: companies.type,
  country: companies.country,
  city: companies.city,
  dealsIn: companies.dealsIn,
  logoFileId: companies.logoFileId,
  isPublic: companies.isPublic,
  followerCount: companies.followerCount,
  ratingCount: companies.ratingCount,
  ratingSum: companies.ratingSum,
}
export type CardRow = Pick<Company, keyof typeof CARD> & { following: boolean }

/** Whether the user follows the company of the row (an index probe on the follows' primary key). */
const followedBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${follows} where ${follows.userId} = ${userId} and ${follows.companyId} = ${companies.id})`

export interface DirectoryQuery {
  /** `%text%`, lower case, wildcards escaped (members.rules containsPattern). */
  pattern: string | null
  country: string | null
  businessType: string | null
}

/**
 * Shown companies, written as the bare column: the directory's indexes are partial (`where is_public`,
 * migration 0008), and `is_public = $1` would let a prepared statement's generic plan, which cannot
 * know $1 is true, pass them by for a scan and a sort (page 100: 8.9 ms through the call, 4.5 ms with
 * the index).
 */
const shown = sql`${companies.isPublic}`

/**
 * The directory's filter: shown companies only; the search over name, city, country, business type and
 * deals-in; country and type compared in lower case (the partial indexes of migration 0008).
 */
export function directoryWhere(q: DirectoryQuery): SQL {
  const conditions: SQL[] = [shown]
  if (q.pattern) conditions.push(sql`${companies.searchText} like ${q.pattern}`)
  if (q.country) conditions.push(sql`lower(${companies.country}) = ${q.country}`)
  if (q.businessType) conditions.push(sql`lower(${companies.type}) = ${q.businessType}`)
  return and(...conditions)!
}

/** The directory's two statements: a page by name and its total (built, not run). */
export function directoryStatements(client: Db, userId: string, q: DirectoryQuery, page: number, limit: number) {
  const db = orm(client)
  const where = directoryWhere(q)
  return {
    page: db
      .select({ ...CARD, following: followedBy(userId) })
      .from(companies)
      .where(where)
      .orderBy(sql`lower(${companies.name})`, asc(companies.id))
      .limit(limit)
      .offset((page - 1) * limit),
    total: db.select({ n: count() }).from(companies).where(where),
  }
}

/** A page of the directory by name, with its total. */
export async function directoryPage(
  client: Db,
  userId: string,
  q: DirectoryQuery,
  page: number,
  limit: number,
): Promise<{ rows: CardRow[]; count: number }> {
  const statements = directoryStatements(client, userId, q, page, limit)
  const [rows, [total]] = await Promise.all([statements.page, statements.total])
  return { rows, count: total!.n }
}

const PROFILE = {
  ...CARD,
  description: companies.description,
  foundedYear: companies.foundedYear,
  size: companies.size,
  website: companies.website,
  coverFileId: companies.coverFileId,
  headquarters: companies.headquarters,
  socialLinks: companies.socialLinks,
  manufacturing: companies.manufacturing,
  locations: companies.locations,
  showContacts: companies.showContacts,
}
export type ProfileRow = Pick<Company, keyof typeof PROFILE> & { following: boolean }

export async function companyProfile(client: Db, userId: string, id: string): Promise<ProfileRow | null> {
  const [row] = await orm(client)
    .select({ ...PROFILE, following: followedBy(userId) })
    .from(companies)
    .where(eq(companies.id, id))
  return row ?? null
}

/** At most this many members are listed on a company's profile. */
export const MEMBERS_SHOWN = 50

/** A company's active, approved members with the country of their default address. */
export async function companyMembers(client: Db, companyId: string) {
  return orm(client)
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      designation: users.designation,
      email: users.email,
      mobile: users.mobile,
      country: sql<string | null>`${addresses.country}`,
    })
    .from(users)
    .leftJoin(addresses, and(eq(addresses.userId, users.id), eq(addresses.isDefault, true)))
    .where(and(eq(users.companyId, companyId), eq(users.active, true), eq(users.approvalStatus, 2)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(MEMBERS_SHOWN)
}

/** The company's id and whether it is shown, locked while a follow or rating changes its counts. */
export async function lockCompany(tx: Tx, id: string): Promise<{ id: string; isPublic: boolean; name: string } | null> {
  const [row] = await orm(tx)
    .select({ id: companies.id, isPublic: companies.isPublic, name: companies.name })
    .from(companies)
    .where(eq(companies.id, id))
    .for('update')
  return row ?? null
}

export async function findCompanyVisibility(client: Db, id: string): Promise<{ id: string; isPublic: boolean } | null> {
  const [row] = await orm(client)
    .select({ id: companies.id, isPublic: companies.isPublic })
    .from(companies)
    .where(eq(companies.id, id))
  return row ?? null
}

/** Who follows the company. */
export async function followerIds(tx: Tx, companyId: string): Promise<string[]> {
  const rows = await orm(tx).select({ userId: follows.userId }).from(follows).where(eq(follows.companyId, companyId))
  return rows.map((r) => r.userId)
}

/** Adds the follow; true when it is new (a second follow changes nothing). */
export async function insertFollow(tx: Tx, userId: string, companyId: string): Promise<boolean> {
  const rows = await orm(tx)
    .insert(follows)
    .values({ userId, companyId })
    .onConflictDoNothing()
    .returning({ userId: follows.userId })
  return rows.length > 0
}

export async function deleteFollow(tx: Tx, userId: string, companyId: string): Promise<boolean> {
  const rows = await orm(tx)
    .delete(follows)
    .where(and(eq(follows.userId, userId), eq(follows.companyId, companyId)))
    .returning({ userId: follows.userId })
  return rows.length > 0
}

/** Moves the follower count by `by`; answers the new count. */
export async function addFollowers(tx: Tx, companyId: string, by: 1 | -1): Promise<number> {
  const [row] = await orm(tx)
    .update(companies)
    .set({ followerCount: sql`greatest(0, ${companies.followerCount} + ${by})` })
    .where(eq(companies.id, companyId))
    .returning({ n: companies.followerCount })
  return row!.n
}

export async function followerCount(client: Db, companyId: string): Promise<number> {
  const [row] = await orm(client)
    .select({ n: companies.followerCount })
    .from(companies)
    .where(eq(companies.id, companyId))
  return row?.n ?? 0
}

/** Who follows the company, newest first, with their own company (its id only when it is shown). */
export async function followersPage(client: Db, companyId: string, page: number, limit: number) {
  const db = orm(client)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        companyId: sql<string | null>`case when ${companies.isPublic} then ${companies.id} end`,
        companyName: users.companyName,
        since: follows.createdAt,
      })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(follows.companyId, companyId))
      .orderBy(desc(follows.createdAt), asc(follows.userId))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(follows).where(eq(follows.companyId, companyId)),
  ])
  return { rows, count: total!.n }
}

/**
 * The companies the user follows, newest follow first: hidden ones too (`isPublic` false), so that
 * the follower can still see and end a follow of a company that has hidden itself since.
 */
export async function followingPage(client: Db, userId: string, page: number, limit: number) {
  const db = orm(client)
  const where = eq(follows.userId, userId)
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...CARD, following: sql<boolean>`true`, since: follows.createdAt })
      .from(follows)
      .innerJoin(companies, eq(companies.id, follows.companyId))
      .where(where)
      .orderBy(desc(follows.createdAt), asc(companies.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(follows).innerJoin(companies, eq(companies.id, follows.companyId)).where(where),
  ])
  return { rows, count: total!.n }
}

/* ------------------------------------------------------------------------------ orders and ratings */

/** An order's sellers as stock told (a redelivered event adds nothing). */
export async function recordOrder(
  tx: Tx,
  rows: Pick<OrderSeller, 'orderId' | 'companyId' | 'buyerId' | 'orderNo'>[],
): Promise<void> {
  if (rows.length) await orm(tx).insert(orderSellers).values(rows).onConflictDoNothing()
}

/** The order was delivered: its sellers may now be rated. */
export async function markDelivered(tx: Tx, orderId: string): Promise<void> {
  await orm(tx)
    .update(orderSellers)
    .set({ deliveredAt: sql`now()` })
    .where(and(eq(orderSellers.orderId, orderId), isNull(orderSellers.deliveredAt)))
}

/** The caller's rows of an order (none when it is not theirs). */
export async function buyerOrder(client: Db, buyerId: string, orderId: string) {
  return orm(client)
    .select({ companyId: orderSellers.companyId, deliveredAt: orderSellers.deliveredAt })
    .from(orderSellers)
    .where(and(eq(orderSellers.orderId, orderId), eq(orderSellers.buyerId, buyerId)))
}

/** Stores the rating; false when this order's seller was rated already (the primary key decides). */
export async function insertRating(
  tx: Tx,
  r: { orderId: string; companyId: string; raterId: string; score: number; comment: string },
): Promise<boolean> {
  const rows = await orm(tx).insert(ratings).values(r).onConflictDoNothing().returning({ orderId: ratings.orderId })
  return rows.length > 0
}

export async function addRating(tx: Tx, companyId: string, score: number): Promise<{ sum: number; count: number }> {
  const [row] = await orm(tx)
    .update(companies)
    .set({ ratingCount: sql`${companies.ratingCount} + 1`, ratingSum: sql`${companies.ratingSum} + ${score}` })
    .where(eq(companies.id, companyId))
    .returning({ sum: companies.ratingSum, count: companies.ratingCount })
  return row!
}

export async function ratingOf(client: Db, companyId: string): Promise<{ sum: number; count: number }> {
  const [row] = await orm(client)
    .select({ sum: companies.ratingSum, count: companies.ratingCount })
    .from(companies)
    .where(eq(companies.id, companyId))
  return row ?? { sum: 0, count: 0 }
}

/** A company's reviews, newest first, with the rater's first name and company (blank when that company is hidden). */
export async function reviewsPage(client: Db, companyId: string, page: number, limit: number) {
  const db = orm(client)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        score: ratings.score,
        comment: ratings.comment,
        firstName: users.firstName,
        // A hidden company's name stays hidden here too (it would tell whom it buys from).
        companyName: sql<string>`case when ${companies.isPublic} is false then '' else ${users.companyName} end`,
        createdAt: ratings.createdAt,
      })
      .from(ratings)
      .innerJoin(users, eq(users.id, ratings.raterId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(ratings.companyId, companyId))
      .orderBy(desc(ratings.createdAt), asc(ratings.orderId))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(ratings).where(eq(ratings.companyId, companyId)),
  ])
  return { rows, count: total!.n }
}

/** The sellers of the caller's delivered orders among `orderIds`, and the caller's score of each if given. */
export async function rateable(client: Db, buyerId: string, orderIds: readonly string[]) {
  if (!orderIds.length) return []
  return orm(client)
    .select({
      orderId: orderSellers.orderId,
      companyId: orderSellers.companyId,
      companyName: companies.name,
      score: ratings.score,
    })
    .from(orderSellers)
    .innerJoin(companies, eq(companies.id, orderSellers.companyId))
    .leftJoin(ratings, and(eq(ratings.orderId, orderSellers.orderId), eq(ratings.companyId, orderSellers.companyId)))
    .where(
      and(
        eq(orderSellers.buyerId, buyerId),
        anyOf(orderSellers.orderId, orderIds),
        isNotNull(orderSellers.deliveredAt),
      ),
    )
    .orderBy(asc(orderSellers.orderId), asc(companies.name))
}

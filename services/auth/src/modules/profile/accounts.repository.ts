import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import { companyKey } from '@diamond/contracts/companies'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { query } from '@diamond/runtime/statements'
import { companies, users, type Company, type User } from '../users/users.schema'

type Db = Sql | Tx

const ACCOUNT = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  mobile: users.mobile,
  telephone: users.telephone,
  whatsapp: users.whatsapp,
  skype: users.skype,
  birthDate: users.birthDate,
  anniversaryDate: users.anniversaryDate,
  designation: users.designation,
  userType: users.userType,
  approvalStatus: users.approvalStatus,
  active: users.active,
  emailVerified: users.emailVerified,
  stkNotiDt: users.stkNotiDt,
  stkNoti: users.stkNoti,
  isStkNoti: users.isStkNoti,
  isPlaceOrder: users.isPlaceOrder,
  isNoPrice: users.isNoPrice,
  permissions: users.permissions,
  companyId: users.companyId,
  locale: users.locale,
}

/** A user as the account pages and user management need it. Dates are 'YYYY-MM-DD' text. */
export type AccountRow = Pick<User, keyof typeof ACCOUNT>

const COMPANY = {
  id: companies.id,
  name: companies.name,
  code: companies.code,
  type: companies.type,
  description: companies.description,
  foundedYear: companies.foundedYear,
  size: companies.size,
  website: companies.website,
  isPublic: companies.isPublic,
  logoFileId: companies.logoFileId,
  coverFileId: companies.coverFileId,
  headquarters: companies.headquarters,
  country: companies.country,
  city: companies.city,
  dealsIn: companies.dealsIn,
  socialLinks: companies.socialLinks,
  manufacturing: companies.manufacturing,
  locations: companies.locations,
  showContacts: companies.showContacts,
}
export type CompanyRow = Pick<Company, keyof typeof COMPANY>

const accounts = (client: Db) => orm(client).select(ACCOUNT).from(users)

export async function findAccount(client: Db, id: string): Promise<AccountRow | null> {
  const [row] = await accounts(client).where(eq(users.id, id))
  return row ?? null
}

/** Locks the user's row: changes to one account (and its addresses) happen one at a time. */
export async function lockAccount(tx: Tx, id: string): Promise<AccountRow | null> {
  const [row] = await accounts(tx).where(eq(users.id, id)).for('update')
  return row ?? null
}

/**
 * Serializes the company admins' changes to the company's users until the transaction ends: two
 * admins demoting each other at once are served one after the other, the second seeing the first.
 */
export async function lockCompanyUsers(tx: Tx, companyId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext(${`auth:company-users:${companyId}`}))`
}

/** The company's active, approved admins (which of them are full admins is for the rules to say). */
export async function companyAdmins(client: Db, companyId: string): Promise<AccountRow[]> {
  return accounts(client).where(
    and(
      eq(users.companyId, companyId),
      eq(users.userType, 'admin'),
      eq(users.active, true),
      eq(users.approvalStatus, 2),
    ),
  )
}

/** Columns of a user an update may set. */
export type AccountPatch = Partial<
  Pick<
    User,
    | 'firstName'
    | 'middleName'
    | 'lastName'
    | 'mobile'
    | 'telephone'
    | 'whatsapp'
    | 'skype'
    | 'birthDate'
    | 'anniversaryDate'
    | 'designation'
    | 'userType'
    | 'active'
    | 'isPlaceOrder'
    | 'isNoPrice'
    | 'permissions'
  > & { stkNotiDt: number; stkNoti: number; isStkNoti: boolean }
>

export async function updateAccount(tx: Tx, id: string, patch: AccountPatch): Promise<void> {
  // A permissions patch of null stores SQL null (the type's defaults), not the json value null.
  if (Object.keys(patch).length)
    await orm(tx)
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(users.id, id))
}

export type NewAccount = Pick<
  typeof users.$inferInsert,
  | 'username'
  | 'email'
  | 'passwordHash'
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'mobile'
  | 'telephone'
  | 'whatsapp'
  | 'skype'
  | 'birthDate'
  | 'anniversaryDate'
  | 'designation'
  | 'businessType'
  | 'heardFrom'
  | 'newsletter'
  | 'documentType'
  | 'companyName'
  | 'userType'
  | 'approvalStatus'
  | 'active'
  | 'emailVerified'
  | 'isPlaceOrder'
  | 'isNoPrice'
  | 'locale'
  | 'permissions'
  | 'createdBy'
> & { companyId: string }

/** Inserts a user; null when the username or email is taken (the unique indexes decide, race-free). */
export async function insertAccount(tx: Tx, a: NewAccount): Promise<string | null> {
  const [row] = await orm(tx).insert(users).values(a).onConflictDoNothing().returning({ id: users.id })
  return row?.id ?? null
}

/** Which of a username and an email already belong to someone, in any letter case. */
export async function takenLogins(
  client: Db,
  username: string,
  email: string,
): Promise<{ username: boolean; email: boolean }> {
  const [row] = await query<{ username: boolean; email: boolean }>(
    client,
    sql`select exists (select 1 from ${users} where lower(${users.username}) = lower(${username})) as username,
               exists (select 1 from ${users} where lower(${users.email}) = lower(${email})) as email`,
  )
  return row!
}

export async function findCompany(client: Db, id: string): Promise<CompanyRow | null> {
  const [row] = await orm(client).select(COMPANY).from(companies).where(eq(companies.id, id))
  return row ?? null
}

/** Codes already used by companies whose code is `base` or `base-<number>` (a base is A-Z, 0-9 and hyphens). */
export async function companyCodesLike(tx: Tx, base: string): Promise<string[]> {
  const rows = await orm(tx)
    .select({ code: companies.code })
    .from(companies)
    .where(sql`${companies.code} ~ ${`^${base}(-[0-9]+)?$`}`)
  return rows.map((r) => r.code)
}

/** Creates a company with the given code; null when another company took that code meanwhile. */
export async function insertCompany(tx: Tx, c: Pick<Company, 'name' | 'code' | 'type'>): Promise<string | null> {
  const [row] = await orm(tx)
    .insert(companies)
    .values(c)
    .onConflictDoNothing({ target: companies.code })
    .returning({ id: companies.id })
  return row?.id ?? null
}

export type CompanyPatch = Partial<Omit<CompanyRow, 'id' | 'code'>>

/**
 * Whether another company has this name, now or as the name it registered under, however it is
 * written (companyKey: letter case, kinds of space): a company may not take another's name, which its
 * stones carry. Read whole: renames are rare, companies few.
 */
export async function companyNameTaken(tx: Tx, name: string, exceptId: string): Promise<boolean> {
  const key = companyKey(name)
  const rows = await orm(tx)
    .select({ name: companies.name, registeredName: companies.registeredName })
    .from(companies)
    .where(ne(companies.id, exceptId))
  return rows.some(
    (r) => companyKey(r.name) === key || (r.registeredName !== null && companyKey(r.registeredName) === key),
  )
}

/** Changes a company; a new name is copied to its users' companyName, which sign-in shows. */
export async function updateCompany(tx: Tx, id: string, patch: CompanyPatch): Promise<void> {
  if (!Object.keys(patch).length) return
  const db = orm(tx)
  // The first rename keeps the name the company registered under (see migration 0006).
  if (patch.name !== undefined)
    await db
      .update(companies)
      .set({ registeredName: sql`coalesce(${companies.registeredName}, ${companies.name})` })
      .where(eq(companies.id, id))
  await db
    .update(companies)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(companies.id, id))
  if (patch.name !== undefined) await db.update(users).set({ companyName: patch.name }).where(eq(users.companyId, id))
}

/** A page of a company's users, by username. */
export async function companyUsers(
  client: Db,
  companyId: string,
  page: number,
  limit: number,
): Promise<{ rows: AccountRow[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    accounts(client)
      .where(eq(users.companyId, companyId))
      .orderBy(asc(sql`lower(${users.username})`))
      .limit(limit)
      .offset((page - 1) * limit),
    orm(client).select({ n: count() }).from(users).where(eq(users.companyId, companyId)),
  ])
  return { rows, count: total!.n }
}

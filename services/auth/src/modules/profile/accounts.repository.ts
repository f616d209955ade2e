import type { CompactPermissions } from '@diamond/contracts/permissions'
import { companyKey } from '@diamond/contracts/companies'
import type { Sql, Tx } from '@diamond/runtime/db'

type Db = Sql | Tx

/** A user as the account pages and user management need it. Dates are 'YYYY-MM-DD' text. */
export interface AccountRow {
  id: string
  username: string
  email: string
  first_name: string
  middle_name: string
  last_name: string
  mobile: string
  telephone: string
  whatsapp: string
  skype: string
  birth_date: string | null
  anniversary_date: string | null
  designation: string
  user_type: string
  approval_status: number
  active: boolean
  email_verified: boolean
  stk_noti_dt: number | null
  stk_noti: number | null
  is_stk_noti: boolean
  is_place_order: boolean
  is_no_price: boolean
  permissions: CompactPermissions | null
  company_id: string | null
  locale: string
}

export interface CompanyRow {
  id: string
  name: string
  code: string
  type: string | null
  description: string
  founded_year: number | null
  size: string | null
  website: string
  is_public: boolean
  logo_file_id: string | null
  cover_file_id: string | null
  headquarters: string
}

const ACCOUNT_COLUMNS = (sql: Db) => sql`
  id, username, email, first_name, middle_name, last_name, mobile, telephone, whatsapp, skype,
  birth_date::text as birth_date, anniversary_date::text as anniversary_date, designation, user_type,
  approval_status, active, email_verified, stk_noti_dt, stk_noti, is_stk_noti, is_place_order, is_no_price,
  permissions, company_id, locale`

export async function findAccount(sql: Db, id: string): Promise<AccountRow | null> {
  const rows = await sql<AccountRow[]>`select ${ACCOUNT_COLUMNS(sql)} from auth.users where id = ${id}`
  return rows[0] ?? null
}

/** Locks the user's row: changes to one account (and its addresses) happen one at a time. */
export async function lockAccount(tx: Tx, id: string): Promise<AccountRow | null> {
  const rows = await tx<AccountRow[]>`select ${ACCOUNT_COLUMNS(tx)} from auth.users where id = ${id} for update`
  return rows[0] ?? null
}

/**
 * Serializes the company admins' changes to the company's users until the transaction ends: two
 * admins demoting each other at once are served one after the other, the second seeing the first.
 */
export async function lockCompanyUsers(tx: Tx, companyId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext(${`auth:company-users:${companyId}`}))`
}

/** The company's active, approved admins (which of them are full admins is for the rules to say). */
export async function companyAdmins(sql: Db, companyId: string): Promise<AccountRow[]> {
  return sql<AccountRow[]>`
    select ${ACCOUNT_COLUMNS(sql)} from auth.users
     where company_id = ${companyId} and user_type = 'admin' and active and approval_status = 2`
}

/** Columns of auth.users an update may set (names as in the table). */
export type AccountPatch = Partial<{
  first_name: string
  middle_name: string
  last_name: string
  mobile: string
  telephone: string
  whatsapp: string
  skype: string
  birth_date: string | null
  anniversary_date: string | null
  designation: string
  user_type: string
  active: boolean
  stk_noti_dt: number
  stk_noti: number
  is_stk_noti: boolean
  is_place_order: boolean
  is_no_price: boolean
  permissions: CompactPermissions | null
}>

export async function updateAccount(tx: Tx, id: string, patch: AccountPatch): Promise<void> {
  const { permissions, ...plain } = patch
  const keys = Object.keys(plain) as (keyof typeof plain)[]
  if (keys.length) await tx`update auth.users set ${tx(plain, keys)}, updated_at = now() where id = ${id}`
  if (permissions !== undefined) {
    // tx.json: a JSON.stringify'd text cast to jsonb would be stored as one JSON string, not an object.
    await tx`update auth.users set permissions = ${permissions ? tx.json(permissions) : null}, updated_at = now() where id = ${id}`
  }
}

export interface NewAccount {
  username: string
  email: string
  password_hash: string
  first_name: string
  middle_name: string
  last_name: string
  mobile: string
  telephone: string
  whatsapp: string
  skype: string
  birth_date: string | null
  anniversary_date: string | null
  designation: string
  business_type: string | null
  heard_from: string | null
  newsletter: boolean
  document_type: string | null
  company_id: string
  company_name: string
  user_type: string
  approval_status: number
  active: boolean
  email_verified: boolean
  is_place_order: boolean
  is_no_price: boolean
  locale: string
  permissions: CompactPermissions | null
  created_by: string | null
}

/** Inserts a user; null when the username or email is taken (the unique indexes decide, race-free). */
export async function insertAccount(tx: Tx, a: NewAccount): Promise<string | null> {
  const { permissions, ...plain } = a
  const rows = await tx<{ id: string }[]>`
    insert into auth.users ${tx({ ...plain, permissions: permissions ? tx.json(permissions) : null } as Record<string, unknown>)}
    on conflict do nothing returning id`
  return rows[0]?.id ?? null
}

/** Which of a username and an email already belong to someone, in any letter case. */
export async function takenLogins(
  sql: Db,
  username: string,
  email: string,
): Promise<{ username: boolean; email: boolean }> {
  const [row] = await sql<[{ username: boolean; email: boolean }]>`
    select exists (select 1 from auth.users where lower(username) = lower(${username})) as username,
           exists (select 1 from auth.users where lower(email) = lower(${email})) as email`
  return row
}

export async function findCompany(sql: Db, id: string): Promise<CompanyRow | null> {
  const rows = await sql<CompanyRow[]>`
    select id, name, code, type, description, founded_year, size, website, is_public, logo_file_id, cover_file_id, headquarters
      from auth.companies where id = ${id}`
  return rows[0] ?? null
}

/** Codes already used by companies whose code is `base` or `base-<number>` (a base is A-Z, 0-9 and hyphens). */
export async function companyCodesLike(tx: Tx, base: string): Promise<string[]> {
  const rows = await tx<{ code: string }[]>`select code from auth.companies where code ~ ${`^${base}(-[0-9]+)?$`}`
  return rows.map((r) => r.code)
}

/** Creates a company with the given code; null when another company took that code meanwhile. */
export async function insertCompany(
  tx: Tx,
  c: { name: string; code: string; type: string | null },
): Promise<string | null> {
  const rows = await tx<{ id: string }[]>`
    insert into auth.companies (name, code, type) values (${c.name}, ${c.code}, ${c.type})
    on conflict (code) do nothing returning id`
  return rows[0]?.id ?? null
}

export type CompanyPatch = Partial<Omit<CompanyRow, 'id' | 'code'>>

/**
 * Whether another company has this name, now or as the name it registered under, however it is
 * written (companyKey: letter case, kinds of space): a company may not take another's name, which its
 * stones carry. Read whole: renames are rare, companies few.
 */
export async function companyNameTaken(tx: Tx, name: string, exceptId: string): Promise<boolean> {
  const key = companyKey(name)
  const rows = await tx<
    { name: string; registered_name: string | null }[]
  >`select name, registered_name from auth.companies where id <> ${exceptId}`
  return rows.some(
    (r) => companyKey(r.name) === key || (r.registered_name !== null && companyKey(r.registered_name) === key),
  )
}

/** Changes a company; a new name is copied to its users' company_name, which sign-in shows. */
export async function updateCompany(tx: Tx, id: string, patch: CompanyPatch): Promise<void> {
  const keys = Object.keys(patch) as (keyof CompanyPatch)[]
  if (!keys.length) return
  // The first rename keeps the name the company registered under (see migration 0006).
  if (patch.name !== undefined)
    await tx`update auth.companies set registered_name = coalesce(registered_name, name) where id = ${id}`
  await tx`update auth.companies set ${tx(patch, keys)}, updated_at = now() where id = ${id}`
  if (patch.name !== undefined) await tx`update auth.users set company_name = ${patch.name} where company_id = ${id}`
}

/** A page of a company's users, by username. */
export async function companyUsers(
  sql: Db,
  companyId: string,
  page: number,
  limit: number,
): Promise<{ rows: AccountRow[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    sql<AccountRow[]>`
      select ${ACCOUNT_COLUMNS(sql)} from auth.users where company_id = ${companyId}
       order by lower(username) limit ${limit} offset ${(page - 1) * limit}`,
    sql<[{ n: number }]>`select count(*)::int as n from auth.users where company_id = ${companyId}`,
  ])
  return { rows, count: total!.n }
}

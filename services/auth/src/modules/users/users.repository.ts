import { randomUUID } from 'node:crypto'
import type { CompactPermissions } from '@diamond/contracts/permissions'
import type { Sql, Tx } from '@diamond/runtime/db'

export interface UserRecord {
  id: string
  username: string
  email: string
  password_hash: string
  first_name: string
  last_name: string
  company_name: string
  user_type: string
  approval_status: number
  active: boolean
  email_verified: boolean
  is_place_order: boolean
  is_no_price: boolean
  token_version: number
  company_id: string | null
  locale: string
  stk_noti_dt: number | null
  stk_noti: number | null
  is_stk_noti: boolean
  account_term: string | null
  permissions: CompactPermissions | null
  /** The name of the company the user belongs to, else the name the user typed. */
  account_company_name: string
  /** Whether that company is the operator (its staff approve registrations). */
  company_is_operator: boolean
  /** The company's name before its first rename (its name when never renamed); null without a company. */
  company_registered_name: string | null
}

type Db = Sql | Tx

const SELECT_USER = (sql: Db) => sql`
  select u.*, coalesce(c.name, u.company_name) as account_company_name, coalesce(c.is_operator, false) as company_is_operator,
         coalesce(c.registered_name, c.name) as company_registered_name
    from auth.users u left join auth.companies c on c.id = u.company_id`

/** Login accepts a username or an email, in any letter case. */
export async function findByLogin(sql: Db, login: string): Promise<UserRecord | null> {
  const rows = await sql<UserRecord[]>`
    ${SELECT_USER(sql)} where lower(u.username) = lower(${login}) or lower(u.email) = lower(${login})
    order by (lower(u.username) = lower(${login})) desc limit 1`
  return rows[0] ?? null
}

export async function findUserById(sql: Db, id: string): Promise<UserRecord | null> {
  const rows = await sql<UserRecord[]>`${SELECT_USER(sql)} where u.id = ${id}`
  return rows[0] ?? null
}

export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string): Promise<void> {
  await tx`update auth.users set password_hash = ${passwordHash}, updated_at = now() where id = ${userId}`
}

export async function markEmailVerified(tx: Tx, userId: string): Promise<void> {
  await tx`update auth.users set email_verified = true, updated_at = now() where id = ${userId}`
}

/** What a seeded or created user needs; everything else takes the column defaults. */
export type NewUser = Pick<
  UserRecord,
  | 'username'
  | 'email'
  | 'password_hash'
  | 'first_name'
  | 'last_name'
  | 'company_name'
  | 'user_type'
  | 'approval_status'
  | 'active'
  | 'email_verified'
  | 'is_place_order'
  | 'is_no_price'
> &
  Partial<Pick<UserRecord, 'company_id' | 'locale' | 'stk_noti_dt' | 'stk_noti' | 'is_stk_noti' | 'account_term'>>

const NEW_USER_COLUMNS = [
  'username',
  'email',
  'password_hash',
  'first_name',
  'last_name',
  'company_name',
  'user_type',
  'approval_status',
  'active',
  'email_verified',
  'is_place_order',
  'is_no_price',
  'company_id',
  'locale',
  'stk_noti_dt',
  'stk_noti',
  'is_stk_noti',
  'account_term',
] as const

export async function insertUsers(sql: Db, users: NewUser[]): Promise<void> {
  // Every row names every column (null or the default where not given): one multi-row insert.
  const rows = users.map((u) => ({
    locale: 'en',
    is_stk_noti: false,
    company_id: null,
    stk_noti_dt: null,
    stk_noti: null,
    account_term: null,
    ...u,
  }))
  if (rows.length) await sql`insert into auth.users ${sql(rows, ...NEW_USER_COLUMNS)} on conflict do nothing`
}

export async function countUsers(sql: Db): Promise<number> {
  const [row] = await sql<[{ n: number }]>`select count(*)::int as n from auth.users`
  return row.n
}

/** Companies by name, created with the given codes; answers each name's id. */
export async function insertCompanies(
  tx: Tx,
  companies: { id?: string; name: string; code: string; is_operator?: boolean }[],
): Promise<Map<string, string>> {
  if (!companies.length) return new Map()
  const rows = await tx<{ id: string; name: string }[]>`
    insert into auth.companies ${tx(
      companies.map((c) => ({
        id: c.id ?? randomUUID(),
        name: c.name,
        code: c.code,
        is_operator: c.is_operator ?? false,
      })),
    )} returning id, name`
  return new Map(rows.map((r) => [r.name, r.id]))
}

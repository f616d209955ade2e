import type { Sql } from '@diamond/runtime/db'

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
}

/** Login accepts a username or an email, in any letter case. */
export async function findByLogin(sql: Sql, login: string): Promise<UserRecord | null> {
  const rows = await sql<UserRecord[]>`
    select * from auth.users where lower(username) = lower(${login}) or lower(email) = lower(${login}) limit 1`
  return rows[0] ?? null
}

export type NewUser = Omit<UserRecord, 'id' | 'token_version'>

export async function insertUsers(sql: Sql, users: NewUser[]): Promise<void> {
  if (users.length) await sql`insert into auth.users ${sql(users)} on conflict do nothing`
}

export async function countUsers(sql: Sql): Promise<number> {
  const [row] = await sql<[{ n: number }]>`select count(*)::int as n from auth.users`
  return row.n
}

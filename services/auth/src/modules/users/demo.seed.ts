import type { Sql } from '@diamond/runtime/db'
import { hashPassword } from './passwords'
import { countUsers, insertUsers } from './users.repository'
import type { UserType } from './permissions.rules'

export const DEMO_PASSWORD = 'Diamond@2026'
export const DEMO_ACCOUNTS: { username: string; type: UserType; first: string; last: string; company: string }[] = [
  { username: 'buyer1', type: 'buyer', first: 'Asha', last: 'Mehta', company: 'Mehta Jewels' },
  { username: 'buyer2', type: 'buyer', first: 'Daniel', last: 'Cohen', company: 'Cohen & Sons' },
  { username: 'seller1', type: 'seller', first: 'Ravi', last: 'Shah', company: 'Shah Diamonds' },
  { username: 'sales1', type: 'sales', first: 'Mei', last: 'Lin', company: 'Diamond Portal' },
  { username: 'admin1', type: 'admin', first: 'Sara', last: 'Levi', company: 'Diamond Portal' },
]

/** Demo accounts, only in the embedded demo mode, and only into an empty user table. */
export async function seedDemoUsers(sql: Sql): Promise<string[]> {
  if ((await countUsers(sql)) > 0) return []
  const password_hash = await hashPassword(DEMO_PASSWORD)
  await insertUsers(
    sql,
    DEMO_ACCOUNTS.map((a) => ({
      username: a.username,
      email: `${a.username}@demo.diamond-portal.test`,
      password_hash,
      first_name: a.first,
      last_name: a.last,
      company_name: a.company,
      user_type: a.type,
      approval_status: 2,
      active: true,
      email_verified: true,
      is_place_order: true,
      is_no_price: false,
    })),
  )
  return DEMO_ACCOUNTS.map((a) => a.username)
}

import { eq, getTableColumns, or, sql } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { companies, users, type User } from './users.schema'

type Db = Sql | Tx

/** A user with what sign-in tells of their company. */
export type UserRecord = User & {
  /** The name of the company the user belongs to, else the name the user typed. */
  accountCompanyName: string
  /** Whether that company is the operator (its staff approve registrations). */
  companyIsOperator: boolean
  /** The company's name before its first rename (its name when never renamed); null without a company. */
  companyRegisteredName: string | null
}

const selectUser = (client: Db) =>
  orm(client)
    .select({
      ...getTableColumns(users),
      accountCompanyName: sql<string>`coalesce(${companies.name}, ${users.companyName})`,
      companyIsOperator: sql<boolean>`coalesce(${companies.isOperator}, false)`,
      companyRegisteredName: sql<string | null>`coalesce(${companies.registeredName}, ${companies.name})`,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))

/** Login accepts a username or an email, in any letter case. */
export async function findByLogin(client: Db, login: string): Promise<UserRecord | null> {
  const byName = sql`lower(${users.username}) = lower(${login})`
  const [row] = await selectUser(client)
    .where(or(byName, sql`lower(${users.email}) = lower(${login})`))
    .orderBy(sql`(${byName}) desc`)
    .limit(1)
  return row ?? null
}

export async function findUserById(client: Db, id: string): Promise<UserRecord | null> {
  const [row] = await selectUser(client).where(eq(users.id, id))
  return row ?? null
}

export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string): Promise<void> {
  await orm(tx)
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
}

export async function markEmailVerified(tx: Tx, userId: string): Promise<void> {
  await orm(tx)
    .update(users)
    .set({ emailVerified: true, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
}

/** What a seeded or created user needs; everything else takes the column defaults. */
export type NewUser = Pick<
  User,
  | 'username'
  | 'email'
  | 'passwordHash'
  | 'firstName'
  | 'lastName'
  | 'companyName'
  | 'userType'
  | 'approvalStatus'
  | 'active'
  | 'emailVerified'
  | 'isPlaceOrder'
  | 'isNoPrice'
> &
  Partial<Pick<User, 'companyId' | 'locale' | 'stkNotiDt' | 'stkNoti' | 'isStkNoti' | 'accountTerm'>>

/** One multi-row insert; a user whose username or email is taken is skipped. */
export async function insertUsers(client: Db, list: NewUser[]): Promise<void> {
  if (list.length) await orm(client).insert(users).values(list).onConflictDoNothing()
}

export async function countUsers(client: Db): Promise<number> {
  return orm(client).$count(users)
}

/** Companies by name, created with the given codes; answers each name's id. */
export async function insertCompanies(
  tx: Tx,
  list: Pick<typeof companies.$inferInsert, 'id' | 'name' | 'code' | 'isOperator'>[],
): Promise<Map<string, string>> {
  if (!list.length) return new Map()
  const rows = await orm(tx).insert(companies).values(list).returning({ id: companies.id, name: companies.name })
  return new Map(rows.map((r) => [r.name, r.id]))
}

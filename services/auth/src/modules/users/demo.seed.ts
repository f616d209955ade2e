import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import type { Sql } from '@diamond/runtime/db'
import { applyDemoFacilities } from '../facilities/facilities.demo'
import { applyDemoProfiles, DEMO_DIRECTORY } from '../members/members.demo'
import { hashPassword } from './passwords'
import { countUsers, insertCompanies, insertUsers, type NewUser } from './users.repository'
import type { UserType } from './permissions.rules'

export const DEMO_PASSWORD = 'Diamond@2026'
export const DEMO_EMAIL_DOMAIN = 'demo.diamond-portal.test'

interface DemoAccount {
  username: string
  type: UserType
  first: string
  last: string
  company: string
  /** Differences from an approved, verified buyer who may order and see prices. */
  extra?: Partial<NewUser>
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'buyer1',
    type: 'buyer',
    first: 'Asha',
    last: 'Mehta',
    company: 'Mehta Jewels',
    extra: { stkNotiDt: 2, stkNoti: 1, isStkNoti: true },
  },
  { username: 'buyer2', type: 'buyer', first: 'Daniel', last: 'Cohen', company: 'Cohen & Sons' },
  { username: 'seller1', type: 'seller', first: 'Ravi', last: 'Shah', company: 'Shah Diamonds' },
  { username: 'sales1', type: 'sales', first: 'Mei', last: 'Lin', company: 'Diamond Portal' },
  // The company admin of Diamond Portal: user type admin inside that company.
  { username: 'admin1', type: 'admin', first: 'Sara', last: 'Levi', company: 'Diamond Portal' },
  // Signs in only after following the mailed link (EMAIL_NOT_VERIFIED until then).
  {
    username: 'unverified1',
    type: 'buyer',
    first: 'Omar',
    last: 'Haddad',
    company: 'Haddad Gems',
    extra: { emailVerified: false },
  },
  // Registered and verified, waiting for approval (E_ACCOUNT_NOT_APPROVED).
  {
    username: 'pending1',
    type: 'buyer',
    first: 'Lena',
    last: 'Weber',
    company: 'Weber Schmuck',
    extra: { approvalStatus: 1 },
  },
  // Sees no prices and may not place orders.
  {
    username: 'noprice1',
    type: 'buyer',
    first: 'Yuki',
    last: 'Tanaka',
    company: 'Tanaka Trading',
    extra: { isNoPrice: true, isPlaceOrder: false },
  },
]

/** The company that runs the portal: its staff (sales1, admin1) approve registrations. */
export const OPERATOR_COMPANY = 'Diamond Portal'

/** A company code from its name: "Cohen & Sons" -> "COHEN-SONS". */
export const companyCode = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** Demo accounts, only in the embedded demo mode, and only into an empty user table. */
export async function seedDemoUsers(sql: Sql): Promise<string[]> {
  if ((await countUsers(sql)) > 0) return []
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  return sql.begin(async (tx) => {
    // Two processes starting on one empty database: the second finds the users and adds nothing.
    await tx`select pg_advisory_xact_lock(hashtext('auth:demo-seed'))`
    if ((await countUsers(tx)) > 0) return []
    const names = [...new Set([...DEMO_ACCOUNTS.map((a) => a.company), ...Object.keys(DEMO_DIRECTORY)])]
    const companies = await insertCompanies(
      tx,
      names.map((name) => ({
        // Fixed ids for the seller companies whose stones the stock service seeds.
        ...(DEMO_COMPANY_IDS[name] ? { id: DEMO_COMPANY_IDS[name] } : {}),
        name,
        code: companyCode(name),
        isOperator: name === OPERATOR_COMPANY,
      })),
    )
    await applyDemoProfiles(tx, companies)
    await applyDemoFacilities(tx, companies)
    await insertUsers(
      tx,
      DEMO_ACCOUNTS.map((a) => ({
        username: a.username,
        email: `${a.username}@${DEMO_EMAIL_DOMAIN}`,
        passwordHash,
        firstName: a.first,
        lastName: a.last,
        companyName: a.company,
        companyId: companies.get(a.company) ?? null,
        userType: a.type,
        approvalStatus: 2,
        active: true,
        emailVerified: true,
        isPlaceOrder: true,
        isNoPrice: false,
        ...a.extra,
      })),
    )
    return DEMO_ACCOUNTS.map((a) => a.username)
  })
}

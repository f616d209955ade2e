import { sql } from 'drizzle-orm'
import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import type { Database } from '@diamond/runtime/db'
import { name, query } from '@diamond/runtime/statements'
import { markDone } from '../demo/demo.seed'
import { stones } from '../stones/stones.schema'
import { DEMO_SELLER_COMPANY } from '../bids/bids.demo'
import { upsertSellerCompany } from './inventory.repository'

/** Every this-many-th available demo stone is listed by the demo seller (seller1's company). */
const SELLER1_SHARE = 40

/**
 * Once per database: the demo seller companies are known to stock, every stone of a demo seller
 * carries its company id (databases seeded before ids existed), and seller1's company lists a share
 * of the available stones, their listings running out over the next week (so "expiring" shows).
 */
export async function seedDemoSellerStock(database: Database): Promise<number> {
  return database.sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('stock:demo-seller-stock'))`
    if (!(await markDone(tx, 'seller-stock'))) return 0
    for (const [companyName, id] of Object.entries(DEMO_COMPANY_IDS)) await upsertSellerCompany(tx, id, companyName)
    for (const [companyName, id] of Object.entries(DEMO_COMPANY_IDS)) {
      await query(
        tx,
        sql`update ${stones} set ${name(stones.sellerCompanyId)} = ${id}::uuid
             where ${stones.seller} = ${companyName} and ${stones.sellerCompanyId} is null`,
      )
    }
    const given = await query<{ id: string }>(
      tx,
      sql`
      update ${stones} set ${name(stones.seller)} = ${DEMO_SELLER_COMPANY},
                           ${name(stones.sellerCompanyId)} = ${DEMO_COMPANY_IDS[DEMO_SELLER_COMPANY]!}::uuid,
                           ${name(stones.listedUntil)} = now() + make_interval(hours => (12 + (p.n % 7) * 24)::int)
        from (select ${stones.id} as id, row_number() over (order by ${stones.vStnId}) as n from ${stones} where ${stones.wSts} = 'A') p
       where ${stones.id} = p.id and p.n % ${SELLER1_SHARE} = 7
      returning ${stones.id} as "id"`,
    )
    return given.length
  })
}

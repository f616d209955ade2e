import { randomUUID } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingsBetweenQuery } from '@diamond/appointments/modules/offices/offices.repository'
import { directoryStatements } from '@diamond/auth/modules/members/members.repository'
import { claimDueStatement } from '@diamond/notifications/modules/mail/mail.repository'
import { sellerTodaySql } from '@diamond/stock/modules/dashboard/dashboard.repository'
import {
  certsListedElsewhereStatement,
  dueListingsStatement,
} from '@diamond/stock/modules/inventory/inventory.repository'
import { startTestPortal, type TestPortal } from '../../../test/portal'

/**
 * Hot statements that lean on a partial index keep it under a generic plan. postgres.js prepares
 * every statement, and after a few runs PostgreSQL may plan one once for any parameters (the
 * dashboard's pool always does); a condition the index's own WHERE names — `is_public`, `status <>
 * 'cancelled'`, `track_type = 2` — sent as a parameter cannot be matched to it then, and the read
 * becomes a scan (the directory's page 100: 8.9 ms, 4.5 ms with its index; bench:members).
 */
describe('partial indexes under generic plans', () => {
  let portal: TestPortal
  const dialect = new PgDialect()

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5 })
  })
  afterAll(() => portal?.close())

  /** The generic plan (parameters unknown) as JSON text, with sequential scans priced out so any index that can serve shows. */
  async function genericPlan(statement: SQL | { getSQL(): SQL }): Promise<string> {
    const { sql: text } = dialect.sqlToQuery('getSQL' in statement ? statement.getSQL() : statement)
    return portal.sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`
      const [row] = await tx.unsafe<{ 'QUERY PLAN': unknown }[]>(`explain (generic_plan, format json) ${text}`)
      return JSON.stringify(row!['QUERY PLAN'])
    })
  }

  it('the member directory: a page and its total, unfiltered, by country and by business type', async () => {
    const cases = [
      { pattern: null, country: null, businessType: null },
      { pattern: null, country: 'india', businessType: null },
      { pattern: null, country: null, businessType: 'manufacturer' },
    ]
    for (const q of cases) {
      const { page, total } = directoryStatements(portal.sql, randomUUID(), q, 2, 24)
      for (const statement of [page, total]) {
        const plan = await genericPlan(statement)
        expect(plan, `${JSON.stringify(q)}: ${plan}`).toMatch(/"Index Name":"companies_directory/)
        expect(plan, `${JSON.stringify(q)}: ${plan}`).not.toContain('"Node Type":"Seq Scan"')
      }
    }
  })

  it("an office's slot board reads its bookings not cancelled", async () => {
    const plan = await genericPlan(bookingsBetweenQuery(portal.sql, randomUUID(), Date.now(), Date.now() + 86_400_000))
    expect(plan).toMatch(/"Index Name":"appointments_office"/)
  })

  it("an upload's preview looks up certificate numbers other sellers list", async () => {
    const plan = await genericPlan(certsListedElsewhereStatement(['1234567', '7654321'], randomUUID()))
    expect(plan).toMatch(/"Index Name":"stones_cert_no"/)
  })

  it('the listing sweep finds live listings that have run out (expired ones are not in its index)', async () => {
    const plan = await genericPlan(dueListingsStatement(5000))
    expect(plan).toMatch(/"Index Name":"stones_live_listed_until"/)
  })

  it('the mail sender claims due mail', async () => {
    const plan = await genericPlan(claimDueStatement(20, 60_000))
    expect(plan).toMatch(/"Index Name":"mail_outbox_due"/)
  })

  it("a seller's dashboard counts today's watchlist adds", async () => {
    const plan = await genericPlan(sellerTodaySql(randomUUID()))
    expect(plan).toMatch(/"Index Name":"tracks_watchlist_added"/)
  })
})

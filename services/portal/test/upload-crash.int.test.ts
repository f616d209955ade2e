import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import { databaseUrl, type LocalPostgres } from '@diamond/runtime/pg-server'
import { startPortalOnOwnPostgres, waitFor, type TestPortal } from '../../../test/portal'

/**
 * Issue 23: "a crash during commit leaves the stock as before". Here the crash is real: the portal's
 * PostgreSQL is killed (SIGKILL) while an upload's commit is deep in its transaction — thousands of
 * stones inserted, the last chunk waiting — then comes back (the portal supervises it, as `npm start`).
 */
describe('an upload whose commit is cut by a crash', () => {
  let own: Awaited<ReturnType<typeof startPortalOnOwnPostgres>>
  let pg: LocalPostgres
  let portal: TestPortal

  beforeAll(async () => {
    own = await startPortalOnOwnPostgres('upload-crash', { stones: 60 })
    ;({ pg, portal } = own)
  })
  afterAll(() => own?.close())

  const health = () =>
    fetch(`${portal.base}/web/v1/health`).then(
      (r) => r.status,
      () => 0,
    )

  it('leaves the stock, the search and the upload as before, and the same upload then commits in full', async () => {
    const [seller, buyer] = await Promise.all([portal.login('seller1'), portal.login('buyer1')])
    const tag = randomBytes(3).toString('hex').toUpperCase()
    const rows = 5000
    const csv = [
      'Stock #,Shape,Weight,Color,Clarity,Cut,Polish,Symmetry,Fluorescence Intensity,Lab,Rap %,Treatment',
      ...Array.from({ length: rows }, (_, n) => `CR-${tag}-${n},BR,1.01,G,VS1,Excellent,EX,VG,None,GIA,-30,None`),
    ].join('\r\n')
    const preview = await portal.previewCsv(csv, seller)
    expect(preview.code).toBe('OK')
    expect(preview.data.report.added).toBe(rows)
    const id = preview.data.id
    const stockOf = async () =>
      (
        await portal.sql<{ n: number; sum: string }[]>`
          select count(*)::int as n, coalesce(sum(status_version), 0)::text as sum from stock.stones
           where seller_company_id = ${DEMO_COMPANY_IDS['Shah Diamonds']!}`
      )[0]!
    const before = await stockOf()
    const found = async (n: number) =>
      (await portal.call('diamond/quick-search', { search: `CR-${tag}-${n}` }, buyer)).body.data.list.length

    // The last added line's stone gets its id from the upload and the line (`newStoneId`): a row of that
    // id inserted by another transaction and left open makes the commit's last insert wait for it,
    // after its first chunks went in. Then the database dies.
    const [last] = await portal.sql<{ id: string }[]>`
      select overlay(overlay(md5(upload_id::text || ':' || seq::text) placing '3' from 13) placing '8' from 17)::uuid::text as id
        from stock.upload_rows where upload_id = ${id} and kind = 'added' order by seq desc limit 1`
    const blocker = postgres(databaseUrl(pg.url, 'portal'), { max: 1, onnotice: () => {} })
    let inserted!: () => void
    const holding = new Promise<void>((r) => (inserted = r))
    const blocking = blocker
      .begin(async (tx) => {
        await tx`
          insert into stock.stones
          select (jsonb_populate_record(null::stock.stones,
                    to_jsonb(s) || jsonb_build_object('id', ${last!.id}::uuid, 'v_stn_id', ${`CRASH-${tag}`}::text))).*
            from stock.stones s limit 1`
        inserted()
        await new Promise(() => {}) // held open until the server dies
      })
      .catch((err: Error) => err.message)
    let killed: number | undefined
    try {
      await Promise.race([holding, blocking.then((m) => Promise.reject(new Error(`the blocking insert failed: ${m}`)))])
      const committing = portal.call('seller/inventory/commit', { id }, seller).catch(() => null)
      const waiting = await waitFor(
        async () =>
          (
            await portal.sql<{ pid: number }[]>`
              select pid from pg_stat_activity
               where wait_event_type = 'Lock' and query ilike '%insert into "stock"."stones"%'`
          )[0],
        30_000,
        'the commit to wait on its last insert',
      )
      expect(waiting.pid).toBeGreaterThan(0)
      killed = pg.pid!
      process.kill(killed, 'SIGKILL')
      const answer = await committing
      expect(answer?.body.code).not.toBe('OK')
      expect(await blocking).toBeTruthy() // its connection died with the server
    } finally {
      // Whatever failed above, the open transaction goes: nothing stays waiting on it.
      await blocker.end({ timeout: 0 }).catch(() => {})
    }

    await waitFor(async () => (await health()) === 200, 120_000, 'health to say ready again')
    expect(pg.pid).toBeGreaterThan(0)
    expect(pg.pid).not.toBe(killed) // a new server: the old one really died
    // Nothing of the commit stayed: no stone, no search hit, no event; the upload is still a preview.
    expect(await stockOf()).toEqual(before)
    for (const n of [0, rows - 1]) expect(await found(n)).toBe(0)
    const [events] = await portal.sql<{ n: number }[]>`
      select count(*)::int as n from stock.outbox where type = 'stock.listing.listed' and event->'data'->>'sourceId' = ${id}`
    expect(events!.n).toBe(0)
    const [upload] = await portal.sql<{ status: string }[]>`select status from stock.uploads where id = ${id}`
    expect(upload!.status).toBe('preview')

    // The seller commits the same preview again: every stone, found by the next search.
    const again = await waitFor(
      async () => {
        const r = await portal.call('seller/inventory/commit', { id }, seller)
        return r.body.code === 'E_UNAVAILABLE' ? null : r
      },
      30_000,
      'the commit to be taken again',
    )
    expect(again.body.data).toMatchObject({ status: 'committed', report: { added: rows } })
    for (const n of [0, rows - 1]) expect(await found(n)).toBe(1)
    const [count] = await portal.sql<{ n: number }[]>`
      select count(*)::int as n from stock.stones where stone_id like ${`CR-${tag}-%`}`
    expect(count!.n).toBe(rows)
  })
})

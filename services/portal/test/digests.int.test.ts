import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endedPeriod } from '@diamond/contracts/digests'
import type { DigestDue, DigestPrepared, DigestReady } from '@diamond/contracts/events/digests'
import { createDatabase } from '@diamond/runtime/db'
import { DigestService } from '@diamond/auth/modules/digests/digests.service'
import { purgeSent } from '@diamond/notifications/modules/mail/mail.repository'
import { message, nextMessage, startTestMailpit, type Mailpit } from '../../../test/mailpit'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

/**
 * Stock digests from auth's schedule to stock's content: once per user and period (several
 * schedulers at once included), new arrivals of the period counted and attached, no prices for a
 * reader who may not see them, and an unsubscribe link that works signed out and for nothing else.
 */
describe('stock notification digests', () => {
  let portal: TestPortal
  const weekly = endedPeriod(2, Date.now())

  const events = async <T>(schema: 'auth' | 'stock', type: string) =>
    (
      await portal.sql<
        { event: { key: string; data: T } }[]
      >`select event from ${portal.sql(schema)}.outbox where type = ${type} order by created_at`
    ).map((r) => r.event)
  const userId = async (username: string) =>
    (await portal.sql<[{ id: string }]>`select id from auth.users where username = ${username}`)[0].id

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 300, env: { AUTH_DIGEST_CHECK_SECONDS: '1' } })
    // noprice1 and buyer2 subscribe too: weekly new stock, and monthly full stock.
    await portal.sql`update auth.users set is_stk_noti = true, stk_noti_dt = 2, stk_noti = 1 where username = 'noprice1'`
    await portal.sql`update auth.users set is_stk_noti = true, stk_noti_dt = 3, stk_noti = 0 where username = 'buyer2'`
  })
  afterAll(async () => portal?.close())

  it('counts and attaches the new arrivals of the week that ended, with prices for buyer1', async () => {
    const buyer1 = await userId('buyer1')
    const ready = await waitFor(
      async () => (await events<DigestReady>('stock', 'stock.digest.ready')).find((e) => e.data.userId === buyer1),
      30_000,
      'buyer1 digest',
    )
    expect(ready.data).toMatchObject({
      interval: 2,
      stockType: 1,
      period: weekly.key,
      since: weekly.since,
      until: weekly.until,
      noPrice: false,
      locale: 'en',
    })
    const [{ n, carats }] = await portal.sql<[{ n: number; carats: number }]>`
      select count(*)::int as n, coalesce(sum(carat), 0)::float8 as carats from stock.stones
       where w_sts = 'A' and arrived_at >= ${weekly.since} and arrived_at < ${weekly.until}`
    expect(n).toBeGreaterThan(0)
    const s = ready.data.summary
    expect(s.count).toBe(n)
    expect(s.carats).toBeCloseTo(carats, 2)
    expect(s.byShape.reduce((a, x) => a + x.count, 0)).toBe(n)
    expect(s.bySize.reduce((a, x) => a + x.count, 0)).toBe(n)
    expect(s.attached).toBe(n)
    expect(s.best.length).toBe(Math.min(10, n))
    // Best first: the deepest discount.
    const backs = s.best.map((b) => b.back!)
    expect(backs).toEqual([...backs].sort((a, b) => a - b))
    expect(s.best[0]!.pricePerCarat).toBeGreaterThan(0)

    const file = (await events<DigestPrepared>('stock', 'stock.digest.prepared')).find(
      (e) => e.data.fileKey === ready.data.fileKey,
    )!
    expect(file.data.fileName).toBe(`stock-digest-${weekly.key.replace(':', '-')}.xlsx`)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(file.data.xlsx, 'base64') as never)
    const sheet = book.worksheets[0]!
    // A header, one row a stone, the totals.
    expect(sheet.rowCount).toBe(n + 2)
    const header = (sheet.getRow(1).values as unknown[]).map(String)
    expect(header.some((h) => /price|amount/i.test(h))).toBe(true)
  })

  it("mails the digest in the reader's language with the unsubscribe link (development mailbox)", async () => {
    const mail = await waitFor(
      async () => (await portal.mails('buyer1@demo.diamond-portal.test')).find((m) => m.template === 'stock-digest'),
      30_000,
      'the digest mail',
    )
    expect(mail.subject).toMatch(/^Weekly stock update – new stones: \d+ \| Diamond Portal$/)
    expect(mail.text).toContain('/new-arrivals')
    expect(mail.text).toMatch(/\/stock-notification\/unsubscribe\?token=[0-9a-f-]{36}\.[A-Za-z0-9_-]+/)
  })

  it('leaves prices out of the summary and the file for noprice1', async () => {
    const id = await userId('noprice1')
    const ready = await waitFor(
      async () => (await events<DigestReady>('stock', 'stock.digest.ready')).find((e) => e.data.userId === id),
      30_000,
      'noprice1 digest',
    )
    expect(ready.data.noPrice).toBe(true)
    expect(ready.data.summary.best.every((b) => b.back === null && b.pricePerCarat === null)).toBe(true)
    const file = (await events<DigestPrepared>('stock', 'stock.digest.prepared')).find(
      (e) => e.data.fileKey === ready.data.fileKey,
    )!
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(file.data.xlsx, 'base64') as never)
    const header = (book.worksheets[0]!.getRow(1).values as unknown[]).map(String)
    expect(header.some((h) => /price|amount|rap|disc/i.test(h))).toBe(false)
  })

  it('summarises the whole available stock for a full-stock subscriber', async () => {
    const id = await userId('buyer2')
    const ready = await waitFor(
      async () => (await events<DigestReady>('stock', 'stock.digest.ready')).find((e) => e.data.userId === id),
      30_000,
      'buyer2 digest',
    )
    const [{ n }] = await portal.sql<[{ n: number }]>`select count(*)::int as n from stock.stones where w_sts = 'A'`
    expect(ready.data).toMatchObject({ interval: 3, stockType: 0, period: endedPeriod(3, Date.now()).key })
    expect(ready.data.summary.count).toBe(n)
  })

  it('sends each user one digest a period, whatever the number of schedulers', async () => {
    const database = createDatabase(portal.databaseUrl, 'auth', { max: 4 })
    try {
      // Two more auth instances look for due digests at once, beside the portal's own every second.
      await portal.sql`update auth.users set is_stk_noti = true, stk_noti_dt = 1, stk_noti = 1 where username in ('seller1', 'sales1', 'admin1')`
      const others = [new DigestService(database, portal.secret), new DigestService(database, portal.secret)]
      await Promise.all([...others.map((s) => s.runDue()), ...others.map((s) => s.runDue())])
      await new Promise((r) => setTimeout(r, 2500))
      const due = await events<DigestDue>('auth', 'auth.digest.due')
      const keys = due.map((e) => `${e.data.userId}/${e.data.period}`)
      expect(new Set(keys).size).toBe(keys.length)
      expect(due.filter((e) => e.data.interval === 1).length).toBe(3)
      const ready = await waitFor(
        async () => {
          const r = await events<DigestReady>('stock', 'stock.digest.ready')
          return r.length === due.length ? r : null
        },
        30_000,
        'a ready digest for every due one',
      )
      expect(new Set(ready.map((e) => `${e.data.userId}/${e.data.period}`)).size).toBe(due.length)
      // One file per period, stock type and price view.
      const files = await events<DigestPrepared>('stock', 'stock.digest.prepared')
      expect(new Set(files.map((f) => f.data.fileKey)).size).toBe(files.length)
      expect(files.length).toBe(new Set(ready.map((e) => e.data.fileKey)).size)
    } finally {
      await database.end()
    }
  })

  it('unsubscribes with the link signed out, and with nothing else', async () => {
    const id = await userId('buyer1')
    const due = (await events<DigestDue>('auth', 'auth.digest.due')).find((e) => e.data.userId === id)!
    const token = due.data.unsubscribeToken
    const forged = `${id}.${'A'.repeat(token.length - id.length - 1)}`
    for (const bad of [forged, token.slice(0, -1), `${await userId('buyer2')}.${token.split('.')[1]}`, 'not-a-token']) {
      const r = await portal.call('user/stock-notification/unsubscribe', { token: bad })
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({ code: 'E_LINK_INVALID', data: { fields: [{ field: 'token' }] } })
    }
    expect((await portal.sql`select is_stk_noti from auth.users where id = ${id}`)[0]!.is_stk_noti).toBe(true)
    const r = await portal.call('user/stock-notification/unsubscribe', { token })
    expect(r.body.code).toBe('OK')
    expect((await portal.sql`select is_stk_noti from auth.users where id = ${id}`)[0]!.is_stk_noti).toBe(false)
    // Twice is fine: the link may be clicked again.
    expect((await portal.call('user/stock-notification/unsubscribe', { token })).body.code).toBe('OK')
  })
})

describe('stock digests through a real SMTP server (Mailpit)', () => {
  let mailpit: Mailpit
  let portal: TestPortal

  beforeAll(async () => {
    mailpit = await startTestMailpit()
    portal = await startTestPortal({
      stones: 300,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${mailpit.smtpPort}`,
        PUBLIC_URL: 'https://portal.example.test',
        AUTH_DIGEST_CHECK_SECONDS: '1',
      },
    })
    // noprice1 subscribes after start, in Hebrew: the next look (every second) finds them.
    await portal.sql`update auth.users set locale = 'he', is_stk_noti = true, stk_noti_dt = 2, stk_noti = 1 where username = 'noprice1'`
  })
  afterAll(async () => {
    await portal?.close()
    await mailpit?.stop()
  })

  it('arrives as text and HTML, right to left in Hebrew, with the Excel file of the stones attached', async () => {
    const weekly = endedPeriod(2, Date.now())
    const english = await nextMessage(mailpit.apiUrl, 'buyer1@demo.diamond-portal.test', { subject: /stock update/ })
    expect(english.HTML).toContain('<html lang="en" dir="ltr">')
    const mail = await nextMessage(mailpit.apiUrl, 'noprice1@demo.diamond-portal.test', { subject: /עדכון מלאי/ })
    const [{ n }] = await portal.sql<[{ n: number }]>`
      select count(*)::int as n from stock.stones where w_sts = 'A' and arrived_at >= ${weekly.since} and arrived_at < ${weekly.until}`
    expect(mail.Subject).toContain(`: ${n} |`)
    expect(mail.HTML).toContain('<html lang="he" dir="rtl">')
    expect(mail.HTML).toContain('https://portal.example.test/stock-notification/unsubscribe?token=')
    expect(mail.Text).toContain('https://portal.example.test/new-arrivals')
    const full = (await message(mailpit.apiUrl, mail.ID)) as unknown as {
      Attachments: { FileName: string; PartID: string; ContentType: string }[]
    }
    expect(full.Attachments.map((a) => a.FileName)).toEqual([`stock-digest-${weekly.key.replace(':', '-')}.xlsx`])
    const part = await fetch(`${mailpit.apiUrl}/api/v1/message/${mail.ID}/part/${full.Attachments[0]!.PartID}`)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await part.arrayBuffer()) as never)
    expect(book.worksheets[0]!.rowCount).toBe(n + 2)
    // No price reaches a reader who may not see prices, in the mail or the file.
    expect(mail.Text).not.toMatch(/USD|\$/)
    expect(
      (book.worksheets[0]!.getRow(1).values as unknown[]).map(String).some((h) => /price|amount|rap|disc/i.test(h)),
    ).toBe(false)
    const row = (
      await portal.sql`select status, attempts from notifications.mail_outbox where template = 'stock-digest' and "to" = 'noprice1@demo.diamond-portal.test'`
    )[0]!
    expect(row).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('drops a digest file once its period is long past and no mail carries it', async () => {
    await portal.sql`insert into notifications.digest_files (key, file_name, content, created_at)
                     values ('daily:2026-01-01:new:priced', 'old.xlsx', '\\x00', now() - interval '40 days'),
                            ('daily:2026-01-02:new:priced', 'kept.xlsx', '\\x00', now() - interval '40 days')`
    await portal.sql`insert into notifications.mail_outbox (id, message_id, "to", subject, text, html, template, language, attachment_key)
                     values (gen_random_uuid(), '<kept@test>', 'x@example.com', 's', 't', 'h', 'stock-digest', 'en', 'daily:2026-01-02:new:priced')`
    const recent = (
      await portal.sql`select key from notifications.digest_files where created_at > now() - interval '1 day'`
    ).length
    await purgeSent(portal.sql as never)
    const left = (await portal.sql<{ key: string }[]>`select key from notifications.digest_files`).map((r) => r.key)
    expect(left).not.toContain('daily:2026-01-01:new:priced')
    expect(left).toContain('daily:2026-01-02:new:priced')
    expect(left.length).toBe(recent + 1)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MODULES, type CompactPermissions } from '@diamond/contracts/permissions.values'
import { newEvent } from '@diamond/runtime'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'
import { nextMessage, startTestMailpit, type Mailpit } from '../../../test/mailpit'
import { biddingFixtures } from '../../bidding/test/bidding-fixtures'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** The text of a PDF, page by page, with where each piece stands (pdf.js, as a reader extracts it). */
async function pdfText(bytes: Uint8Array) {
  const pdf = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise
  const items: { str: string; x: number; width: number; pageWidth: number }[] = []
  for (let p = 1; p <= pdf.numPages; p++) {
    const page = await pdf.getPage(p)
    const pageWidth = page.getViewport({ scale: 1 }).width
    for (const it of (await page.getTextContent()).items)
      if ('str' in it) items.push({ str: it.str, x: it.transform[4] as number, width: it.width, pageWidth })
  }
  return { text: items.map((i) => i.str).join(' '), items }
}

/**
 * Issue 26, after the sale: a won lot becomes the winner's order (once, with its shipment, the cart
 * letting the stone go), the seller and the sales team are told, the stone reads "won by you" to its
 * buyer only; staff move the shipment on and the buyer hears of each step live and by mail (Mailpit).
 */
describe('after the sale', () => {
  let mailpit: Mailpit
  let portal: TestPortal
  let f: ReturnType<typeof biddingFixtures>
  const users: Record<string, { id: string; email: string; token: string }> = {}
  const all: CompactPermissions = Object.fromEntries(MODULES.map((m) => [m, 'via']))

  beforeAll(async () => {
    mailpit = await startTestMailpit()
    portal = await startTestPortal({
      stones: 60,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${mailpit.smtpPort}`,
        AUTH_DIGESTS: 'false',
        BIDDING_DEMO_AUCTIONS: 'false',
        BIDDING_CLOSE_GRACE_MS: '50',
      },
    })
    // Mail goes to Mailpit, not to the development mailbox a sign-in code is read from: tokens are signed.
    const rows = await portal.sql<
      { id: string; username: string; email: string; user_type: string; company_name: string }[]
    >`
      select id, username, email, user_type, company_name from auth.users where username in ('sales1', 'buyer1', 'buyer2', 'seller1')`
    for (const u of rows) {
      users[u.username] = {
        id: u.id,
        email: u.email,
        token: portal.tokens.sign({
          id: u.id,
          username: u.username,
          userType: u.user_type,
          perms: u.user_type === 'sales' ? all : { ...all, shipment: 'vi', order: 'vi' },
          noPrice: false,
          ver: 0,
          guest: false,
          trusted: true,
          company: u.company_name,
          operator: u.user_type === 'sales',
        }),
      }
    }
    f = biddingFixtures(portal, { staff: users.sales1!.token, browse: users.buyer1!.token })
    // Auth announces every user's invoice facts at start: stock knows the buyers before they buy.
    await waitFor(
      async () => (await portal.sql`select 1 from stock.buyers where username = 'buyer2'`)[0],
      20_000,
      'stock to learn the buyers',
    )
  }, 120_000)
  afterAll(async () => {
    await portal?.close()
    await mailpit?.stop()
  })

  const orderOfStone = async (token: string, stoneId: string) =>
    ((await portal.call('order/paginate', { page: 1, limit: 50 }, token)).body.data.list as any[]).find((o) =>
      o.lines.some((l: { stoneId: string }) => l.stoneId === stoneId),
    )

  it("makes a won lot the winner's order at the winning price, once, with its shipment; the stone leaves the cart", async () => {
    const { buyer1, buyer2, seller1 } = users as Required<typeof users>
    const [stone] = await f.upForBid(1)
    await portal.sql`update stock.stones set listed_by = ${seller1!.id} where id = ${stone!}`
    expect(
      (await portal.call('diamond-track/create', { trackType: 1, stoneIds: [stone] }, buyer2!.token)).body.code,
    ).toBe('OK')
    const { lots } = await f.auction('justBidIt', [stone!], {}, { buyNowPerCarat: 2000 })
    const lot = lots[0]!.id
    expect((await f.bid(buyer1!.token, lot, 1500)).body.code).toBe('OK')
    expect((await f.bid(buyer2!.token, lot, 2500)).body.code).toBe('OK')
    expect((await f.closed(lot)).state).toBe('won')

    const order = await waitFor(() => orderOfStone(buyer2!.token, stone!), 20_000, "the won lot's order")
    const [{ crt }] = await portal.sql<
      [{ crt: number }]
    >`select carat::float8 as crt from stock.stones where id = ${stone!}`
    expect(order).toMatchObject({
      source: 'auction',
      pcs: 1,
      buyerName: 'buyer2',
      billType: { code: 7, days: 3, value: 0 },
      shipmentStatus: 'confirmed',
      adjustmentCents: 0,
      finalAmountCents: Math.round(200_000 * crt),
      lines: [{ stoneId: stone, pricePerCaratCents: 200_000, finalPricePerCaratCents: 200_000 }],
    })
    // Invoice the next business day, pay within 3 more: at least 4 calendar days after the close.
    expect(Date.parse(order.payBy) - Date.parse(order.createdAt.slice(0, 10))).toBeGreaterThanOrEqual(4 * 86_400_000)
    expect((await portal.call('shipping-detail', { orderId: order.id }, buyer2!.token)).body.data).toMatchObject({
      status: 'confirmed',
      stones: 1,
    })
    // Nobody else sees it; the loser has no order.
    expect(await orderOfStone(buyer1!.token, stone!)).toBeUndefined()
    expect((await portal.call('order/view', { id: order.id }, buyer1!.token)).body.code).toBe('E_NOT_FOUND')

    // The stone is sold: "won by you" to the winner only; it left the winner's cart.
    const view = async (token: string) => (await portal.call('diamond/view', { id: stone }, token)).body.data
    expect(await view(buyer2!.token)).toMatchObject({ wSts: 'C', boughtByMe: 'auction' })
    expect((await view(buyer1!.token)).boughtByMe).toBeUndefined()
    const cart = await portal.call('diamond-track/paginate', { trackType: 1, page: 1, limit: 100 }, buyer2!.token)
    expect(cart.body.data.list.map((t: { stoneId?: string; id: string }) => t.stoneId ?? t.id)).not.toContain(stone)

    // The sales team hears of the order; the seller who listed the stone hears it sold (never who bought it).
    await waitFor(
      async () =>
        (
          await portal.sql`select 1 from notifications.notifications
             where kind = 'order.placed' and audience = 'sales' and params ->> 'orderId' = ${order.id}`
        )[0],
      15_000,
      'the sales team told',
    )
    const [sold] = await waitFor(
      async () => {
        const r = await portal.sql`select params from notifications.notifications
             where kind = 'order.sold' and user_id = ${seller1!.id} and params ->> 'orderId' = ${order.id}`
        return r.length ? r : null
      },
      15_000,
      'the seller told',
    )
    expect(sold!.params).toMatchObject({ orderNo: order.orderNo, vStnId: expect.any(String) })
    expect(JSON.stringify(sold!.params)).not.toContain('buyer2')

    // The same result again (a second delivery under a new envelope id) makes no second order.
    const [closedEvent] = await portal.sql<[{ event: { data: any } }]>`
      select event from bidding.outbox where key = ${lot} and type = 'bidding.lot.closed'`
    const again = newEvent('bidding', 'bidding.lot.closed', lot, closedEvent!.event.data)
    await portal.bus.publish([again])
    await waitFor(
      async () =>
        (
          await portal.sql`select 1 from stock.consumed_events where consumer = 'stock.bid-results' and event_id = ${again.id}`
        )[0],
      15_000,
      'the second delivery consumed',
    )
    const [{ n }] = await portal.sql<[{ n: number }]>`select count(*)::int as n from stock.orders where lot_id = ${lot}`
    expect(n).toBe(1)
  }, 90_000)

  it('lets staff move a shipment on one step at a time, shipping with carrier and tracking number; the buyer is told live and by mail', async () => {
    const { buyer1, sales1 } = users as Required<typeof users>
    const [stone] = (await portal.stones(buyer1!.token, 5)).map((s) => s.id)
    const placed = await portal.call('diamond-confirm/request', { ids: [stone], billType: 4 }, buyer1!.token, {
      'idempotency-key': `ship-${Date.now()}`,
    })
    expect(placed.body.code).toBe('OK')
    const orderId = placed.body.data.order.id as string
    const orderNo = placed.body.data.order.orderNo as string
    const move = (body: object, token = sales1!.token) =>
      portal.call('shipping-detail/update', { orderId, ...body }, token)

    // Staff see every shipment; a buyer may not move one; a step may not be skipped.
    const list = await portal.call('shipping-detail/paginate', { page: 1, limit: 250 }, sales1!.token)
    expect(list.body.data.list.map((x: { orderId: string }) => x.orderId)).toContain(orderId)
    expect((await move({ status: 'packed' }, buyer1!.token)).status).toBe(403)
    expect((await move({ status: 'shipped', trackingNo: 'MA-1' })).body.code).toBe('E_SHIPMENT_STEP')

    expect((await move({ status: 'packed' })).body.data).toMatchObject({ status: 'packed', trackingUrl: null })
    // Shipping needs the carrier as well as the number: the error names the missing field and nothing moves.
    const noCarrier = await move({ status: 'shipped', trackingNo: 'MA123456' })
    expect(noCarrier.body).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'carrier' }] } })
    expect((await move({ status: 'shipped', trackingNo: 'MA123456', carrier: 'Pigeon' })).body.code).toBe(
      'E_VALIDATION',
    )
    const shipped = await move({ status: 'shipped', trackingNo: 'MA123456', carrier: 'Malca-Amit' })
    expect(shipped.body.data).toMatchObject({
      status: 'shipped',
      carrier: 'Malca-Amit',
      trackingNo: 'MA123456',
      trackingUrl: 'https://www.malca-amit.com/tracking/?no=MA123456',
    })
    expect(shipped.body.data.steps.map((x: { status: string }) => x.status)).toEqual(['confirmed', 'packed', 'shipped'])

    // The buyer's notice (pushed live by the gateway like every notice) and mail, with the tracking link.
    await waitFor(
      async () =>
        (
          await portal.sql`select 1 from notifications.notifications where user_id = ${buyer1!.id}
             and kind = 'shipment.updated' and params ->> 'status' = 'shipped' and params ->> 'trackingUrl' like 'https://%'`
        )[0],
      15_000,
      'the buyer told',
    )
    const mail = await nextMessage(mailpit.apiUrl, buyer1!.email, { subject: new RegExp(`${orderNo}.*shipped`) })
    expect(mail.Text).toContain('Malca-Amit')
    expect(mail.Text).toContain('MA123456')
    expect(mail.Text).toContain('https://www.malca-amit.com/tracking/?no=MA123456')
    expect(mail.Text).toMatch(/\/account\/my-shipment/)
    const open = async () =>
      (
        await portal.call('shipping-detail/paginate', { page: 1, limit: 250, open: true }, sales1!.token)
      ).body.data.list.map((x: { orderId: string; status: string }) => [x.orderId, x.status])
    expect(await open()).toContainEqual([orderId, 'shipped'])
    expect((await move({ status: 'delivered' })).body.data.status).toBe('delivered')
    // The desk's open list is the shipments still to move on: a delivered one leaves it, whatever its age.
    const stillOpen = await open()
    expect(stillOpen.map(([id]: string[]) => id)).not.toContain(orderId)
    expect(stillOpen.every(([, status]: string[]) => status !== 'delivered')).toBe(true)
    await nextMessage(mailpit.apiUrl, buyer1!.email, { subject: new RegExp(`${orderNo}.*delivered`) })
  }, 90_000)

  it("prints the issuer, each stone's seller, the buyer's billing address and the taxes on an invoice that fits the page, in any script", async () => {
    const { buyer1 } = users as Required<typeof users>
    const company = 'יהלומי כהן 钻石贸易'
    // The buyer's company goes by a Hebrew and Chinese name (set as its admin would); saving a billing address announces both.
    await portal.sql`update auth.companies set name = ${company} where id = (select company_id from auth.users where id = ${buyer1!.id})`
    const saved = await portal.call(
      'address/upsert',
      {
        type: 'billing',
        line1: '12 Opera House',
        city: 'Mumbai',
        state: 'MH',
        country: 'India',
        pinCode: '400004',
        isDefault: true,
      },
      buyer1!.token,
    )
    expect(saved.body.code).toBe('OK')
    await waitFor(
      async () =>
        (
          await portal.sql`select 1 from stock.buyers where user_id = ${buyer1!.id} and billing is not null and company_name = ${company}`
        )[0],
      15_000,
      "stock to hear of the buyer's billing address",
    )
    const [stone] = (await portal.stones(buyer1!.token, 5)).map((s) => s.id)
    await portal.sql`update stock.stones set seller = 'Antwerp Brilliants' where id = ${stone!}`
    const placed = await portal.call('diamond-confirm/request', { ids: [stone], billType: 4 }, buyer1!.token, {
      'idempotency-key': `inv-${Date.now()}`,
    })
    expect(placed.body.code).toBe('OK')
    const order = placed.body.data.order
    const res = await fetch(`${portal.base}/web/v1/order/invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${buyer1!.token}` },
      body: JSON.stringify({ id: order.id }),
    })
    expect(res.headers.get('content-type')).toContain('application/pdf')
    const { text, items } = await pdfText(new Uint8Array(await res.arrayBuffer()))
    const flat = text.replace(/\s+/g, '')
    for (const word of ['יהלומי', 'כהן', '钻石贸易']) expect(flat).toContain(word)
    expect(text).toContain('Diamond Portal Trading Pvt. Ltd.')
    expect(text).toContain('GSTIN')
    expect(text).toContain('12 Opera House')
    expect(text).toContain('Mumbai, MH, 400004')
    expect(text).toContain('Antwerp Brilliants')
    expect(text).toContain('IGST 0.25%')
    const tax = Math.round((order.finalAmountCents * 250) / 100_000)
    const total = ((order.finalAmountCents + tax) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })
    expect(text).toContain(total)
    // Every piece of text, the "Final" column's included, lies within the page's margins.
    for (const i of items) expect(i.x + i.width, i.str).toBeLessThanOrEqual(i.pageWidth - 30)
  }, 60_000)
})

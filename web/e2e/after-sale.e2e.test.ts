import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiSession, call, openAs } from './support/api-session'
import { expectAccessible } from './support/axe'
import { chooseLanguage, newPage as openPage, SCREENS, usePortal } from './support/portal'

/**
 * Issue 26, after the sale, against the portal started as `npm start` starts it: a buyer wins a lot
 * in the bid room and sees "Won by you" on the stone's page and the order in purchase history;
 * another buyer (on a phone) sees "Sold"; the sales team ships the order from the shipments desk
 * with a carrier and tracking number, and the buyer's shipments page shows it live.
 */
const PUSH_WAIT_MS = 15_000
const portal = usePortal()

interface Created {
  auctionId: string
  lots: { id: string; stoneId: string; vStnId: string }[]
}

const badge = (page: Page, vStnId: string, text: string) =>
  page.getByTestId(`status-${vStnId}`).getByText(text, { exact: true }).waitFor({ timeout: PUSH_WAIT_MS })

describe('after the sale', () => {
  it('makes a won lot an order the winner sees, tells others it is sold, and ships it live with its tracking number', async () => {
    const [staff, winner, other] = await Promise.all([
      apiSession(portal, 'sales1'),
      apiSession(portal, 'buyer2'),
      apiSession(portal, 'buyer1'),
    ])
    // A stone put up for bid, in a just-bid-it lot with a buy-now price (created once bidding knows it).
    const list = await call<{ list: { id: string; availability: string }[] }>(
      portal,
      'diamond/paginate',
      { limit: 60 },
      other.token.jwt,
    )
    const stoneId = list.data.list.filter((s) => s.availability === 'A').at(-3)!.id
    expect((await call(portal, 'diamond/status-update', { id: stoneId, wSts: 'B' }, staff.token.jwt)).code).toBe('OK')
    let created: Created | null = null
    for (const deadline = Date.now() + 20_000; !created;) {
      const r = await call<Created>(
        portal,
        'diamond-bid/auction/create',
        {
          title: 'E2E after the sale',
          kind: 'justBidIt',
          incrementPerCarat: 10,
          opensAt: new Date(Date.now() - 60_000).toISOString(),
          closesAt: new Date(Date.now() + 3_600_000).toISOString(),
          lots: [{ stoneId, startPerCarat: 1000, buyNowPerCarat: 1200 }],
        },
        staff.token.jwt,
      )
      if (r.code === 'OK') created = r.data
      else if (r.code !== 'E_STONE_UNAVAILABLE' || Date.now() > deadline) throw new Error(JSON.stringify(r))
      else await new Promise((res) => setTimeout(res, 250))
    }
    const { auctionId } = created
    const vStnId = created.lots[0]!.vStnId

    const w = await openPage(portal, 1280, 900)
    const o = await openPage(portal, 390, 844)
    const s = await openPage(portal, 1280, 900)
    try {
      // The other buyer, on a phone, has the stone's page open while it is up for bid.
      await openAs(portal, o.page, other, `/diamond-detail/${stoneId}`)
      await o.page.getByTestId(`status-${vStnId}`).waitFor()

      // The winner buys it in the bid room at its buy-now price.
      await openAs(portal, w.page, winner, `/search-bid-diamond/${auctionId}`)
      await w.page.getByTestId(`lot-${vStnId}`).waitFor()
      await w.page.locator('[data-testid="bid-room"][data-joined="true"]').waitFor()
      await w.page.getByTestId(`bid-input-${vStnId}`).fill('1200')
      await w.page.getByTestId(`bid-submit-${vStnId}`).click()
      await w.page.getByTestId('confirm-yes').click()
      await w.page
        .locator(`[data-testid="lot-position-${vStnId}"][data-position="won"]`)
        .waitFor({ timeout: PUSH_WAIT_MS })

      // Sold to the others, live, not "Unavailable".
      await badge(o.page, vStnId, 'Sold')
      await o.page.screenshot({ path: join(SCREENS, 'after-sale-sold-390.png') })

      // The winner's stone page says so; the order is in purchase history, marked as won at auction.
      await w.page.goto(`${portal.base}/diamond-detail/${stoneId}`)
      await badge(w.page, vStnId, 'Won by you')
      await w.page.screenshot({ path: join(SCREENS, 'after-sale-won.png') })
      await w.page.goto(`${portal.base}/account/purchase-history`)
      const card = w.page.getByTestId('order-card').filter({ hasText: vStnId })
      await card.waitFor({ timeout: PUSH_WAIT_MS })
      await card.getByTestId('order-auction').getByText('Won at auction').waitFor()
      expect(await card.getByTestId('order-pay-by').textContent()).toMatch(/^Pay by \d{2}\/\d{2}\/\d{4}$/)
      const orderNo = (await card.getAttribute('data-order-no'))!
      await w.page.screenshot({ path: join(SCREENS, 'after-sale-purchase-history.png') })

      // The winner follows the shipment on a phone-sized page.
      await w.page.setViewportSize({ width: 390, height: 844 })
      await w.page.goto(`${portal.base}/account/my-shipment`)
      const shipment = w.page.getByTestId('shipment-card').filter({ hasText: orderNo })
      await shipment.waitFor()

      // The sales team moves it on from the shipments desk: packed, then shipped with carrier and number.
      await openAs(portal, s.page, staff, '/account/shipments')
      const desk = s.page.locator(`[data-testid="desk-card"][data-order-no="${orderNo}"]`)
      await desk.waitFor()
      await desk.getByTestId('desk-next').click()
      await s.page.locator(`[data-testid="desk-card"][data-order-no="${orderNo}"][data-status="packed"]`).waitFor()
      // Shipping asks for the carrier and a valid tracking number first; nothing is sent without them.
      await desk.getByTestId('desk-next').click()
      await desk.getByTestId('desk-problem').getByText('Choose the carrier.').waitFor()
      await desk.getByTestId('desk-carrier').selectOption('Malca-Amit')
      await desk.getByTestId('desk-tracking').fill('MA 1')
      await desk.getByTestId('desk-next').click()
      await desk
        .getByTestId('desk-problem')
        .getByText(/3 to 60 letters/)
        .waitFor()
      await desk.getByTestId('desk-tracking').fill('MA-778899')
      await s.page.screenshot({ path: join(SCREENS, 'after-sale-desk.png') })
      await desk.getByTestId('desk-next').click()
      await s.page.locator(`[data-testid="desk-card"][data-order-no="${orderNo}"][data-status="shipped"]`).waitFor()
      await expectAccessible(s.page, 'shipments desk')

      // The buyer's page shows the step, the number and the carrier's tracking link without a reload.
      await shipment.locator('[data-testid="shipment"][data-status="shipped"]').waitFor({ timeout: PUSH_WAIT_MS })
      expect(await shipment.getByTestId('shipment-tracking').textContent()).toContain('MA-778899')
      expect(await shipment.getByTestId('shipment-track-link').getAttribute('href')).toBe(
        'https://www.malca-amit.com/tracking/?no=MA-778899',
      )
      await w.page.screenshot({ path: join(SCREENS, 'after-sale-my-shipment-390.png') })

      // The desk on a phone: nothing runs off the screen.
      await s.page.setViewportSize({ width: 390, height: 844 })
      await s.page.getByTestId('desk-list').waitFor()
      expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await s.page.screenshot({ path: join(SCREENS, 'after-sale-desk-390.png') })
      // In Hebrew the desk reads right to left, its words translated.
      await chooseLanguage(s.page, 'he')
      await s.page.locator('html[dir="rtl"]').waitFor()
      await s.page.getByRole('heading', { name: 'ניהול משלוחים' }).waitFor()
      expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await s.page.screenshot({ path: join(SCREENS, 'after-sale-desk-390-he.png') })

      // The desk is the sales team's: a buyer finds no such screen.
      await w.page.goto(`${portal.base}/account/shipments`)
      await w.page.waitForURL('**/not-found')
    } finally {
      await Promise.all([w.context.close(), o.context.close(), s.context.close()])
    }
  }, 180_000)
})

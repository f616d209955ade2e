import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { newPage as openPage, SCREENS, signIn, usePortal } from './support/portal'

/**
 * A buyer fills the cart from the search grid and quotes a stone; the sales person's offer list,
 * already open in another browser, shows the offer live, and the counter-offer reaches the
 * buyer's offer list without a reload.
 */
const PUSH_WAIT_MS = 15_000
const portal = usePortal()

const mark = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1))
const marked = (page: Page) => page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)
const live = (page: Page) => page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor()

describe('lists and offers', () => {
  it('adds to cart, quotes, and negotiates live with the sales team', async () => {
    const buyer = await openPage(portal)
    const sales = await openPage(portal)
    try {
      await signIn(portal, sales.page, 'sales1')
      await sales.page.goto(`${portal.base}/account/offer-list`)
      await sales.page.getByTestId('offer-list').waitFor()
      await live(sales.page)
      await mark(sales.page)

      await signIn(portal, buyer.page, 'buyer1')
      const rows = buyer.page.locator('[data-testid^="stone-row-"][data-status="A"]')
      await rows.first().waitFor()
      const ids = await Promise.all(
        [0, 1].map(async (i) => ((await rows.nth(i).getAttribute('data-testid')) ?? '').replace('stone-row-', '')),
      )
      // Nothing selected: the spec's prompt.
      await buyer.page.getByTestId('action-cart').click()
      await buyer.page.getByText('Please select stone(stones) to add to cart').waitFor()
      for (const id of ids) await buyer.page.getByTestId(`select-${id}`).check()
      await buyer.page.getByTestId('action-cart').click()
      await buyer.page.getByText('Added 2; 0 already in the list.').waitFor()

      await buyer.page.goto(`${portal.base}/account/cart`)
      for (const id of ids) await buyer.page.getByTestId(`stone-row-${id}`).waitFor()
      expect(await buyer.page.getByTestId('stones-count').textContent()).toContain('2')
      await buyer.page.screenshot({ path: join(SCREENS, 'cart.png') })

      // Quote the first stone from the cart, 90 below the most a quote may be.
      const [vStnId] = ids as [string]
      await buyer.page.getByTestId(`select-${vStnId}`).check()
      await buyer.page.getByTestId('action-quote').click()
      const max = Number(await buyer.page.getByTestId('quote-hint').getAttribute('data-max'))
      const quote = Math.floor(max - 90)
      await buyer.page.getByTestId('list-dialog-price').fill(String(quote))
      await buyer.page.getByTestId('list-dialog-ok').click()
      await buyer.page.getByText('Quote sent for 1 stone(s); 0 already open.').waitFor()

      await buyer.page.goto(`${portal.base}/account/offer-list`)
      const mine = buyer.page.locator(`[data-testid="offer-${vStnId}"][data-turn="sales"]`)
      await mine.waitFor()
      await live(buyer.page)
      await mark(buyer.page)

      // The sales person's list shows the offer without a reload, and they counter.
      const theirs = sales.page.locator(`[data-testid="offer-${vStnId}"][data-turn="sales"]`)
      await theirs.waitFor({ timeout: PUSH_WAIT_MS })
      expect(await marked(sales.page)).toBe(1)
      expect(await theirs.getByTestId('offer-buyer').textContent()).toContain('buyer1')
      await sales.page.screenshot({ path: join(SCREENS, 'offer-list-sales.png') })
      await theirs.getByTestId('offer-counter-price').fill(String(quote + 50))
      await theirs.getByTestId('offer-counter').click()
      await sales.page.locator(`[data-testid="offer-${vStnId}"][data-turn="buyer"]`).waitFor()

      // The buyer's page, never reloaded, shows the counter and may answer it.
      const countered = buyer.page.locator(`[data-testid="offer-${vStnId}"][data-turn="buyer"]`)
      await countered.waitFor({ timeout: PUSH_WAIT_MS })
      expect(await marked(buyer.page)).toBe(1)
      expect((await countered.getByTestId('offer-sales-price').textContent())?.replace(/[^\d.]/g, '')).toBe(
        `${quote + 50}.00`,
      )
      await countered.getByTestId('offer-accept').waitFor()
      await buyer.page.screenshot({ path: join(SCREENS, 'offer-list-buyer.png') })

      // A counter names only what the rules allow (10 above the buyer's price, 10 below the sales
      // side's), and says why a price does not fit before anything is sent.
      const usd = (n: number) => `$${n.toLocaleString('en-US')}.00`
      expect(await countered.getByTestId('offer-counter-range').textContent()).toBe(
        `A counter may name ${usd(quote + 10)} to ${usd(quote + 40)}.`,
      )
      await countered.getByTestId('offer-counter-price').fill(String(quote + 45))
      await countered.getByTestId('offer-counter-problem').waitFor()
      expect(await countered.getByTestId('offer-counter').isDisabled()).toBe(true)
      await countered.getByTestId('offer-counter-price').fill(String(quote + 40))
      await countered.getByTestId('offer-counter').click()
      // Now the two prices are 10 apart: the sales side has no legal counter, only accept or reject.
      const closing = sales.page.locator(`[data-testid="offer-${vStnId}"][data-turn="sales"]`)
      await closing.getByTestId('offer-no-counter').waitFor({ timeout: PUSH_WAIT_MS })
      expect(await closing.getByTestId('offer-counter').count()).toBe(0)
      await closing.getByTestId('offer-accept').waitFor()
    } finally {
      await buyer.context.close()
      await sales.context.close()
    }
  })

  it("sets a reminder in the reader's own time and lists it in India time beside theirs", async () => {
    const buyer = await openPage(portal)
    try {
      await signIn(portal, buyer.page, 'buyer1')
      const row = buyer.page.locator('[data-testid^="stone-row-"][data-status="A"]').nth(3)
      await row.waitFor()
      const id = ((await row.getAttribute('data-testid')) ?? '').replace('stone-row-', '')
      await buyer.page.getByTestId(`select-${id}`).check()
      await buyer.page.getByTestId('action-reminder').click()
      // The browser here runs in UTC: the dialog says whose clock the time is typed in.
      expect(await buyer.page.getByTestId('list-dialog-zone').textContent()).toContain('(UTC)')
      await buyer.page.getByTestId('list-dialog-date').fill('2099-03-01T09:00')
      await buyer.page.getByTestId('list-dialog-ok').click()
      await buyer.page.goto(`${portal.base}/account/reminder`)
      const at = buyer.page.getByTestId(`track-${id}`).getByTestId('reminder-at')
      await at.waitFor()
      // 09:00 UTC is 02:30 PM in India, told as IST, with the reader's own time beside it.
      expect(await at.textContent()).toMatch(/^01\/03\/2099 02:30 PM IST \(your time: .*9:00/)
    } finally {
      await buyer.context.close()
    }
  })
})

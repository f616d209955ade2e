import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiSession, call, openAs } from './support/api-session'
import { chooseLanguage, newPage as openPage, SCREENS, usePortal } from './support/portal'

/**
 * The sales team sets up an auction on its own screen, against the portal started as `npm start`
 * starts it (demo stones up for bid): every problem is named beside its field, the new auction is
 * listed and its room shows its stones; a buyer cannot open the screen.
 */
const portal = usePortal()

/** The demo's own auctions (one of each kind, rebuilt as each closes): never the one a test made. */
const DEMO_AUCTION = /Demo (live|blind|look and bid|just bid it) auction/

describe('auction screen', () => {
  it('lets the sales team offer stones up for bid in a new auction and lists it, and is closed to buyers', async () => {
    const { page, context } = await openPage(portal, 1280, 900)
    try {
      const sales = await apiSession(portal, 'sales1')
      await openAs(portal, page, sales, '/account/auctions')
      await page.getByTestId('auction-stones').waitFor()
      // The menu leads here for staff.
      expect(await page.locator('a[href="/account/auctions"]').count()).toBeGreaterThan(0)

      // Nothing filled in: each problem beside its field, nothing sent.
      await page.getByTestId('auction-create').click()
      await page.getByTestId('auction-title-error').getByText('Please fill this in.').waitFor()
      await page.getByTestId('auction-lots-error').getByText('Offer at least one stone.').waitFor()

      // Two stones of the list, their start suggested from the asking price; one reserve under its start.
      // The last two of the first page: the demo's own auctions take their stones from the top.
      const picks = page.locator('[data-testid^="pick-"]')
      const n = await picks.count()
      expect(n).toBeGreaterThan(10)
      const ids = [
        (await picks.nth(n - 2).getAttribute('data-testid'))!.slice(5),
        (await picks.nth(n - 1).getAttribute('data-testid'))!.slice(5),
      ]
      await picks.nth(n - 2).check()
      await picks.nth(n - 1).check()
      await page.getByTestId('auction-lots').waitFor()
      // Another kind that takes the same stones keeps them, with their prices.
      await page.locator('#auction-kind').selectOption('blind')
      await page.locator('#auction-kind').selectOption('live')
      for (const v of ids) await page.getByTestId(`lot-start-${v}`).waitFor()
      expect(await page.getByTestId('auction-dropped').count()).toBe(0)
      const start = Number(await page.getByTestId(`lot-start-${ids[0]}`).inputValue())
      expect(start).toBeGreaterThan(0)
      await page.getByTestId(`lot-reserve-${ids[0]}`).fill(String(start - 1))
      await page.locator('#auction-title').fill('Friday evening live')
      await page.getByTestId('auction-create').click()
      await page.getByText('The reserve must be at least the start.').waitFor()
      await page.getByTestId(`lot-reserve-${ids[0]}`).fill(String(start + 50))
      await page.getByTestId('auction-create').click()
      await page.getByTestId('toast').getByText('Auction “Friday evening live” created. Stones offered: 2.').waitFor()

      // Listed first, its stones gone from the free ones, its room holding them.
      // The demo keeps one running auction of each kind and builds a new one when one closes (each
      // closes within the hour), so a demo auction may be created after ours: newest first, ours
      // leads every auction but the demo's.
      // The list is read again after the toast: wait for ours to be in it before judging its place.
      await page.getByTestId('auction-list').locator('tbody tr', { hasText: 'Friday evening live' }).waitFor()
      const row = page.getByTestId('auction-list').locator('tbody tr').filter({ hasNotText: DEMO_AUCTION }).first()
      expect(await row.textContent()).toContain('Friday evening live')
      expect(await row.textContent()).toContain('Live bid')
      await page.locator(`[data-testid="pick-${ids[0]}"]`).waitFor({ state: 'detached' })
      expect(await page.getByTestId('auction-lots').count()).toBe(0)
      await page.locator('#auction-title').fill('x')
      await page.screenshot({ path: join(SCREENS, 'auctions.png'), fullPage: true })
      await row.getByRole('link').click()
      await page.getByTestId('bid-room').waitFor()
      for (const v of ids) await page.getByTestId(`lot-${v}`).waitFor()
      // Counted for staff: two stones, both running, no bid yet.
      const created = await call<{ list: { title: string; lots: number; bids: number | null; unfinished: number }[] }>(
        portal,
        'diamond-bid/auction/paginate',
        { limit: 5 },
        sales.token.jwt,
      )
      // The demo's "just bid it" auction may have been topped up since ours: ours by its title.
      const ours = created.data.list.find((a) => a.title === 'Friday evening live')
      expect(ours).toMatchObject({ lots: 2, unfinished: 2, bids: 0 })

      // Withdrawn from the list, after a question: its lots end without a winner, its stones are free again.
      await page.goto(`${portal.base}/account/auctions`)
      const first = page.getByTestId('auction-list').locator('tbody tr').filter({ hasNotText: DEMO_AUCTION }).first()
      await first.locator('[data-testid^="withdraw-"]').click()
      await page.getByTestId('confirm-yes').click()
      await page.getByTestId('toast').getByText('Auction withdrawn. Lots ended without a winner: 2.').waitFor()
      await first.locator('[data-testid^="withdraw-"]').waitFor({ state: 'detached' })
      expect(await first.textContent()).toContain('Friday evening live')

      // Right to left, translated.
      await page.goto(`${portal.base}/account/auctions`)
      await page.getByTestId('auction-stones').waitFor()
      await chooseLanguage(page, 'he')
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      await page.getByText('מכירה פומבית חדשה').waitFor()
      await page.screenshot({ path: join(SCREENS, 'auctions-he.png'), fullPage: true })
      await chooseLanguage(page, 'en')

      // A buyer has no such screen.
      const buyer = await apiSession(portal, 'buyer1')
      await openAs(portal, page, buyer, '/account/auctions')
      await page.waitForURL('**/not-found')
      expect(await page.locator('a[href="/account/auctions"]').count()).toBe(0)
    } catch (e) {
      await page.screenshot({ path: join(SCREENS, 'auctions-failure.png'), fullPage: true })
      throw e
    } finally {
      await context.close()
    }
  })
})

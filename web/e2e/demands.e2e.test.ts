import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { newPage, SCREENS, signIn, usePortal } from './support/portal'

/**
 * Spec section 8's "sorry, we have no match" with an offer to add a demand: a search that finds
 * nothing opens My Demand with the form filled in from it, the demand shows in the list (a table,
 * and cards on a phone), and it is deleted after the spec's confirm text.
 */
const portal = usePortal()

async function settledCount(page: Page): Promise<number> {
  const text = await page.waitForFunction(() => {
    const button = document.querySelector('[data-testid="search-submit"]')
    const count = document.querySelector('[data-testid="search-count"]')?.textContent ?? ''
    return button?.getAttribute('data-counting') === 'false' && /^[\d,]+$/.test(count) ? count : null
  })
  return Number(String(await text.jsonValue()).replace(/,/g, ''))
}

describe('my demand', () => {
  it('offers a demand when a search finds nothing, prefilled from the search, and lists it', async () => {
    const { context, page } = await newPage(portal)
    const phone = await newPage(portal, 390, 844)
    try {
      await signIn(portal, page, 'buyer2')
      await page.goto(`${portal.base}/account/my-demand`)
      await page.getByTestId('screen-myDemand').getByText('You have no demands yet.').waitFor()

      // Hearts of 40 to 45 carats: the stock has none.
      await page.goto(`${portal.base}/diamond-search`)
      await page.getByTestId('search-actions').waitFor()
      await page.getByTestId('chip-shpNm-HEART').click()
      await page.getByTestId('crt-0-from').fill('40')
      await page.getByTestId('crt-0-to').fill('45')
      expect(await settledCount(page)).toBe(0)
      await page.getByTestId('search-submit').click()
      expect(await page.getByTestId('search-notice').textContent()).toBe('No data found for requested search criteria.')
      await page.getByTestId('no-match-offer').getByText('Sorry, we have no match.', { exact: false }).waitFor()
      await page.getByTestId('add-demand').click()

      // Buy requests (issue 26), the form open and filled in from the search.
      const form = page.getByTestId('demand-form')
      await form.waitFor()
      expect(new URL(page.url()).pathname).toBe('/account/buy-request')
      expect(await form.getByTestId('demand-chip-shpNm-HEART').getAttribute('aria-pressed')).toBe('true')
      expect(await form.getByTestId('dem-crt-0-from').inputValue()).toBe('40')
      expect(await form.getByTestId('dem-crt-0-to').inputValue()).toBe('45')
      expect(await form.getByTestId('demand-till').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      // A title is required.
      await form.getByTestId('demand-save').click()
      await form.getByTestId('demand-title-error').waitFor()
      await form.getByTestId('demand-title').fill('Big hearts for a client')
      await form.getByTestId('demand-description').fill('Any colour, eye clean.')
      await page.screenshot({ path: join(SCREENS, 'demand-form.png') })
      await form.getByTestId('demand-save').click()
      await page.getByText('Demand added. We will tell you when a matching stone arrives.').waitFor()
      expect(new URL(page.url()).search).toBe('')

      const row = page.getByTestId('demand-table').locator('tbody tr').filter({ hasText: 'Big hearts for a client' })
      await row.waitFor()
      expect(await row.getAttribute('data-state')).toBe('new')
      expect(await row.getByTestId('demand-state').textContent()).toBe('New')
      expect(await row.textContent()).toContain('None yet')
      expect(await row.locator('[data-filter="shpNm"]').textContent()).toContain('HEART')
      await page.screenshot({ path: join(SCREENS, 'my-demand.png') })

      // The phone shows the same demand as a card.
      await signIn(portal, phone.page, 'buyer2')
      await phone.page.goto(`${portal.base}/account/my-demand`)
      const card = phone.page.getByTestId('demand-cards').locator('li').filter({ hasText: 'Big hearts for a client' })
      await card.waitFor()
      expect(await card.getAttribute('data-state')).toBe('new')
      await phone.page.screenshot({ path: join(SCREENS, 'my-demand-phone.png') })

      // A demand the stock already meets is open, and its count opens those stones in the grid.
      await page.getByTestId('demand-add').click()
      await form.getByTestId('demand-title').fill('Rounds')
      await form.getByTestId('demand-chip-shpNm-ROUND').click()
      await form.getByTestId('demand-chip-colNm-D').click()
      await form.getByTestId('demand-save').click()
      const open = page.getByTestId('demand-table').locator('tbody tr').filter({ hasText: 'Rounds' })
      await open.waitFor()
      expect(await open.getAttribute('data-state')).toBe('open')
      const matches = Number((await open.getByTestId('demand-matches').textContent())!.replace(/,/g, ''))
      expect(matches).toBeGreaterThan(0)
      await open.getByTestId('demand-matches').click()
      await page.getByRole('heading', { name: 'Stones for your demand' }).waitFor()
      expect(new URL(page.url()).search).toMatch(/^\?demand=/)
      await page.locator('[data-testid^="stone-row-"]').first().waitFor()
      expect(Number((await page.getByTestId('stones-count').locator('strong').textContent())!.replace(/,/g, ''))).toBe(
        matches,
      )
      await page.goBack()

      // Delete, after the spec's confirm text.
      await row.getByTestId('demand-delete').click()
      expect(await page.getByTestId('confirm-text').textContent()).toBe('Are you sure you want to delete?')
      await page.getByTestId('confirm-yes').click()
      await page.getByText('Demand deleted.').waitFor()
      await row.waitFor({ state: 'detached' })
      expect(await page.getByTestId('demand-table').locator('tbody tr').count()).toBe(1)
    } finally {
      await context.close()
      await phone.context.close()
    }
  })
})

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chooseLanguage, newPage as openPage, SCREENS, signIn, usePortal } from './support/portal'

/**
 * The search forms against the portal started as `npm start` starts it (25,000 demo stones), with a
 * small result limit so that a broad search trips it: the live count, Search to the result page,
 * the limit and no-result messages, Save search and its list, delete with the confirm, and the
 * form right to left in Hebrew.
 */
const LIMIT = 1000
// Read by the stock service when usePortal starts the portal (it passes its own environment on).
process.env.STOCK_SEARCH_LIMIT = String(LIMIT)
const portal = usePortal()
const newPage = (width?: number, height?: number) => openPage(portal, width, height)
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/** The live count once the form's latest change has been counted. */
async function settledCount(page: Page): Promise<number> {
  const text = await page.waitForFunction(() => {
    const button = document.querySelector('[data-testid="search-submit"]')
    const count = document.querySelector('[data-testid="search-count"]')?.textContent ?? ''
    return button?.getAttribute('data-counting') === 'false' && /^[\d,]+$/.test(count) ? count : null
  })
  return Number(String(await text.jsonValue()).replace(/,/g, ''))
}

async function openSearch(page: Page, path = '/diamond-search'): Promise<number> {
  await page.goto(`${portal.base}${path}`)
  await page.getByTestId('search-actions').waitFor()
  return settledCount(page)
}

describe('diamond search', () => {
  it('counts live, stops at the limit and on no result, searches, saves and deletes a saved search', async () => {
    const { context, page } = await newPage()
    try {
      await signIn(portal, page, 'buyer1')

      const all = await openSearch(page)
      expect(all).toBeGreaterThan(LIMIT)
      await page.getByTestId('recent-searches').getByText('Your recent search is empty.').waitFor()

      // Every round stone is far above the limit: Search stays on the form with the spec's text.
      await page.getByTestId('chip-shpNm-ROUND').click()
      const rounds = await settledCount(page)
      expect(rounds).toBeLessThan(all)
      expect(rounds).toBeGreaterThan(LIMIT)
      await page.getByTestId('search-submit').click()
      expect(await page.getByTestId('search-notice').textContent()).toBe(
        `Please narrow your search, as result is > ${LIMIT} Diamonds`,
      )
      expect(new URL(page.url()).pathname).toBe('/diamond-search')
      await page.screenshot({ path: join(SCREENS, 'search-limit.png') })

      // Colours and a size band bring the count down.
      await page.getByTestId('chip-colNm-D').click()
      await page.getByTestId('chip-colNm-E').click()
      await page.getByTestId('size-1.00-1.49').click()
      const found = await settledCount(page)
      expect(found).toBeGreaterThan(0)
      expect(found).toBeLessThanOrEqual(LIMIT)
      expect(await page.getByTestId('chip-colNm-D').getAttribute('aria-pressed')).toBe('true')
      // Any change takes the old message away.
      expect(await page.getByTestId('search-notice').count()).toBe(0)

      // An inverted carat range is flagged on its field, and nothing is searched.
      await page.getByTestId('crt-add').click()
      await page.getByTestId('crt-1-from').fill('2')
      await page.getByTestId('crt-1-to').fill('1')
      await page.getByTestId('crt-1-to').blur()
      expect(await page.getByTestId('crt-1-error').textContent()).toBe('From must not be more than To.')
      await page.getByTestId('search-submit').click()
      expect(new URL(page.url()).pathname).toBe('/diamond-search')
      await page.getByTestId('crt-1-remove').click()
      expect(await settledCount(page)).toBe(found)
      await page.screenshot({ path: join(SCREENS, 'search-form.png'), fullPage: true })

      // Save search: the title is required.
      await page.getByTestId('search-save').click()
      await page.getByTestId('save-search-confirm').click()
      expect(await page.getByTestId('save-search-title-error').textContent()).toBe('Please enter a title.')
      await page.getByTestId('save-search-title').fill('Rounds D-E one carat')
      await page.screenshot({ path: join(SCREENS, 'search-save-dialog.png') })
      await page.getByTestId('save-search-confirm').click()
      await page.getByTestId('save-search-dialog').waitFor({ state: 'hidden' })

      // Search opens the result page of the stored (recent) search.
      await page.getByTestId('search-submit').click()
      await page.waitForURL(new RegExp(`/diamond-list/${UUID}$`))

      // The recent search is listed with its summary.
      await openSearch(page)
      const recent = page.getByTestId('recent-searches').getByTestId('search-row').first()
      expect(await recent.getByTestId('search-summary').textContent()).toBe('ROUND · 1.00–1.49 ct · D, E')
      expect(await recent.getByTestId('search-item-count').textContent()).toBe(
        `${found.toLocaleString('en-US')} stones`,
      )

      // Nothing found: the count shows 0 and Search says so without leaving.
      await page.getByTestId('advanced-toggle').click()
      await page.getByTestId('ids-stoneIds').fill('NO-SUCH-STONE-1, NO-SUCH-STONE-2')
      expect(await settledCount(page)).toBe(0)
      await page.getByTestId('search-submit').click()
      expect(await page.getByTestId('search-notice').textContent()).toBe('No data found for requested search criteria.')
      expect(new URL(page.url()).pathname).toBe('/diamond-search')
      await page.getByTestId('search-reset').click()
      expect(await settledCount(page)).toBe(all)

      // The saved search is listed; deleting it asks first.
      await page.goto(`${portal.base}/account/saved-search`)
      const saved = page.getByTestId('searches-saved').getByTestId('search-row')
      await saved.first().waitFor()
      expect(await saved.count()).toBe(1)
      expect(await saved.first().textContent()).toContain('Rounds D-E one carat')
      expect(await saved.first().getByTestId('search-summary').textContent()).toBe('ROUND · 1.00–1.49 ct · D, E')
      await page.screenshot({ path: join(SCREENS, 'saved-searches.png') })

      // Edit opens the form filled with it.
      await saved.first().locator('[data-testid^="search-edit-"]').click()
      await page.waitForURL(new RegExp(`/diamond-search/${UUID}$`))
      await page.getByTestId('search-editing').waitFor()
      expect(await page.getByTestId('chip-shpNm-ROUND').getAttribute('aria-pressed')).toBe('true')
      expect(await page.getByTestId('size-1.00-1.49').getAttribute('aria-pressed')).toBe('true')
      expect(await settledCount(page)).toBe(found)

      await page.goto(`${portal.base}/account/saved-search`)
      await saved.first().locator('[data-testid^="search-delete-"]').click()
      expect(await page.getByTestId('confirm-text').textContent()).toBe('Are you sure you want to delete?')
      await page.getByTestId('confirm-yes').click()
      await page.getByText('Your saved search is empty.').waitFor()

      // The recent ones are in the second tab.
      await page.getByTestId('searches-tab-recent').click()
      await page.getByTestId('searches-recent').getByTestId('search-row').first().waitFor()
      await page.screenshot({ path: join(SCREENS, 'recent-searches.png') })
    } finally {
      await context.close()
    }
  })

  it('searches fancy colours, match pairs and quickly, lays the form out right to left in Hebrew and fits a phone', async () => {
    const { context, page } = await newPage()
    const phone = await newPage(375, 740)
    try {
      await signIn(portal, page, 'buyer2')

      // Fancy search: fancy colour instead of white colour, then the usual result page.
      await openSearch(page, '/fancy-search')
      expect(await page.getByTestId('group-colNm').count()).toBe(0)
      await page.getByTestId('chip-fcColNm-PINK').click()
      const pinks = await settledCount(page)
      expect(pinks).toBeGreaterThan(0)
      expect(pinks).toBeLessThanOrEqual(LIMIT)
      await page.getByTestId('search-submit').click()
      await page.waitForURL(new RegExp(`/diamond-list/${UUID}$`))

      // Match pair search opens the match pair results.
      await openSearch(page, '/search-match-pair')
      await page.getByTestId('chip-shpNm-ROUND').click()
      expect(await settledCount(page)).toBeGreaterThan(0)
      await page.screenshot({ path: join(SCREENS, 'search-match-pair.png'), fullPage: true })
      await page.getByTestId('search-submit').click()
      await page.waitForURL(new RegExp(`/match-pair/${UUID}$`))

      // Quick search: a colour × clarity cell and a carat, then Enter in the carat field searches.
      await openSearch(page, '/quick-search')
      await page.getByTestId('cell-G-VS1').click()
      expect(await page.getByTestId('chip-colNm-G').getAttribute('aria-pressed')).toBe('true')
      await page.getByTestId('crt-0-from').fill('1')
      expect(await settledCount(page)).toBeGreaterThan(0)
      await page.screenshot({ path: join(SCREENS, 'quick-search.png'), fullPage: true })
      await page.getByTestId('crt-0-from').press('Enter')
      await page.waitForURL(new RegExp(`/diamond-list/${UUID}$`))

      await openSearch(page)
      await chooseLanguage(page, 'he')
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        'he',
        'rtl',
      ])
      expect(await page.getByTestId('group-shpNm').locator('.srch-label').textContent()).toBe('צורה')
      // The filter names sit on the right of their choices.
      const label = await page.getByTestId('group-colNm').locator('.srch-label').boundingBox()
      const chip = await page.getByTestId('chip-colNm-D').boundingBox()
      expect(label && chip && label.x > chip.x).toBe(true)
      await page.getByTestId('chip-shpNm-PEAR').click()
      await settledCount(page)
      await page.getByTestId('advanced-toggle').click()
      await page.screenshot({ path: join(SCREENS, 'search-form-he.png'), fullPage: true })
      await chooseLanguage(page, 'en')

      await signIn(portal, phone.page, 'buyer2')
      await openSearch(phone.page)
      // Nothing spills sideways on a phone.
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await phone.page.screenshot({ path: join(SCREENS, 'search-form-mobile.png'), fullPage: true })
      await openSearch(phone.page, '/quick-search')
      await phone.page.getByTestId('quick-text').fill('1.01 round G VS1')
      await phone.page.getByTestId('quick-submit').click()
      await phone.page.waitForURL(
        (u) => u.pathname === '/diamond-list' && u.searchParams.get('q') === '1.01 round G VS1',
      )
    } finally {
      await context.close()
      await phone.context.close()
    }
  })

  it('hides the price filters from a user who may not see prices', async () => {
    const { context, page } = await newPage()
    try {
      await signIn(portal, page, 'noprice1')
      await openSearch(page)
      expect(await page.getByTestId('price-filters').count()).toBe(0)
      await page.getByTestId('chip-shpNm-HEART').click()
      await page.getByTestId('size-0.50-0.69').click()
      expect(await settledCount(page)).toBeGreaterThan(0)
      await page.getByTestId('search-submit').click()
      await page.waitForURL(new RegExp(`/diamond-list/${UUID}$`))
    } finally {
      await context.close()
    }
  })
})

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiSession, openAs, type LoginData } from './support/api-session'
import { expectAccessible } from './support/axe'
import { chooseLanguage, newPage as openPage, SCREENS, usePortal } from './support/portal'

/**
 * The result grid as a buyer uses it, against the portal started as `npm start` starts it: sort,
 * choose columns, select, compare, open a detail; a second buyer's hold arrives live while the
 * first one's selection and scroll stay; the same grid in Hebrew reads right to left.
 */
const PUSH_WAIT_MS = 10_000
const portal = usePortal()
const newPage = (width?: number, height?: number) => openPage(portal, width, height)
const rows = '[data-testid^="stone-row-"]'

async function openGrid(page: Page, session: LoginData, path: string): Promise<void> {
  await openAs(portal, page, session, path)
  await page.locator(rows).first().waitFor()
  await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor()
}

/** The rendered rows' stone numbers and one column's texts, top to bottom. */
async function column(page: Page, key: string): Promise<string[]> {
  return page.locator(`${rows} [data-col="${key}"]`).allTextContents()
}
const carats = async (page: Page) => (await column(page, 'crt')).map((t) => Number(t.replace(/,/g, '')))
const vStnIdOf = async (row: ReturnType<Page['locator']>) =>
  ((await row.getAttribute('data-testid')) ?? '').replace('stone-row-', '')

/** Clicks and waits for the page read it causes. */
async function clickAndRead(page: Page, testId: string): Promise<void> {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/diamond/paginate')),
    page.getByTestId(testId).click(),
  ])
  // The rows re-render from the answer on the next frame.
  await page.waitForTimeout(100)
}

describe('result grid', () => {
  it('sorts, chooses columns, selects, compares and opens a detail; a hold arrives live; Hebrew is right to left', async () => {
    const a = await newPage()
    const b = await newPage()
    try {
      const [buyer1, buyer2] = await Promise.all([apiSession(portal, 'buyer1'), apiSession(portal, 'buyer2')])
      await openGrid(a.page, buyer1, '/new-arrivals')
      expect(await a.page.getByTestId('stones-range').textContent()).toMatch(/^1–250 of /)
      // The whole result's totals, under the grid.
      await a.page.getByTestId('grid-totals').waitFor()
      await expectAccessible(a.page, 'the stock grid')

      // Sort by carat: ascending, then descending.
      await clickAndRead(a.page, 'sort-crt')
      expect(await a.page.getByTestId('col-crt').getAttribute('aria-sort')).toBe('ascending')
      const up = await carats(a.page)
      expect(up.length).toBeGreaterThan(5)
      expect(up).toEqual([...up].sort((x, y) => x - y))
      await clickAndRead(a.page, 'sort-crt')
      expect(await a.page.getByTestId('col-crt').getAttribute('aria-sort')).toBe('descending')
      const down = await carats(a.page)
      expect(down).toEqual([...down].sort((x, y) => y - x))
      expect(down[0]).toBeGreaterThanOrEqual(up[up.length - 1]!)
      // Columns that are not sortable have no sort control.
      expect(await a.page.getByTestId('sort-locNm').count()).toBe(0)
      await a.page.screenshot({ path: join(SCREENS, 'grid-sorted.png') })

      // Hide a column: it leaves the header and the rows, and the choice is kept for this user.
      expect(await a.page.getByTestId('col-locNm').count()).toBe(1)
      await a.page.getByTestId('columns-button').click()
      await a.page.getByTestId('columns-panel').waitFor()
      // Details and Action have no checkbox.
      expect(await a.page.getByTestId('column-toggle-Details').count()).toBe(0)
      await a.page.getByTestId('column-toggle-locNm').uncheck()
      await a.page.screenshot({ path: join(SCREENS, 'grid-columns.png') })
      await a.page.keyboard.press('Escape')
      expect(await a.page.getByTestId('col-locNm').count()).toBe(0)
      expect(await a.page.locator(`${rows} [data-col="locNm"]`).count()).toBe(0)
      const kept = await a.page.evaluate(() => localStorage.getItem('diamond-portal.gridPrefs') ?? '')
      expect(kept).toContain(buyer1.user.id)
      expect(kept).not.toContain('locNm')

      // Nothing selected: compare asks for stones first.
      await a.page.getByTestId('action-compare').click()
      await a.page.getByText('Please select stone(stones) to compare').waitFor()

      // Select two rows: highlighted, counted, totalled.
      const first = a.page.locator(rows).nth(0)
      const second = a.page.locator(rows).nth(1)
      const [v1, v2] = [await vStnIdOf(first), await vStnIdOf(second)]
      await a.page.getByTestId(`select-${v1}`).check()
      await a.page.getByTestId(`select-${v2}`).check()
      expect(await first.getAttribute('data-selected')).toBe('true')
      expect(await first.evaluate((el) => el.classList.contains('is-selected'))).toBe(true)
      expect(await a.page.getByTestId('selected-count').textContent()).toBe('Selected: 2')
      await a.page.getByTestId('selected-totals').waitFor()
      await a.page.screenshot({ path: join(SCREENS, 'grid-selected.png') })

      // Compare them side by side, and take one out.
      await a.page.getByTestId('action-compare').click()
      await a.page.waitForURL('**/compare?ids=*')
      await a.page.getByTestId('compare-table').waitFor()
      expect(await a.page.locator('[data-testid^="compare-col-"]').count()).toBe(2)
      await a.page.screenshot({ path: join(SCREENS, 'compare.png') })
      await a.page.getByTestId(`compare-remove-${v2}`).click()
      await a.page.locator('[data-testid^="compare-col-"]').nth(1).waitFor({ state: 'detached' })
      expect(await a.page.locator('[data-testid^="compare-col-"]').count()).toBe(1)

      // Back to the grid: the selection of this page type is still there; Reset clears it.
      // The removal replaced the compare entry of the history: one step back is the grid.
      await a.page.goBack()
      await a.page.waitForURL('**/new-arrivals')
      await a.page.locator(rows).first().waitFor()
      expect(await a.page.getByTestId('selected-count').textContent()).toBe('Selected: 2')
      await a.page.getByTestId('action-reset').click()
      expect(await a.page.getByTestId('selected-count').textContent()).toBe('Selected: 0')

      // A stone's detail page.
      await a.page.getByTestId(`details-${v1}`).click()
      await a.page.waitForURL('**/diamond-detail/*')
      expect(await a.page.getByTestId('detail-vstnid').textContent()).toBe(v1)
      await a.page.getByTestId('detail-grading').waitFor()
      await a.page.getByTestId('detail-prices').waitFor()
      await a.page.locator('[data-testid="detail-image"], [data-testid="detail-image-fallback"]').first().waitFor()
      await a.page.screenshot({ path: join(SCREENS, 'detail.png') })
      await a.page.goBack()
      await a.page.locator(rows).first().waitFor()

      // Live: select a row, scroll a little; buyer2 holds a stone in view from its detail page.
      const grid = a.page.getByTestId('stone-grid')
      // Rows scrolled out hand their elements to the rows scrolled in: after scrolling far and back,
      // every row shows its own stone in each cell, at the same place as before.
      const shownRows = () =>
        grid.evaluate((el) =>
          [...el.querySelectorAll<HTMLElement>('[data-testid^="stone-row-"]')]
            .map((r) => {
              const v = r.dataset.testid!.replace('stone-row-', '')
              const own = ['select', 'details', 'status'].every(
                (k) => r.querySelector(`[data-testid="${k}-${v}"]`) !== null,
              )
              return `${r.getAttribute('aria-rowindex')}:${v}:${r.textContent}:${own}`
            })
            .sort(),
        )
      const before = await shownRows()
      expect(before.length).toBeGreaterThan(10)
      expect(before.every((r) => r.endsWith(':true'))).toBe(true)
      await grid.evaluate((el) => (el.scrollTop = el.scrollHeight / 2))
      await a.page.waitForTimeout(200)
      const far = await shownRows()
      expect(far.every((r) => r.endsWith(':true'))).toBe(true)
      expect(far.some((r) => before.includes(r))).toBe(false)
      await grid.evaluate((el) => (el.scrollTop = 0))
      await a.page.waitForTimeout(200)
      expect(await shownRows()).toEqual(before)

      await grid.evaluate((el) => (el.scrollTop = 180))
      await a.page.waitForTimeout(200)
      // Two available stones fully in view (so ticking one does not scroll the grid).
      const inView = await grid.evaluate((el) => {
        const box = el.getBoundingClientRect()
        const headBottom = el.querySelector('.grid-head')!.getBoundingClientRect().bottom
        return [...el.querySelectorAll<HTMLElement>('[data-testid^="stone-row-"][data-status="A"]')]
          .filter((r) => r.getBoundingClientRect().top >= headBottom && r.getBoundingClientRect().bottom <= box.bottom)
          .map((r) => r.dataset.testid!.replace('stone-row-', ''))
      })
      expect(inView.length).toBeGreaterThan(3)
      const [picked, vTarget] = [inView[0]!, inView[2]!]
      const targetId = ((await a.page.getByTestId(`details-${vTarget}`).getAttribute('href')) ?? '').split('/').pop()!
      await a.page.getByTestId(`select-${picked}`).check()
      const scrollBefore = await grid.evaluate((el) => el.scrollTop)
      expect(scrollBefore).toBe(180)
      await a.page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1))

      await openAs(portal, b.page, buyer2, `/diamond-detail/${targetId}`)
      await b.page.getByTestId(`hold-${vTarget}`).waitFor()
      await expectAccessible(b.page, 'a stone detail page')
      await b.page.getByTestId(`hold-${vTarget}`).click()

      await a.page.locator(`[data-testid="stone-row-${vTarget}"][data-status="H"]`).waitFor({ timeout: PUSH_WAIT_MS })
      await a.page.getByTestId(`changed-${vTarget}`).waitFor()
      expect(await a.page.getByTestId(`status-${vTarget}`).textContent()).toBe('Hold')
      expect(await a.page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(1)
      expect(await grid.evaluate((el) => el.scrollTop)).toBe(scrollBefore)
      expect(await a.page.locator(`[data-testid="stone-row-${picked}"]`).getAttribute('data-selected')).toBe('true')
      expect(await a.page.getByTestId('selected-count').textContent()).toBe('Selected: 1')
      await a.page.screenshot({ path: join(SCREENS, 'grid-live.png') })
      await b.page.getByTestId(`release-${vTarget}`).click()
      await b.page.getByTestId('confirm-yes').click()
      await a.page.locator(`[data-testid="stone-row-${vTarget}"][data-status="A"]`).waitFor({ timeout: PUSH_WAIT_MS })

      // Right to left: the frozen columns stick to the right edge.
      await chooseLanguage(a.page, 'he')
      expect(await a.page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        'he',
        'rtl',
      ])
      const box = (await grid.boundingBox())!
      const stoneNo = (await a.page.getByTestId('col-vStnId').boundingBox())!
      expect(stoneNo.x).toBeGreaterThan(box.x + box.width / 2)
      await grid.evaluate((el) => (el.scrollLeft = -400))
      await a.page.waitForTimeout(100)
      // Still in place after scrolling sideways.
      expect((await a.page.getByTestId('col-vStnId').boundingBox())!.x).toBeCloseTo(stoneNo.x, 0)
      await a.page.screenshot({ path: join(SCREENS, 'grid-he.png') })
      await chooseLanguage(a.page, 'en')
    } finally {
      await a.context.close()
      await b.context.close()
    }
  })

  it('lists cards with a box each on a narrow screen, with the totals', async () => {
    const m = await newPage(375, 740)
    try {
      await openGrid(m.page, await apiSession(portal, 'buyer1'), '/dashboard')
      expect(await m.page.locator('[role="table"]').count()).toBe(0)
      const card = m.page.locator(rows).first()
      const v = await vStnIdOf(card)
      await m.page.getByTestId(`select-${v}`).check()
      expect(await card.getAttribute('data-selected')).toBe('true')
      expect(await m.page.getByTestId('selected-count').textContent()).toBe('Selected: 1')
      await m.page.getByTestId('grid-totals').waitFor()
      await m.page.screenshot({ path: join(SCREENS, 'grid-mobile.png') })
    } finally {
      await m.context.close()
    }
  })
})

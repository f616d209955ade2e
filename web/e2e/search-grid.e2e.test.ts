import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiSession, call, openAs, type LoginData } from './support/api-session'
import { newPage as openPage, SCREENS, usePortal } from './support/portal'

/**
 * Issue 26, search and the grid: grid and list views on a desktop, the phone's list with every
 * action the desktop grid has and totals that fit, Share, a live Compare, the parcel and
 * non-certified pages, and facet counts that keep a group's other values while one is picked.
 */
const portal = usePortal()
const newPage = (width?: number, height?: number) => openPage(portal, width, height)
const rows = '[data-testid^="stone-row-"]'
const PUSH_WAIT_MS = 10_000

async function openGrid(page: Page, session: LoginData, path: string): Promise<void> {
  await openAs(portal, page, session, path)
  await page.locator(rows).first().waitFor()
}
const vStnIdOf = async (row: ReturnType<Page['locator']>) =>
  ((await row.getAttribute('data-testid')) ?? '').replace('stone-row-', '')
const idOf = async (page: Page, vStnId: string) =>
  ((await page.getByTestId(`details-${vStnId}`).getAttribute('href')) ?? '').split('/').pop()!

describe('search and the grid (issue 26)', () => {
  it('switches grid and list view on a desktop, sorts the list, and shares a selection that opens for a member', async () => {
    const d = await newPage(1280, 800)
    try {
      await d.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.base })
      const buyer1 = await apiSession(portal, 'buyer1')
      await openGrid(d.page, buyer1, '/new-arrivals')
      expect(await d.page.locator('[role="table"]').count()).toBe(1)
      await d.page.getByTestId('view-list').click()
      await d.page.getByTestId('stone-cards').waitFor()
      expect(await d.page.locator('[role="table"]').count()).toBe(0)
      expect(await d.page.getByTestId('view-list').getAttribute('aria-pressed')).toBe('true')
      // The list has no column heads: its Sort menu orders it.
      await Promise.all([
        d.page.waitForResponse((r) => r.url().endsWith('/diamond/paginate')),
        d.page.getByTestId('sort-select').selectOption('crt:desc'),
      ])
      await d.page.waitForTimeout(100)
      const first = d.page.locator(rows).first()
      const second = d.page.locator(rows).nth(1)
      const [v1, v2] = [await vStnIdOf(first), await vStnIdOf(second)]
      // On a desktop the list tiles its cards: the first two side by side, in reading order.
      const [b1, b2] = [(await first.boundingBox())!, (await second.boundingBox())!]
      expect(b2.y).toBe(b1.y)
      expect(b2.x).toBeGreaterThan(b1.x + b1.width)
      await d.page.screenshot({ path: join(SCREENS, 'grid-list-view.png') })

      // Share: the selection's link, opened by another signed-in member, lists exactly those stones.
      await d.page.getByTestId(`select-${v1}`).check()
      await d.page.getByTestId(`select-${v2}`).check()
      await d.page.getByTestId('action-share').click()
      await d.page.getByText('Link copied').waitFor()
      const link = await d.page.evaluate(() => navigator.clipboard.readText())
      expect(link).toMatch(/\/diamond-list\?ids=/)
      // The choice of view is kept: back to the grid for the next test's eyes.
      await d.page.getByTestId('view-grid').click()
      await d.page.locator('[role="table"]').waitFor()

      const other = await newPage(1280, 800)
      try {
        await openGrid(other.page, await apiSession(portal, 'buyer2'), new URL(link).pathname + new URL(link).search)
        expect(await other.page.getByTestId('stones-count').textContent()).toMatch(/\b2$/)
        await other.page.getByTestId(`stone-row-${v1}`).waitFor()
        await other.page.getByTestId(`stone-row-${v2}`).waitFor()
      } finally {
        await other.context.close()
      }
      // One stone: its open detail page.
      await d.page.getByTestId('action-reset').click()
      await d.page.getByTestId(`select-${v1}`).check()
      await d.page.getByTestId('action-share').click()
      await expect
        .poll(() => d.page.evaluate(() => navigator.clipboard.readText()))
        .toMatch(/\/diamond-detail\/[0-9a-f-]{36}$/)
    } finally {
      await d.context.close()
    }
  })

  it('offers on a phone (390 px) what the desktop grid offers, with totals that fit the width', async () => {
    const m = await newPage(390, 844)
    try {
      await openGrid(m.page, await apiSession(portal, 'buyer1'), '/new-arrivals')
      await m.page.getByTestId('stone-cards').waitFor()
      const card = m.page.locator(rows).first()
      // One column on a phone: the second card sits under the first.
      const [c1, c2] = [(await card.boundingBox())!, (await m.page.locator(rows).nth(1).boundingBox())!]
      expect(c2.y).toBeGreaterThan(c1.y)
      await m.page.getByTestId(`select-${await vStnIdOf(card)}`).check()
      for (const a of ['cart', 'watchlist', 'quote', 'enquiry', 'note', 'share', 'compare'])
        expect(await m.page.getByTestId(`action-${a}`).count(), a).toBe(1)
      expect(await m.page.getByTestId('sort-select').isVisible()).toBe(true)
      const fits = await m.page.evaluate(() =>
        ['grid-totals', 'selected-totals'].map((id) => {
          const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!
          const box = el.getBoundingClientRect()
          return { id, right: box.right, left: box.left, scroll: el.scrollWidth - el.clientWidth }
        }),
      )
      for (const f of fits) {
        expect(f.left, f.id).toBeGreaterThanOrEqual(0)
        expect(f.right, f.id).toBeLessThanOrEqual(390)
        expect(f.scroll, f.id).toBeLessThanOrEqual(1)
      }
      // Nothing of the page runs off the phone's width.
      expect(await m.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await m.page.screenshot({ path: join(SCREENS, 'grid-phone-390.png'), fullPage: false })
      await m.page.getByTestId('grid-totals').scrollIntoViewIfNeeded()
      await m.page.screenshot({ path: join(SCREENS, 'grid-phone-390-totals.png'), fullPage: false })
    } finally {
      await m.context.close()
    }
  })

  it('keeps Compare live: another buyer’s hold shows without a reload', async () => {
    const a = await newPage(1280, 800)
    try {
      const [buyer1, buyer2] = await Promise.all([apiSession(portal, 'buyer1'), apiSession(portal, 'buyer2')])
      await openGrid(a.page, buyer1, '/new-arrivals')
      const avail = a.page.locator(`${rows}[data-status="A"]`)
      const [v1, v2] = [await vStnIdOf(avail.nth(0)), await vStnIdOf(avail.nth(1))]
      const [id1, id2] = [await idOf(a.page, v1), await idOf(a.page, v2)]
      await openAs(portal, a.page, buyer1, `/compare?ids=${id1},${id2}`)
      await a.page.getByTestId('compare-table').waitFor()
      await a.page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor()
      expect(await a.page.getByTestId(`status-${v1}`).getAttribute('class')).toContain('status--A')
      const held = await call(portal, 'diamond/hold', { id: id1 }, buyer2.token.jwt)
      expect(held.code).toBe('OK')
      await a.page.locator(`[data-testid="status-${v1}"].status--H`).waitFor({ timeout: PUSH_WAIT_MS })
      await a.page.screenshot({ path: join(SCREENS, 'compare-live.png') })
      await call(portal, 'diamond/hold/release', { id: id1 }, buyer2.token.jwt)
    } finally {
      await a.context.close()
    }
  })

  it('has parcel and non-certified pages, and facet counts that keep a group’s other values', async () => {
    const a = await newPage(1280, 800)
    try {
      const buyer1 = await apiSession(portal, 'buyer1')
      await openGrid(a.page, buyer1, '/parcel')
      expect(await a.page.getByTestId('grid-parcel').count()).toBe(1)
      await openGrid(a.page, buyer1, '/non-certified')
      expect(await a.page.getByTestId('grid-nonCertified').count()).toBe(1)
      const labs = await a.page.locator(`${rows} [data-col="lbNm"]`).allTextContents()
      expect(labs.length).toBeGreaterThan(0)
      expect(labs.every((l) => l.trim() === 'NON-CERT')).toBe(true)

      await openAs(portal, a.page, buyer1, '/diamond-search')
      const pear = a.page.locator('[data-testid="chip-shpNm-PEAR"] .srch-chip-count')
      await pear.waitFor()
      const before = await pear.textContent()
      await Promise.all([
        a.page.waitForResponse((r) => r.url().endsWith('/diamond/paginate')),
        a.page.getByTestId('chip-shpNm-ROUND').click(),
      ])
      // ROUND picked: PEAR keeps its number (the shape group is counted without its own choice).
      await expect.poll(() => pear.textContent()).toBe(before)
      expect(Number((before ?? '0').replace(/\D/g, ''))).toBeGreaterThan(0)
      await a.page.screenshot({ path: join(SCREENS, 'search-facets.png') })
    } finally {
      await a.context.close()
    }
  })

  it("opens every stone from the menu's Diamond List (it was an empty page), with the way to search", async () => {
    const { page, context } = await newPage()
    try {
      await openGrid(page, await apiSession(portal, 'buyer1'), '/diamond-list')
      await page.getByTestId('diamond-list-all').waitFor()
      const count = Number((await page.getByTestId('stones-count').locator('strong').textContent())!.replace(/,/g, ''))
      expect(count).toBeGreaterThan(0)
      await page.getByTestId('diamond-list-all').getByRole('link').click()
      await page.waitForURL('**/diamond-search')
    } finally {
      await context.close()
    }
  })
})

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  chooseLanguage,
  logOut,
  newPage as openPage,
  openSignin,
  SCREENS,
  signIn as signInUi,
  usePortal,
} from './support/portal'

/**
 * Two buyers in two browsers against the portal started as `npm start` starts it: one holds a stone,
 * the other sees it go on hold without reloading. Each fresh browser passes the one-time code first.
 */
const PUSH_WAIT_MS = 10_000
const portal = usePortal()

const rowSel = (vStnId: string) => `[data-testid="stone-row-${vStnId}"]`
const newPage = (width?: number, height?: number) => openPage(portal, width, height)

async function signIn(page: Page, username: string): Promise<void> {
  await signInUi(portal, page, username)
  await page.locator('[data-testid^="stone-row-"]').first().waitFor()
  await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor()
}

describe('live stone status', () => {
  it("shows buyer2 buyer1's hold without a reload, and gives buyer1 Release", async () => {
    const a = await newPage()
    const b = await newPage()
    try {
      await openSignin(portal, a.page)
      await a.page.getByTestId('login-captcha-value').waitFor()
      await a.page.screenshot({ path: join(SCREENS, 'signin.png') })

      await Promise.all([signIn(a.page, 'buyer1'), signIn(b.page, 'buyer2')])
      // A page holds 250 stones; only the rows in view (and a few more) are in the DOM.
      expect(await a.page.getByTestId('stones-range').textContent()).toMatch(/^1–250 of /)
      expect(await a.page.locator('[data-testid^="stone-row-"]').count()).toBeLessThan(100)

      const available = a.page.locator('[data-testid^="stone-row-"][data-status="A"]').first()
      const vStnId = ((await available.getAttribute('data-testid')) ?? '').replace('stone-row-', '')
      expect(vStnId).not.toBe('')
      await b.page.locator(`${rowSel(vStnId)}[data-status="A"]`).waitFor()
      // A marker that a reload would wipe out.
      await b.page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1))

      await a.page.getByTestId(`hold-${vStnId}`).click()

      await b.page.locator(`${rowSel(vStnId)}[data-status="H"]`).waitFor({ timeout: PUSH_WAIT_MS })
      expect(await b.page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(1)
      expect(await b.page.getByTestId(`status-${vStnId}`).textContent()).toBe('Hold')
      expect(await b.page.getByTestId(`hold-${vStnId}`).count()).toBe(0)
      expect(await b.page.getByTestId(`release-${vStnId}`).count()).toBe(0)

      await a.page.locator(`${rowSel(vStnId)}[data-status="H"]`).waitFor({ timeout: PUSH_WAIT_MS })
      await a.page.getByTestId(`release-${vStnId}`).waitFor()
      expect(await a.page.getByTestId(`status-${vStnId}`).textContent()).toBe('Hold')

      await a.page.screenshot({ path: join(SCREENS, 'dashboard-buyer1.png') })
      await b.page.screenshot({ path: join(SCREENS, 'dashboard-buyer2.png') })

      // buyer2 cannot take it; buyer1 lets it go and buyer2 sees it come back.
      // Issue 26: the row's Release asks first; No keeps the hold.
      await a.page.getByTestId(`release-${vStnId}`).click()
      await a.page
        .getByText('Are you sure you want to release this hold? The stone goes back to stock for every buyer.')
        .waitFor()
      await a.page.getByTestId('confirm-no').click()
      await a.page.getByTestId('confirm-text').waitFor({ state: 'detached' })
      expect(await a.page.getByTestId(`status-${vStnId}`).textContent()).toBe('Hold')
      await a.page.getByTestId(`release-${vStnId}`).click()
      await a.page.getByTestId('confirm-yes').click()
      await b.page.locator(`${rowSel(vStnId)}[data-status="A"]`).waitFor({ timeout: PUSH_WAIT_MS })
      await b.page.getByTestId(`hold-${vStnId}`).waitFor()
      await a.page.getByTestId(`hold-${vStnId}`).waitFor()

      // Right to left: the same dashboard in Hebrew.
      await chooseLanguage(a.page, 'he')
      expect(await a.page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        'he',
        'rtl',
      ])
      expect(await a.page.getByTestId(`status-${vStnId}`).textContent()).toBe('זמין')
      await a.page.screenshot({ path: join(SCREENS, 'dashboard-he.png') })
      // The choice is kept on this device.
      await a.page.reload()
      await a.page.locator('[data-testid^="stone-row-"]').first().waitFor()
      expect(await a.page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      await chooseLanguage(a.page, 'en')
    } finally {
      await a.context.close()
      await b.context.close()
    }
  })

  it('shows the compact list on a narrow screen, and logs out after confirming', async () => {
    const m = await newPage(375, 740)
    try {
      await signIn(m.page, 'buyer1')
      expect(await m.page.locator('[role="table"]').count()).toBe(0)
      await m.page.screenshot({ path: join(SCREENS, 'dashboard-mobile.png') })

      await logOut(m.page)
      expect(await m.page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('.token')))).toEqual([])
      // Signed out, the dashboard is closed.
      await m.page.goto(`${portal.base}/dashboard`)
      await m.page.waitForURL('**/signin')
    } finally {
      await m.context.close()
    }
  })
})

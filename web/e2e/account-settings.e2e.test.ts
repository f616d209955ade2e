import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiSession, call, openAs } from './support/api-session'
import { chooseLanguage, newPage, SCREENS, usePortal } from './support/portal'

/**
 * My account's settings (user-setting/*): the diamond sequence orders stone lists until a column is
 * clicked, match pair settings and preferences are kept, terms and documents are shown.
 */
const portal = usePortal()
const rows = '[data-testid^="stone-row-"]'

describe('my settings', () => {
  it('lists stock in my diamond sequence, keeps my match pair settings, and shows my terms and documents', async () => {
    const me = await apiSession(portal, 'buyer2')
    const { context, page } = await newPage(portal, 1280, 900)
    try {
      await openAs(portal, page, me, '/account/profile/diamond-sequence')
      await page.getByTestId('sequence-field-0').waitFor()
      await page.getByTestId('sequence-field-0').selectOption('crt')
      await page.getByTestId('sequence-dir-0').selectOption('desc')
      await page.getByTestId('sequence-save').click()
      await page.locator('[data-testid="toast"]', { hasText: 'Settings updated' }).waitFor()
      const saved = await call<{ list: { key: string; value: unknown }[] }>(
        portal,
        'user-setting/paginate',
        { keys: ['diamondSequence'] },
        me.token.jwt,
      )
      expect(saved.data.list[0]!.value).toEqual({ sort: [{ field: 'crt', dir: 'desc' }] })

      // All stock now comes heaviest first, with no column clicked.
      await page.goto(`${portal.base}/dashboard`)
      await page.locator(rows).first().waitFor()
      const carats = (await page.locator(`${rows} [data-col="crt"]`).allTextContents()).map((t) =>
        Number(t.replace(/,/g, '')),
      )
      expect(carats.length).toBeGreaterThan(5)
      expect(carats).toEqual([...carats].sort((a, b) => b - a))

      // Match pair settings are kept and read back.
      await page.goto(`${portal.base}/account/profile?tab=matchPair`)
      await page.getByTestId('pair-carat').fill('3')
      await page.getByTestId('pair-colorSteps').selectOption('0')
      await page.getByTestId('pair-same-lab').check()
      await page.getByTestId('pair-save').click()
      await page.locator('[data-testid="toast"]', { hasText: 'Settings updated' }).waitFor()
      await page.reload()
      await page.getByTestId('pair-carat').waitFor()
      await page.waitForFunction(
        () => (document.querySelector('[data-testid="pair-carat"]') as HTMLInputElement | null)?.value === '3',
      )
      expect(await page.getByTestId('pair-same-lab').isChecked()).toBe(true)

      await page.getByTestId('tab-documents').click()
      expect(await page.getByTestId('terms-accepted').textContent()).toMatch(/You accepted the terms of use on /)
      await page.screenshot({ path: join(SCREENS, 'account-documents.png') })

      // The dashboard I chose opens first.
      await page.getByTestId('tab-settings').click()
      await page.getByTestId('pref-dashboard').selectOption('global')
      await page.getByTestId('pref-save').click()
      await page.locator('[data-testid="toast"]', { hasText: 'Settings updated' }).waitFor()
      await page.goto(`${portal.base}/dashboard`)
      await page.getByTestId('dash-panel-global').waitFor()
    } finally {
      await context.close()
    }
  })

  it('fits a phone in Hebrew, right to left', async () => {
    const me = await apiSession(portal, 'buyer1')
    const { context, page } = await newPage(portal, 390, 844)
    try {
      await openAs(portal, page, me, '/account/profile/diamond-sequence')
      await chooseLanguage(page, 'he')
      await page.getByTestId('sequence-add').click()
      expect(await page.getByTestId('sequence-row').count()).toBe(2)
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await page.screenshot({ path: join(SCREENS, 'account-sequence-390-he.png') })
    } finally {
      await context.close()
    }
  })
})

import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { newPage as openPage, SCREENS, signIn as signInUi, usePortal } from './support/portal'

/**
 * A buyer confirms stones from the grid with a bill type, is told by name when another buyer took
 * one first, double-clicks Confirm and gets one order, then finds it in the purchase history and
 * downloads its invoice.
 */
const portal = usePortal()
const newPage = () => openPage(portal)

async function signIn(page: Page, username: string): Promise<void> {
  await signInUi(portal, page, username)
  await page.locator('[data-testid^="stone-row-"]').first().waitFor()
}

const vStnIdOf = async (page: Page, n: number) =>
  (
    (await page.locator('[data-testid^="stone-row-"][data-status="A"]').nth(n).getAttribute('data-testid')) ?? ''
  ).replace('stone-row-', '')

describe('confirm to order in the browser', () => {
  it('confirms with a bill type, names a stone taken meanwhile, and shows the order with its invoice', async () => {
    const a = await newPage()
    const b = await newPage()
    try {
      await Promise.all([signIn(a.page, 'buyer1'), signIn(b.page, 'buyer2')])
      const [x, y] = [await vStnIdOf(a.page, 0), await vStnIdOf(a.page, 1)]
      await a.page.getByTestId(`select-${x}`).check()
      await a.page.getByTestId(`select-${y}`).check()
      await a.page.getByTestId('action-confirm').click()
      const dialog = a.page.getByTestId('confirm-dialog')
      await dialog.getByTestId('confirm-bill-type').selectOption('4')
      await dialog.locator('[data-testid="confirm-line"]').nth(1).waitFor()
      expect(await dialog.getByTestId('confirm-notices').textContent()).toContain(
        'Prices on confirm are fixed and not negotiable.',
      )
      expect(await dialog.getByTestId('confirm-final').textContent()).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/)
      await a.page.screenshot({ path: join(SCREENS, 'confirm-dialog.png') })

      // Someone else takes x while the dialog is open: the refusal names it, nothing is confirmed.
      await b.page.getByTestId(`hold-${x}`).click()
      await b.page.getByTestId(`release-${x}`).waitFor()
      await dialog.getByTestId('confirm-submit').click()
      expect(await dialog.getByTestId('confirm-error').textContent()).toContain(x)

      // Without x, a double click on Confirm places one order.
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await a.page.getByTestId(`select-${x}`).uncheck()
      await a.page.getByTestId('action-confirm').click()
      await dialog.locator('[data-testid="confirm-line"]').first().waitFor()
      await dialog.getByTestId('confirm-submit').dblclick()
      await dialog.getByTestId('confirm-success').waitFor()
      await dialog.getByTestId('confirm-order-link').click()

      await a.page.getByTestId('screen-purchaseHistory').waitFor()
      const cards = a.page.getByTestId('order-card')
      await cards.first().waitFor()
      expect(await cards.count()).toBe(1)
      expect(await cards.first().textContent()).toContain(y)
      await a.page.screenshot({ path: join(SCREENS, 'purchase-history.png') })

      const [invoice, download] = await Promise.all([
        a.page.waitForResponse((r) => r.url().endsWith('/web/v1/order/invoice')),
        a.page.waitForEvent('download'),
        cards.first().getByTestId('invoice-download').click(),
      ])
      expect(invoice.headers()['content-type']).toContain('application/pdf')
      expect(download.suggestedFilename()).toMatch(/^invoice-OR\d+\.pdf$/)
      const file = await readFile(await download.path())
      expect(file.subarray(0, 5).toString()).toBe('%PDF-')

      // The confirmed stone is in the confirm list too.
      await a.page.goto(`${portal.base}/account/confirm-list`)
      await a.page.getByTestId('confirm-row').first().waitFor()
      expect(await a.page.getByTestId('confirm-list').textContent()).toContain(y)
    } finally {
      await a.context.close()
      await b.context.close()
    }
  })
})

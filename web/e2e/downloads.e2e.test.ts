import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import type { Download, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiSession, openAs } from './support/api-session'
import { newPage, SCREENS, usePortal } from './support/portal'

/**
 * Downloads as a buyer and a visitor make them, against the portal started as `npm start` starts
 * it: Excel of the selected stones from the result grid, and the whole stock from the open page.
 */
const portal = usePortal()
const rows = '[data-testid^="stone-row-"]'

async function sheetOf(download: Download): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer)
  return wb.worksheets[0]!
}

/** Remembers every text the progress line showed, however briefly. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { progressSeen: string[] }).progressSeen = [])
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="download-progress"]')
      if (el?.textContent) seen.push(el.textContent)
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}
const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)

describe('downloads', () => {
  it('downloads the selected stones as Excel from the grid', async () => {
    const { context, page } = await newPage(portal)
    try {
      const buyer = await apiSession(portal, 'buyer1')
      await openAs(portal, page, buyer, '/new-arrivals')
      await page.locator(rows).first().waitFor()

      // Nothing selected: the spec's prompt, no menu.
      await page.getByTestId('action-download').click()
      await page.getByText('Please select stone(stones) to download').waitFor()
      expect(await page.getByTestId('download-excel').isVisible()).toBe(false)

      const ids = await Promise.all(
        [0, 1].map(async (n) =>
          ((await page.locator(rows).nth(n).getAttribute('data-testid')) ?? '').replace('stone-row-', ''),
        ),
      )
      for (const v of ids) await page.getByTestId(`select-${v}`).check()
      await page.getByTestId('action-download').click()
      await page.screenshot({ path: join(SCREENS, 'download-menu.png') })
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-excel').click()])
      expect(download.suggestedFilename()).toMatch(/^diamonds-\d{8}\.xlsx$/)
      await page.getByText(/^Downloaded diamonds-\d{8}\.xlsx$/).waitFor()

      const ws = await sheetOf(download)
      // The grid's visible columns, prices included for this buyer, the stones in selection order, then totals.
      expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(
        expect.arrayContaining(['Stone No', 'Carat', 'Amount']),
      )
      expect([2, 3].map((n) => ws.getRow(n).getCell(1).value)).toEqual(ids)
      expect(ws.getRow(4).getCell(1).value).toBe('Total: 2 stones')
    } finally {
      await context.close()
    }
  })

  it('downloads the full stock from the open page, without prices for a visitor, showing progress', async () => {
    const { context, page } = await newPage(portal)
    try {
      await page.goto(`${portal.base}/download-full-stock`)
      await page.getByTestId('screen-downloadFullStock').waitFor()
      expect(await page.getByTestId('full-stock-prices').textContent()).toMatch(/signed-in members/)
      await recordProgress(page)
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('full-stock-download').click(),
      ])
      expect(download.suggestedFilename()).toMatch(/^full-stock-\d{8}\.xlsx$/)
      await page.getByText(/^Downloaded full-stock-/).waitFor()
      await page.screenshot({ path: join(SCREENS, 'download-full-stock.png') })
      // The stock is written while it is sent: no length up front, so the bytes received are shown.
      expect((await progressSeen(page)).some((t) => /received/.test(t))).toBe(true)

      const ws = await sheetOf(download)
      const header = (ws.getRow(1).values as unknown[]).slice(1)
      expect(header).toContain('Stone No')
      for (const price of ['Rap.($)', 'Disc %', 'Price / Carat', 'Amount']) expect(header).not.toContain(price)
      expect(ws.rowCount).toBeGreaterThan(2)
    } finally {
      await context.close()
    }
  })
})

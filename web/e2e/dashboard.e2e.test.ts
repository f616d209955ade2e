import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible } from './support/axe'
import { apiSession, call, openAs, STORAGE_PREFIX, type LoginData } from './support/api-session'
import { newPage, SCREENS, usePortal } from './support/portal'

/**
 * Issue 25's dashboards in the browser, against the portal as `npm start` runs it: buyer1's
 * personal tab shows the hold they took with its countdown running, and a stone seller1 lists after
 * buyer1 followed seller1 appears on it live (follow and upload through the real calls); the global
 * tab draws the price index's chart; the live stock grid stays below. Hebrew at 390 px, axe clean.
 */
const portal = usePortal()

const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sub: string; cid?: string }

/** seller1 uploads one stone (a trade CSV) and commits it: it goes live as a new arrival. */
async function listOne(seller: LoginData, stockNo: string): Promise<void> {
  const csv =
    'Stock #,Shape,Weight,Color,Clarity,Cut,Polish,Symmetry,Fluorescence Intensity,Lab,Rap %,Treatment\r\n' +
    `${stockNo},Round,1.01,F,VS1,Excellent,EX,EX,None,GIA,-25,None\r\n`
  const boundary = `----dash${randomBytes(8).toString('hex')}`
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="mode"\r\n\r\naddUpdate\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="stock.csv"\r\ncontent-type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await fetch(`${portal.base}/web/v1/seller/inventory/upload`, {
    method: 'POST',
    headers: { authorization: `JWT ${seller.token.jwt}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  })
  const upload = (await res.json()) as { code: string; message: string; data: { id: string } }
  expect(upload.code, upload.message).toBe('OK')
  const commit = await call<{ report: { added: number } }>(
    portal,
    'seller/inventory/commit',
    { id: upload.data.id },
    seller.token.jwt,
  )
  expect(commit.code, commit.message).toBe('OK')
  expect(commit.data.report.added).toBe(1)
}

const countOf = async (page: Page, card: string) =>
  Number(((await page.getByTestId(`dash-count-${card}`).textContent()) ?? '').replace(/\D/g, ''))

describe('dashboards', () => {
  it("shows buyer1's hold counting down and a followed seller's new stone live; the global tab charts the index", async () => {
    const buyer = await apiSession(portal, 'buyer1')
    const seller = await apiSession(portal, 'seller1')
    const companyId = claims(seller.token.jwt).cid!
    // The first page of stock (an empty filter has no result limit): an available stone of it.
    const found = await call<{ list: { id: string; vStnId: string; availability: string }[] }>(
      portal,
      'diamond/paginate',
      { limit: 50 },
      buyer.token.jwt,
    )
    expect(found.code, found.message).toBe('OK')
    const stone = found.data.list.find((s) => s.availability === 'A')!
    expect((await call(portal, 'diamond/hold', { id: stone.id }, buyer.token.jwt)).code).toBe('OK')
    const follow = await call(portal, 'member/follow', { companyId }, buyer.token.jwt)
    expect(follow.code, follow.message).toBe('OK')

    const { context, page } = await newPage(portal)
    try {
      await openAs(portal, page, buyer, '/dashboard')
      const panel = page.getByTestId('dash-panel-personal')
      const holds = panel.getByTestId('dash-card-holds')
      await holds.getByText(stone.vStnId).waitFor()
      const countdown = holds.getByTestId('dash-countdown').first()
      const first = (await countdown.textContent()) ?? ''
      expect(first).toMatch(/\d+:\d\d/)
      // The countdown runs (no reload, no new read needed).
      await page.waitForFunction(
        (was) =>
          document.querySelector('[data-testid="dash-card-holds"] [data-testid="dash-countdown"]')?.textContent !== was,
        first,
      )
      // The live stock grid is still there, below the cards.
      await page.getByTestId('dashboard').locator('[data-testid^="stone-row-"]').first().waitFor()
      await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor()

      // seller1 lists a new stone: it appears on buyer1's dashboard without a reload.
      // The follow reaches stock as an event: seller1's demo stones (listed this week) show once it has.
      await page.waitForFunction(
        () =>
          Number(document.querySelector('[data-testid="dash-count-followed"]')?.textContent?.replace(/\D/g, '')) > 0,
        undefined,
        { timeout: 20_000 },
      )
      const before = await countOf(page, 'followed')
      await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1))
      const stockNo = `DASH-${Date.now()}`
      await listOne(seller, stockNo)
      await page.waitForFunction(
        (n) =>
          Number(document.querySelector('[data-testid="dash-count-followed"]')?.textContent?.replace(/\D/g, '')) === n,
        before + 1,
        { timeout: 20_000 },
      )
      // The newest first: the 1.01 ct round just listed, with its seller's name.
      const newest = panel.getByTestId('dash-followed-stone').first()
      expect(await newest.textContent()).toContain('1.01 ct')
      expect(await newest.textContent()).toContain('Shah Diamonds')
      expect(await page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(1)
      await page.screenshot({ path: join(SCREENS, 'dashboard-personal.png'), fullPage: false })
      await expectAccessible(page, 'the personal dashboard')

      // Global: the market, the price index's chart (uPlot's canvas) and table.
      await page.getByTestId('dash-tab-global').click()
      const global = page.getByTestId('dash-panel-global')
      await global.getByTestId('dash-price-chart').locator('canvas').first().waitFor()
      expect(await global.getByTestId('dash-index-table').locator('tbody tr').count()).toBeGreaterThan(0)
      expect(
        Number(((await global.getByTestId('dash-listed').textContent()) ?? '').replace(/\D/g, '')),
      ).toBeGreaterThan(0)
      await page.screenshot({ path: join(SCREENS, 'dashboard-global.png'), fullPage: false })
      await expectAccessible(page, 'the global dashboard')
    } finally {
      await context.close()
    }
  })

  it('reads right to left in Hebrew on a 390 px phone, without overflow, axe clean', async () => {
    const buyer = await apiSession(portal, 'buyer2')
    const { context, page } = await newPage(portal, 390, 844)
    try {
      await openAs(portal, page, buyer, '/not-found')
      await page.evaluate((prefix) => localStorage.setItem(`${prefix}locale`, JSON.stringify('he')), STORAGE_PREFIX)
      await page.goto(`${portal.base}/dashboard`)
      await page.locator('html[dir="rtl"][lang="he"]').waitFor()
      await page.getByTestId('dash-card-holds').waitFor()
      expect(await page.getByTestId('dash-tab-personal').textContent()).toBe('אישי')
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
      await page.screenshot({ path: join(SCREENS, 'dashboard-he-390.png'), fullPage: true })
      await expectAccessible(page, 'the personal dashboard in Hebrew at 390 px')
      await page.getByTestId('dash-tab-global').click()
      await page.getByTestId('dash-price-chart').locator('canvas').first().waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
      await page.screenshot({ path: join(SCREENS, 'dashboard-global-he-390.png'), fullPage: true })
      await expectAccessible(page, 'the global dashboard in Hebrew at 390 px')
    } finally {
      await context.close()
    }
  })
})

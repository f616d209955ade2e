import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible } from './support/axe'
import { apiSession, call, callMultipart, openAs, type LoginData } from './support/api-session'
import { makePng } from './support/png'
import { chooseLanguage, newPage, ROOT, SCREENS, usePortal } from './support/portal'

/** The web app's texts in one language: its shared file, or an area's (`features/<f>/locales/<area>`). */
const localeOf = (lng: string, area = 'locales/'): any =>
  JSON.parse(readFileSync(join(ROOT, 'web/src', `${area}${area.endsWith('/') ? '' : '.'}${lng}.json`), 'utf8'))

/**
 * A seller lists stock (issue 23): seller1 uploads a small CSV, maps the column the portal did not
 * recognise, reviews what the upload will do (one stone added, one refused as lab-grown), commits, and
 * buyer1's open New Arrivals grid, in a browser of its own, shows the new stone without a reload.
 */
const PUSH_WAIT_MS = 30_000
const portal = usePortal()

const HEADERS = [
  'Stock #',
  'Shape',
  'Weight',
  'Color',
  'Clarity',
  'Cut Grade',
  'Polish',
  'Symmetry',
  'Fluorescence Intensity',
  'Lab',
  'Certificate #',
  'Rap %',
  'Treatment',
  'Growth Type',
  'Origin',
  'Seller Notes',
]

/** Two lots: a natural round the portal lists, and a lab-grown one the listing rules refuse. */
function stockCsv(tag: string): { good: string; bad: string; csv: Buffer } {
  const good = `E2E-${tag}-1`
  const bad = `E2E-${tag}-2`
  const rows = [
    HEADERS,
    [
      good,
      'Round',
      '1.01',
      'G',
      'VS1',
      'EX',
      'EX',
      'EX',
      'None',
      'GIA',
      `77${tag}1`,
      '-31.5',
      'None',
      'Natural',
      'Canada',
      'Crisp',
    ],
    [
      bad,
      'Oval',
      '0.90',
      'F',
      'VS2',
      'VG',
      'EX',
      'VG',
      'Faint',
      'IGI',
      `77${tag}2`,
      '-40',
      'None',
      'Lab Grown',
      'India',
      '',
    ],
  ]
  return { good, bad, csv: Buffer.from(rows.map((r) => r.join(',')).join('\r\n') + '\r\n', 'utf8') }
}

async function figure(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).locator('dd').textContent()) ?? '').trim()
}

async function vStnIdOf(seller: LoginData, stockNo: string): Promise<string> {
  const r = await call<{ list: { stockNo: string; vStnId: string }[] }>(
    portal,
    'seller/diamond/paginate',
    { search: stockNo },
    seller.token.jwt,
  )
  expect(r.code, r.message).toBe('OK')
  const stone = r.data.list.find((s) => s.stockNo === stockNo)
  expect(stone, `${stockNo} in seller1's stones`).toBeTruthy()
  return stone!.vStnId
}

describe('a seller’s upload', () => {
  it('is previewed, mapped, committed, shows in a buyer’s open grid without a reload, and leaves it when deleted', async () => {
    const [seller, buyer] = await Promise.all([apiSession(portal, 'seller1'), apiSession(portal, 'buyer1')])
    const { good, bad, csv } = stockCsv(String(Date.now()).slice(-7))

    const b = await newPage(portal)
    const s = await newPage(portal)
    try {
      // The buyer's grid is open and live before the seller starts.
      await openAs(portal, b.page, buyer, '/new-arrivals')
      await b.page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor()
      await b.page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1))
      // Buyers have no inventory menu.
      expect(await b.page.getByTestId('nav-group-inventory').count()).toBe(0)

      await openAs(portal, s.page, seller, '/inventory/upload')
      await s.page.getByTestId('screen-inventoryUpload').waitFor()
      await s.page.getByTestId('inv-mode-addUpdate').check()
      await s.page.getByTestId('inv-file').setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: csv })
      // The progress bar, however briefly it shows: recorded as the page changes.
      await s.page.evaluate(() => {
        const seen = { shown: false, notes: [] as string[] }
        ;(window as unknown as { e2eProgress: typeof seen }).e2eProgress = seen
        new MutationObserver(() => {
          const bar = document.querySelector<HTMLProgressElement>('[data-testid="inv-progress"] progress')
          if (!bar) return
          seen.shown = true
          const note = bar.parentElement?.querySelector('p')?.textContent ?? ''
          if (note && !seen.notes.includes(note)) seen.notes.push(note)
        }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
      })
      await s.page.getByTestId('inv-upload-send').click()

      // The preview: the column nobody recognises is "Not mapped" until the seller maps it.
      await s.page.getByTestId('inv-preview').waitFor()
      const progress = await s.page.evaluate(
        () => (window as unknown as { e2eProgress: { shown: boolean; notes: string[] } }).e2eProgress,
      )
      expect(progress.shown).toBe(true)
      // Its line says what is happening: the bytes going, then (when the browser reports the last byte
      // before the answer) the server reading them.
      const { upload: words } = localeOf('en', 'features/inventory/locales/inventory')
      const sending = new RegExp(`^${words.sending.replace('{{percent}}', '\\d+').replace('{{size}}', '331 B')}$`)
      expect(progress.notes[0]).toMatch(sending)
      for (const note of progress.notes.slice(1)) expect([sending.test(note), note === words.reading]).toContain(true)
      const notes = s.page.locator('[data-testid="inv-mapping-row"][data-header="Seller Notes"]')
      await notes.and(s.page.locator('[data-state="not-mapped"]')).waitFor()
      expect(await notes.textContent()).toContain('Not mapped')
      expect(
        await s.page.locator('[data-testid="inv-mapping-row"][data-header="Weight"]').getAttribute('data-state'),
      ).toBe('mapped')
      await expectAccessible(s.page, 'upload preview')
      await notes.locator('select').selectOption('comments')
      await s.page.getByTestId('inv-mapping-save').click()
      await s.page.locator('[data-testid="inv-mapping-row"][data-header="Seller Notes"][data-state="mapped"]').waitFor()
      await s.page.getByTestId('inv-mapping-save').and(s.page.locator(':disabled')).waitFor()

      // What it will do: one added, one refused for the listing rules, with the reason in words.
      expect(await s.page.getByTestId('inv-diff-added').textContent()).toMatch(/^1\D/)
      expect(await s.page.getByTestId('inv-diff-invalid').textContent()).toMatch(/^1\D/)
      await s.page.getByTestId('inv-diff-added').click()
      expect(await s.page.getByTestId('inv-rows-added').textContent()).toContain(good)
      await s.page.getByTestId('inv-diff-invalid').click()
      const invalid = s.page.getByTestId('inv-rows-invalid')
      await invalid.waitFor()
      expect(await invalid.textContent()).toContain(bad)
      expect(await invalid.textContent()).toContain('Lab-grown diamonds may not be listed.')
      await s.page.screenshot({ path: join(SCREENS, 'inventory-preview.png'), fullPage: true })

      // Nothing is listed before the commit.
      expect(await b.page.locator('[data-testid^="stone-row-"]', { hasText: good }).count()).toBe(0)
      await s.page.getByTestId('inv-commit').click()
      await s.page.getByTestId('inv-report').waitFor()
      expect(await figure(s.page, 'inv-report-figure-received')).toBe('2')
      expect(await figure(s.page, 'inv-report-figure-valid')).toBe('1')
      expect(await figure(s.page, 'inv-report-figure-invalid')).toBe('1')
      expect(await figure(s.page, 'inv-report-figure-added')).toBe('1')
      await expectAccessible(s.page, 'upload report')

      // The buyer's open grid shows the new stone, pushed, not reloaded.
      const vStnId = await vStnIdOf(seller, good)
      await b.page.getByTestId(`stone-row-${vStnId}`).waitFor({ timeout: PUSH_WAIT_MS })
      expect(await b.page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(1)
      await b.page.screenshot({ path: join(SCREENS, 'inventory-buyer-grid.png') })

      // The seller reprices it: the buyer's row shows the new discount, still without a reload.
      const row = b.page.getByTestId(`stone-row-${vStnId}`)
      expect(await row.textContent()).toContain('-31.50')
      const stoneId = (
        await call<{ list: { id: string; stockNo: string }[] }>(
          portal,
          'seller/diamond/paginate',
          { search: good },
          seller.token.jwt,
        )
      ).data.list.find((x) => x.stockNo === good)!.id
      const edit = await call(
        portal,
        'seller/diamond/update',
        { id: stoneId, values: { back: '-40' } },
        seller.token.jwt,
      )
      expect(edit.code, edit.message).toBe('OK')
      await b.page.waitForFunction(
        (id) => document.querySelector(`[data-testid="stone-row-${id}"]`)?.textContent?.includes('-40.00'),
        vStnId,
        { timeout: PUSH_WAIT_MS },
      )
      expect(await b.page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(1)

      // The history keeps the upload with its report; the manage screen lists the stone.
      await s.page.getByTestId('inv-section-inventoryHistory').click()
      await s.page.getByTestId('inv-history-row').first().waitFor()
      expect(await s.page.getByTestId('inv-history-row').first().textContent()).toContain('stock.csv')
      await s.page.getByTestId('inv-section-manageDiamonds').click()
      await s.page.getByTestId('inv-manage-table').waitFor()
      await expectAccessible(s.page, 'manage diamonds')

      // The seller deletes it from the manage screen (the spec's confirm text): the buyer's open grid
      // drops the row, pushed (a bulk event of the seller's, since delete writes its changes in bulk).
      const search = s.page.getByPlaceholder('Stock or certificate number')
      await search.fill(good)
      await search.press('Enter')
      const mine = s.page.locator('[data-testid="inv-stone"]', { hasText: good })
      await s.page.waitForFunction(
        () => document.querySelectorAll('[data-testid="inv-stone"]').length === 1,
        undefined,
        { timeout: PUSH_WAIT_MS },
      )
      expect(await mine.count()).toBe(1)
      await mine.locator('input[type="checkbox"]').check()
      await s.page.getByTestId('inv-delete-selected').click()
      expect(await s.page.getByTestId('confirm-text').textContent()).toBe(
        'Are you sure you want to delete these stone(s)?',
      )
      await s.page.getByTestId('confirm-yes').click()
      await mine.waitFor({ state: 'detached' })
      await row.waitFor({ state: 'detached', timeout: PUSH_WAIT_MS })
      expect(await b.page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(1)
    } finally {
      await b.context.close()
      await s.context.close()
    }
  })

  it('fits 390 px and reads right to left in Hebrew and Arabic', async () => {
    const seller = await apiSession(portal, 'seller1')
    const { page, context } = await newPage(portal, 390, 844)
    try {
      await openAs(portal, page, seller, '/inventory/upload')
      await page.getByTestId('screen-inventoryUpload').waitFor()
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(await overflow()).toBeLessThanOrEqual(0)
      await page.screenshot({ path: join(SCREENS, 'inventory-upload-390.png'), fullPage: true })

      await page.getByTestId('inv-section-inventoryInstructions').click()
      await page.getByTestId('inv-guide').waitFor()
      expect(await overflow()).toBeLessThanOrEqual(0)

      for (const lng of ['he', 'ar']) {
        await chooseLanguage(page, lng)
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
        await page.getByTestId('inv-section-inventoryUpload').click()
        await page.getByTestId('screen-inventoryUpload').waitFor()
        expect(await overflow()).toBeLessThanOrEqual(0)
        // The file control is the app's, in the page's language (the browser's own reads "Choose File").
        const control = page.locator('.file-input').filter({ has: page.getByTestId('inv-file') })
        const { file } = localeOf(lng).common
        expect(await control.textContent()).toBe(`${file.choose}${file.none}`)
        await page.screenshot({ path: join(SCREENS, `inventory-upload-390-${lng}.png`), fullPage: true })
      }
      // Choosing a file names it there; the input keeps its own label for assistive technology.
      await page
        .getByTestId('inv-file')
        .setInputFiles({ name: 'مخزون.csv', mimeType: 'text/csv', buffer: Buffer.from('Stock #\n') })
      expect(await page.locator('.file-input-name').textContent()).toBe('مخزون.csv')
      const label = localeOf('ar', 'features/inventory/locales/inventory').upload.file
      expect(await page.getByLabel(label).getAttribute('data-testid')).toBe('inv-file')
      await page.screenshot({ path: join(SCREENS, 'inventory-upload-390-ar-chosen.png'), fullPage: true })
      await expectAccessible(page, 'upload screen in Arabic at 390 px')

      // A later screen opened straight away shows its own link in the strip of seven (it sat off-screen).
      await page.goto(`${portal.base}/inventory/instructions`)
      await page.getByTestId('inv-guide').waitFor()
      const [left, right] = await page
        .getByTestId('inv-section-inventoryInstructions')
        .evaluate((a) => [a.getBoundingClientRect().left, a.getBoundingClientRect().right])
      expect(left).toBeGreaterThanOrEqual(0)
      expect(right).toBeLessThanOrEqual(390)
      await chooseLanguage(page, 'en')
    } finally {
      await context.close()
    }
  })

  it('fits its other screens (diamonds, history, media, articles, FTP) in 390 px, right to left in Arabic', async () => {
    const seller = await apiSession(portal, 'seller1')
    const { page, context } = await newPage(portal, 390, 844)
    try {
      await openAs(portal, page, seller, '/inventory/diamonds')
      await page.getByTestId('screen-manageDiamonds').waitFor()
      await chooseLanguage(page, 'ar')
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      // Each screen with what it shows once its data came (or says there is none), so that the checks
      // below see the screen filled.
      for (const [screen, href, shown] of [
        ['manageDiamonds', '/inventory/diamonds', '[data-testid="inv-stone"]'],
        ['inventoryHistory', '/inventory/history', '[data-testid="inv-history-row"], [data-testid="empty-state"]'],
        ['mediaUpload', '/inventory/media', '[data-testid="inv-media-send"]'],
        ['inventoryArticles', '/inventory/articles', '[data-testid="art-list"], [data-testid="empty-state"]'],
        ['ftpSettings', '/inventory/ftp', '[data-testid="inv-ftp-save"]'],
      ] as const) {
        await page.getByTestId(`inv-section-${screen}`).click()
        await page.getByTestId(`screen-${screen}`).waitFor()
        await page.locator(shown).first().waitFor()
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
        expect(page.url()).toBe(`${portal.base}${href}`)
        // The title is the Arabic one, and nothing pushes the page sideways.
        expect(await page.locator('h1.page-title').textContent()).toBe(
          localeOf('ar', 'features/shell/locales/shell').screens[screen],
        )
        expect(await overflow(), screen).toBeLessThanOrEqual(0)
        await page.screenshot({ path: join(SCREENS, `inventory-${screen}-390-ar.png`), fullPage: true })
        await expectAccessible(page, `${screen} in Arabic at 390 px`)
      }
      await chooseLanguage(page, 'en')
    } finally {
      await context.close()
    }
  })

  it('shows a stone’s own photo on its DNA page once the seller uploads it (the drawn outline before)', async () => {
    const [seller, buyer] = await Promise.all([apiSession(portal, 'seller1'), apiSession(portal, 'buyer1')])
    const { good, csv } = stockCsv(String(Date.now() + 1).slice(-7))
    const preview = await callMultipart<{ id: string }>(
      portal,
      'seller/inventory/upload',
      [
        ['mode', 'addUpdate'],
        ['file', { content: csv, name: 'stock.csv' }],
      ],
      seller.token.jwt,
    )
    expect(preview.code, preview.message).toBe('OK')
    expect((await call(portal, 'seller/inventory/commit', { id: preview.data.id }, seller.token.jwt)).code).toBe('OK')
    const listed = await call<{ list: { id: string; stockNo: string }[] }>(
      portal,
      'seller/diamond/paginate',
      { search: good },
      seller.token.jwt,
    )
    const stone = listed.data.list.find((x) => x.stockNo === good)!

    const { page, context } = await newPage(portal, 390, 844)
    try {
      await openAs(portal, page, buyer, `/diamond-dna/${stone.id}`)
      await page.getByTestId('screen-dna').waitFor()
      // No photo yet: the image route draws the stone's outline (an SVG), as for every stone without one.
      const img = page.getByTestId('detail-image')
      const loaded = () =>
        page.waitForFunction(() => {
          const el = document.querySelector<HTMLImageElement>('[data-testid="detail-image"]')
          return !!el && el.complete && el.naturalWidth > 0
        })
      const typeOf = async () =>
        (await page.request.get(`${portal.base}${await img.getAttribute('src')}`)).headers()['content-type']
      await img.waitFor()
      await loaded()
      expect(await typeOf()).toContain('image/svg+xml')
      const drawn = await img.getAttribute('src')

      // The photo, named by the stock number as sellers name their files, matched to the stone.
      const sent = await callMultipart<{ matched: number }>(
        portal,
        'seller/media/upload',
        [['file', { content: makePng(24, 16), name: `${good}.png` }]],
        seller.token.jwt,
      )
      expect(sent.code, sent.message).toBe('OK')
      expect(sent.data).toMatchObject({ matched: 1 })

      await page.reload()
      await img.waitFor()
      expect(await img.getAttribute('src')).toMatch(/^\/web\/v1\/diamond-media\/image\//)
      // The photo itself, loaded and decoded by the browser (the page's CSP allows it), not the outline.
      await loaded()
      expect(await typeOf()).toBe('image/png')
      expect(await img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([24, 16])
      expect(await img.getAttribute('src')).not.toBe(drawn) // a new address: no cached outline
      await page.screenshot({ path: join(SCREENS, 'inventory-dna-photo-390.png'), fullPage: true })
    } finally {
      await context.close()
    }
  })

  it('lets operator staff pick the seller they act for, and shows that seller’s stones', async () => {
    const staff = await apiSession(portal, 'sales1')
    const { page, context } = await newPage(portal)
    try {
      await openAs(portal, page, staff, '/inventory/diamonds')
      await page.getByTestId('screen-manageDiamonds').waitFor()
      // Nothing is asked of the server until a seller is chosen.
      await page.getByTestId('inv-seller-picker').waitFor()
      expect(await page.getByTestId('inv-manage-table').count()).toBe(0)
      await page.getByTestId('inv-seller-search').fill('Shah')
      const shah = page.locator('[data-testid="inv-seller-choice"] option', { hasText: 'Shah Diamonds' })
      await shah.waitFor({ state: 'attached' })
      // The list narrows to the search once its answer comes (it shows every seller before).
      await page
        .locator('[data-testid="inv-seller-choice"] option', { hasText: 'Surat Gems' })
        .waitFor({ state: 'detached' })
      await page.getByTestId('inv-seller-choice').selectOption({ value: (await shah.getAttribute('value'))! })
      expect(await page.getByTestId('inv-seller-picker').textContent()).toContain('Shah Diamonds')
      await page.getByTestId('inv-manage-table').waitFor()
      // seller1's own stones, as seller1 sees them.
      const seller = await apiSession(portal, 'seller1')
      const own = await call<{ count: number }>(portal, 'seller/diamond/paginate', {}, seller.token.jwt)
      const shown = await call<{ count: number }>(
        portal,
        'seller/diamond/paginate',
        { sellerCompanyId: (await shah.getAttribute('value'))! },
        staff.token.jwt,
      )
      expect(shown.data.count).toBe(own.data.count)
      expect(await page.locator('[data-testid="inv-manage-table"] tbody tr').count()).toBeGreaterThan(0)
      await expectAccessible(page, 'manage diamonds for a seller picked by staff')
      await page.screenshot({ path: join(SCREENS, 'inventory-staff-picker.png'), fullPage: true })

      // A refused edit says why in words (it read "Invalid Fields: range.back"), and changes nothing.
      await page.getByTestId('inv-edit').first().click()
      const dialog = page.getByTestId('inv-edit-dialog')
      await dialog.getByLabel(localeOf('en', 'features/inventory/locales/inventory').field.back).fill('-150')
      await dialog.getByTestId('inv-edit-save').click()
      const texts = localeOf('en', 'features/inventory/locales/inventory')
      expect(await dialog.getByRole('alert').textContent()).toBe(
        texts.reason.range.replace('{{field}}', texts.field.back),
      )
    } finally {
      await context.close()
    }
  })
})

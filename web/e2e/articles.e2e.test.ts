import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible } from './support/axe'
import { apiSession, call, openAs } from './support/api-session'
import { makePng } from './support/png'
import { chooseLanguage, newPage, SCREENS, usePortal } from './support/portal'

/**
 * Seller articles (issue 23): seller1 adds a piece of jewellery with a photo and lists it; buyer1
 * reaches seller1's articles from a stone's detail page and sees it, photo included.
 */
const portal = usePortal()

describe('seller articles', () => {
  it('are added with a photo by the seller and seen by a buyer from a stone of theirs', async () => {
    const [seller, buyer] = await Promise.all([apiSession(portal, 'seller1'), apiSession(portal, 'buyer1')])
    const name = `E2E ring ${String(Date.now()).slice(-6)}`
    const s = await newPage(portal)
    const b = await newPage(portal)
    try {
      await openAs(portal, s.page, seller, '/inventory/articles')
      await s.page.getByTestId('screen-inventoryArticles').waitFor()
      await s.page.getByTestId('art-add').first().click()
      const dialog = s.page.getByTestId('art-dialog')
      await dialog.waitFor()
      await dialog.getByTestId('art-kind').selectOption('jewellery')
      await dialog.getByTestId('art-name').fill(name)
      await dialog.getByTestId('art-price').fill('12,500.50')
      await dialog.getByTestId('art-description').fill('Platinum ring, 2.1 ct emerald, GIA report')
      expect(await dialog.getByTestId('art-listed').isChecked()).toBe(true)
      await dialog.getByTestId('art-save').click()
      // Saved: the dialog stays open for its photos, sent one by one.
      await dialog.getByTestId('art-photo-file').setInputFiles({
        name: 'ring.png',
        mimeType: 'image/png',
        buffer: makePng(320, 240),
      })
      await dialog.getByTestId('art-thumbs').locator('img').first().waitFor()
      expect(await dialog.getByTestId('art-thumbs').locator('img').count()).toBe(1)
      await expectAccessible(s.page, 'article dialog')
      await dialog.getByTestId('art-close').click()

      const card = s.page.getByTestId('art-card').filter({ hasText: name })
      await card.waitFor()
      expect(await card.getByTestId('art-status').textContent()).toBe('Listed')
      expect(await card.getByTestId('art-price').textContent()).toContain('12,500.50')
      expect(await card.locator('.art-photo img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)
      await expectAccessible(s.page, 'articles screen')
      await s.page.screenshot({ path: join(SCREENS, 'articles-seller.png'), fullPage: true })

      // The buyer opens one of seller1's stones, and from its seller the seller's articles.
      const stones = await call<{ list: { id: string; status: string }[] }>(
        portal,
        'seller/diamond/paginate',
        { status: 'listed', limit: 1 },
        seller.token.jwt,
      )
      expect(stones.code, stones.message).toBe('OK')
      await openAs(portal, b.page, buyer, `/diamond-detail/${stones.data.list[0]!.id}`)
      await b.page.getByTestId('detail-seller-articles').click()
      await b.page.getByTestId('screen-sellerArticles').waitFor()
      const seen = b.page.getByTestId('art-card').filter({ hasText: name })
      await seen.waitFor()
      expect(await b.page.locator('h1').textContent()).toBe("Shah Diamonds's articles")
      expect(await seen.getByTestId('art-price').textContent()).toContain('12,500.50')
      expect(await seen.locator('.art-photo img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)
      await expectAccessible(b.page, "a seller's articles")
      await b.page.screenshot({ path: join(SCREENS, 'articles-buyer.png'), fullPage: true })
    } finally {
      await s.context.close()
      await b.context.close()
    }
  })

  it('fits 390 px and reads right to left in Hebrew (the seller) and Arabic (the buyer)', async () => {
    const [seller, buyer] = await Promise.all([apiSession(portal, 'seller1'), apiSession(portal, 'buyer1')])
    const made = await call<{ id: string; sellerCompanyId: string }>(
      portal,
      'article/create',
      { kind: 'parcel', name: 'Melee parcel 0.01-0.03 ct', priceUsd: 980, status: 'listed' },
      seller.token.jwt,
    )
    expect(made.code, made.message).toBe('OK')
    const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    const s = await newPage(portal, 390, 844)
    const b = await newPage(portal, 390, 844)
    try {
      await openAs(portal, s.page, seller, '/inventory/articles')
      await s.page.getByTestId('art-card').first().waitFor()
      expect(await overflow(s.page)).toBeLessThanOrEqual(0)
      await s.page.screenshot({ path: join(SCREENS, 'articles-seller-390.png'), fullPage: true })
      await chooseLanguage(s.page, 'he')
      expect(await s.page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      await s.page.getByTestId('art-card').first().waitFor()
      expect(await overflow(s.page)).toBeLessThanOrEqual(0)
      await s.page.getByTestId('art-edit').first().click()
      await s.page.getByTestId('art-dialog').waitFor()
      await expectAccessible(s.page, 'article dialog in Hebrew at 390 px')
      await s.page.screenshot({ path: join(SCREENS, 'articles-seller-390-he.png'), fullPage: true })
      await chooseLanguage(s.page, 'en')

      await openAs(portal, b.page, buyer, `/seller/${made.data.sellerCompanyId}/articles`)
      await b.page.getByTestId('art-seller-list').waitFor()
      await chooseLanguage(b.page, 'ar')
      await b.page.getByTestId('art-card').first().waitFor()
      expect(await b.page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      expect(await overflow(b.page)).toBeLessThanOrEqual(0)
      await expectAccessible(b.page, "a seller's articles in Arabic at 390 px")
      await b.page.screenshot({ path: join(SCREENS, 'articles-buyer-390-ar.png'), fullPage: true })
      await chooseLanguage(b.page, 'en')
    } finally {
      await s.context.close()
      await b.context.close()
    }
  })
})

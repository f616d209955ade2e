import { randomBytes, randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import { expectAccessible } from './support/axe'
import { apiSession, call, openAs, type LoginData } from './support/api-session'
import { chooseLanguage, newPage, SCREENS, usePortal, type Portal } from './support/portal'
import he from '../src/locales/he.json'

/**
 * Members (issue 25): buyer1 follows seller1's company from the directory; seller1 uploads a small
 * CSV; buyer1's notification centre shows exactly one notice for it; buyer1 rates a delivered order
 * from purchase history and seller1's profile shows the rating; unfollowing asks the question.
 */
const portal = usePortal()
const SHAH = DEMO_COMPANY_IDS['Shah Diamonds']!

const CSV_HEAD = 'Stock #,Shape,Weight,Color,Clarity,Cut,Polish,Symmetry,Fluorescence Intensity,Lab,Rap %,Treatment'
const csvRow = (no: string) => `${no},Round,1.01,G,VS1,EX,EX,EX,None,GIA,-30,None`

/** seller1's upload through the same calls the upload screen makes: preview, then commit. */
async function uploadStones(p: Portal, seller: LoginData, count: number): Promise<void> {
  const tag = randomBytes(3).toString('hex').toUpperCase()
  const csv = [CSV_HEAD, ...Array.from({ length: count }, (_, i) => csvRow(`FOL-${tag}-${i + 1}`))].join('\r\n')
  const form = new FormData()
  form.set('mode', 'addUpdate')
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'new.csv')
  const res = await fetch(`${p.base}/web/v1/seller/inventory/upload`, {
    method: 'POST',
    headers: { authorization: `JWT ${seller.token.jwt}` },
    body: form,
  })
  const preview = (await res.json()) as {
    code: string
    message: string
    data: { id: string; report: { valid: number } }
  }
  expect(preview.code, preview.message).toBe('OK')
  expect(preview.data.report.valid).toBe(count)
  const done = await call(p, 'seller/inventory/commit', { id: preview.data.id }, seller.token.jwt)
  expect(done.code, done.message).toBe('OK')
}

describe('members', () => {
  it('follow from the directory, one notice per upload, a rating after delivery, unfollow asked first', async () => {
    const [buyer, seller, sales] = await Promise.all([
      apiSession(portal, 'buyer1'),
      apiSession(portal, 'seller1'),
      apiSession(portal, 'sales1'),
    ])
    const b = await newPage(portal)
    try {
      // The directory: shown companies only, searched; buyer1 follows Shah Diamonds.
      await openAs(portal, b.page, buyer, '/member-directory')
      await b.page.getByTestId('screen-memberDirectory').waitFor()
      await b.page.getByTestId('member-card').first().waitFor()
      expect(await b.page.getByTestId('member-card').count()).toBe(5)
      expect(await b.page.locator('[data-company="MEHTA-JEWELS"]').count()).toBe(0)
      await expectAccessible(b.page, 'member directory')
      await b.page.screenshot({ path: join(SCREENS, 'members-directory.png'), fullPage: true })
      await b.page.getByTestId('member-search').fill('shah')
      await b.page.getByTestId('member-search-go').click()
      await b.page.waitForFunction(() => document.querySelectorAll('[data-testid="member-card"]').length === 1)
      const card = b.page.locator('[data-company="SHAH-DIAMONDS"]')
      await card.getByTestId('follow').click()
      await card.getByTestId('unfollow').waitFor()
      expect(await card.getByTestId('followers').textContent()).toBe('Followers: 1')

      // seller1 lists three new stones in one upload: buyer1's bell counts one more, live, once.
      await b.page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor()
      const unread = (await call<{ unread: number }>(portal, 'notification/list', { limit: 1 }, buyer.token.jwt)).data
        .unread
      await uploadStones(portal, seller, 3)
      await b.page.waitForFunction(
        (n) => document.querySelector('[data-testid="bell-count"]')?.textContent === String(n),
        unread + 1,
        { timeout: 20_000 },
      )
      // The dashboard shows the new stones among those of the sellers buyer1 follows.
      await b.page.goto(`${portal.base}/dashboard`)
      await b.page.getByTestId('dash-card-followed').waitFor()
      // Newest first: the three 1.01 ct rounds just listed, each with its seller's name.
      await b.page.waitForFunction(
        () => {
          const lines = [...document.querySelectorAll('[data-testid="dash-followed-stone"]')].slice(0, 3)
          return lines.length === 3 && lines.every((e) => /1\.01 ct/.test(e.textContent ?? ''))
        },
        undefined,
        { timeout: 20_000 },
      )
      expect(await b.page.getByTestId('dash-followed-stone').first().textContent()).toContain('Shah Diamonds')
      // In the notification centre it is told once, in words.
      await openAs(portal, b.page, buyer, '/notifications')
      const notice = b.page.getByTestId('notice-member.listed')
      await notice.first().waitFor()
      expect(await notice.count()).toBe(1)
      expect(await notice.textContent()).toContain('Shah Diamonds listed 3 new stones')
      await b.page.screenshot({ path: join(SCREENS, 'members-notice.png') })

      // An order of a Shah stone, delivered; buyer1 rates the seller from purchase history.
      // One of seller1's listed stones (the seller's own list names them).
      const stones = await call<{ list: { id: string }[] }>(
        portal,
        'seller/diamond/paginate',
        { status: 'listed', limit: 1 },
        seller.token.jwt,
      )
      expect(stones.code, stones.message).toBe('OK')
      const stone = stones.data.list[0]!
      const placed = (await (
        await fetch(`${portal.base}/web/v1/diamond-confirm/request`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `JWT ${buyer.token.jwt}`,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({ ids: [stone.id], billType: 4 }),
        })
      ).json()) as { code: string; message: string; data: { order: { id: string } } }
      expect(placed.code, placed.message).toBe('OK')
      const orderId = placed.data.order.id
      for (const step of [
        { status: 'packed' },
        { status: 'shipped', trackingNo: 'TRK-E2E', carrier: 'Malca-Amit' },
        { status: 'delivered' },
      ]) {
        const r = await call(portal, 'shipping-detail/update', { orderId, ...step }, sales.token.jwt)
        expect(r.code, r.message).toBe('OK')
      }
      await openAs(portal, b.page, buyer, `/account/purchase-history?order=${orderId}`)
      const rate = b.page.getByTestId('rate-seller-open')
      await rate.waitFor({ timeout: 20_000 })
      await rate.click()
      const dialog = b.page.getByTestId('rate-dialog')
      await dialog.waitFor()
      await dialog.locator('label', { has: b.page.getByTestId('score-4') }).click()
      await dialog.getByTestId('rate-comment').fill('Exactly as described, well packed.')
      await expectAccessible(b.page, 'rate seller dialog')
      await b.page.screenshot({ path: join(SCREENS, 'members-rate.png') })
      await dialog.getByTestId('rate-send').click()
      await b.page.getByTestId('rated').waitFor()
      expect(await b.page.getByTestId('rated').textContent()).toContain('4/5')

      // seller1's profile shows the rating and the review; unfollowing asks first.
      await openAs(portal, b.page, buyer, `/member/${SHAH}`)
      await b.page.getByTestId('company-name').waitFor()
      await b.page.getByTestId('review').waitFor()
      expect(await b.page.locator('.mem-head [data-testid="rating"]').getAttribute('aria-label')).toBe(
        'Rated 4.0 out of 5 by 1 buyers',
      )
      expect(await b.page.getByTestId('review').textContent()).toContain('Exactly as described, well packed.')
      expect(await b.page.getByTestId('company-members').textContent()).toContain('Ravi Shah')
      await expectAccessible(b.page, 'company profile')
      await b.page.screenshot({ path: join(SCREENS, 'members-profile.png'), fullPage: true })
      await b.page.getByTestId('unfollow').click()
      expect(await b.page.getByTestId('confirm-text').textContent()).toBe('Are you sure you want to unfollow?')
      await b.page.getByTestId('confirm-no').click()
      expect(await b.page.getByTestId('unfollow').count()).toBe(1)
      await b.page.getByTestId('unfollow').click()
      await b.page.getByTestId('confirm-yes').click()
      await b.page.getByTestId('follow').waitFor()
      expect(await b.page.locator('.mem-head [data-testid="followers"]').textContent()).toBe('Followers: 0')
      const following = await call<{ count: number }>(portal, 'member/following', {}, buyer.token.jwt)
      expect(following.data.count).toBe(0)

      // The profile leads to the seller's listed stones: the grid of exactly its company's stones.
      const listed = await call<{ count: number }>(
        portal,
        'diamond/paginate',
        { filter: { sellerCompanyId: [SHAH] }, limit: 1 },
        buyer.token.jwt,
      )
      expect(listed.data.count).toBeGreaterThan(0)
      await b.page.getByTestId('company-stock').click()
      await b.page.getByTestId('seller-stock').waitFor()
      expect(await b.page.getByTestId('seller-stock').textContent()).toBe('Stones listed by Shah Diamonds')
      await expect
        .poll(async () =>
          Number((await b.page.getByTestId('stones-count').locator('strong').textContent())!.replace(/,/g, '')),
        )
        .toBe(listed.data.count)
    } finally {
      await b.context.close()
    }
  })

  it('fits 390 px, and reads right to left in Hebrew', async () => {
    const buyer = await apiSession(portal, 'buyer2')
    const { context, page } = await newPage(portal, 390, 844)
    try {
      await openAs(portal, page, buyer, '/member-directory')
      await page.getByTestId('member-card').first().waitFor()
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(await overflow()).toBeLessThanOrEqual(0)
      await page.screenshot({ path: join(SCREENS, 'members-directory-390.png'), fullPage: true })
      await openAs(portal, page, buyer, `/member/${SHAH}`)
      await page.getByTestId('company-name').waitFor()
      await chooseLanguage(page, 'he')
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
      await page.getByText('ספריית החברים').count()
      expect(await page.getByTestId('follow').textContent()).toBe('מעקב')
      expect(await overflow()).toBeLessThanOrEqual(0)
      await expectAccessible(page, 'company profile in Hebrew at 390 px')
      await page.screenshot({ path: join(SCREENS, 'members-profile-390-he.png'), fullPage: true })
      // A hidden company is not found.
      const hidden = await call(portal, 'member/view', { companyId: randomUUID() }, buyer.token.jwt)
      expect(hidden.code).toBe('E_NOT_FOUND')
      // A mistyped address is not found as well, with no retry that could never help.
      await page.goto(`${portal.base}/member/not-a-company`)
      const alert = page.getByTestId('screen-member').getByRole('alert')
      await alert.waitFor()
      expect(await alert.locator('button').count()).toBe(0)
      expect(await alert.textContent()).toBe(he.errors.E_NOT_FOUND)
    } finally {
      await context.close()
    }
  })
})

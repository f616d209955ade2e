import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { logOut, newPage, SCREENS, signIn, usePortal } from './support/portal'

/**
 * Issue 26, the staff screens that answer buyers: an enquiry reaches the sales team's inbox live and
 * the answer reaches the buyer live; a memo made at the memo desk fills the buyer's memo list; a
 * buy request from an empty search reaches the sales team, whose answer the buyer sees. Phone width
 * (390 px) too.
 */
const PUSH_WAIT_MS = 15_000
const portal = usePortal()

const mark = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1))
const marked = (page: Page) => page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)
const live = (page: Page) => page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor()
/** The stone numbers of the available stones the dashboard's grid shows, in order. */
async function availableStones(page: Page, n: number): Promise<string[]> {
  const rows = page.locator('[data-testid^="stone-row-"][data-status="A"]')
  await rows.nth(n - 1).waitFor()
  return Promise.all(
    Array.from({ length: n }, async (_, i) =>
      ((await rows.nth(i).getAttribute('data-testid')) ?? '').replace('stone-row-', ''),
    ),
  )
}
/** No element wider than the page (nothing to scroll sideways on a phone). */
const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1)

describe('staff answer buyers', () => {
  it('an enquiry reaches the inbox live, and the answer reaches the buyer live', async () => {
    const buyer = await newPage(portal)
    const sales = await newPage(portal)
    const phone = await newPage(portal, 390, 844)
    try {
      await signIn(portal, sales.page, 'sales1')
      await sales.page.goto(`${portal.base}/account/enquiry`)
      await sales.page.getByTestId('enquiry-inbox').waitFor()
      await live(sales.page)
      await mark(sales.page)

      await signIn(portal, buyer.page, 'buyer1')
      const [vStnId] = (await availableStones(buyer.page, 1)) as [string]
      await buyer.page.getByTestId(`select-${vStnId}`).check()
      await buyer.page.getByTestId('action-enquiry').click()
      await buyer.page.getByTestId('list-dialog-text').fill('Is it eye clean? Please send a video.')
      await buyer.page.getByTestId('list-dialog-ok').click()
      await buyer.page.goto(`${portal.base}/account/enquiry`)
      const mine = buyer.page.getByTestId(`enquiry-${vStnId}`)
      await mine.waitFor()
      expect(await mine.getAttribute('data-state')).toBe('open')
      await live(buyer.page)
      await mark(buyer.page)

      // The inbox, never reloaded, shows the new enquiry, open, with the buyer's question.
      const theirs = sales.page.getByTestId(`enquiry-${vStnId}`)
      await theirs.waitFor({ timeout: PUSH_WAIT_MS })
      expect(await marked(sales.page)).toBe(1)
      expect(await theirs.getByTestId('enquiry-buyer').textContent()).toContain('buyer1')
      expect(await theirs.getByTestId('enquiry-messages').textContent()).toContain('Is it eye clean?')
      // An empty answer is refused on the spot.
      await theirs.getByTestId('enquiry-send').click()
      await theirs.getByRole('alert').waitFor()
      await sales.page.screenshot({ path: join(SCREENS, 'enquiry-inbox.png') })
      await theirs.getByTestId('enquiry-reply-text').fill('Eye clean, yes. The video is on its way by mail.')
      await theirs.getByTestId('enquiry-send').click()
      await sales.page.getByText('Message sent.').waitFor()
      // Answered: it leaves the open tab and shows under Answered.
      await theirs.waitFor({ state: 'detached' })
      await sales.page.getByTestId('enquiry-tab-answered').click()
      await sales.page.locator(`[data-testid="enquiry-${vStnId}"][data-state="answered"]`).waitFor()

      // The buyer's page, never reloaded, shows the answer, and the toast tells them.
      await buyer.page.locator(`[data-testid="enquiry-${vStnId}"][data-state="answered"]`).waitFor({
        timeout: PUSH_WAIT_MS,
      })
      expect(await marked(buyer.page)).toBe(1)
      expect(await mine.locator('[data-side="sales"]').textContent()).toContain('The video is on its way by mail.')
      await buyer.page.getByText(`The sales team answered your enquiry on stone ${vStnId}`, { exact: false }).waitFor()
      await buyer.page.screenshot({ path: join(SCREENS, 'enquiry-buyer.png') })

      // On a phone: the conversation fits the width.
      await signIn(portal, phone.page, 'buyer1')
      await phone.page.goto(`${portal.base}/account/enquiry`)
      await phone.page.getByTestId(`enquiry-${vStnId}`).waitFor()
      expect(await fits(phone.page)).toBe(true)
      await phone.page.screenshot({ path: join(SCREENS, 'enquiry-buyer-phone.png'), fullPage: true })
    } finally {
      await buyer.context.close()
      await sales.context.close()
      await phone.context.close()
    }
  })

  it("a stone put on memo for buyer1 at the memo desk fills buyer1's memo list", async () => {
    const buyer = await newPage(portal)
    const sales = await newPage(portal)
    const phone = await newPage(portal, 390, 844)
    try {
      await signIn(portal, buyer.page, 'buyer1')
      const vStnId = (await availableStones(buyer.page, 6))[5]!
      await buyer.page.goto(`${portal.base}/account/memo`)
      await buyer.page.getByTestId('screen-memo').getByText('No memo diamonds found.').waitFor()

      await signIn(portal, sales.page, 'sales1')
      await sales.page.goto(`${portal.base}/account/memo`)
      await sales.page.getByTestId('memo-desk').waitFor()
      // A memo needs its buyer and its memo number.
      await sales.page.getByTestId('memo-stone').fill(vStnId)
      await sales.page.getByTestId('memo-submit').click()
      await sales.page.getByText('Choose the buyer from the list').waitFor()
      await sales.page.getByTestId('memo-buyer').fill('buyer')
      await sales.page.getByTestId('memo-hit-buyer1').click()
      await sales.page.getByTestId('memo-buyer-chosen').waitFor()
      await sales.page.getByTestId('memo-no').fill('M-2611/7')
      await sales.page.screenshot({ path: join(SCREENS, 'memo-desk.png') })
      await sales.page.getByTestId('memo-submit').click()
      await sales.page.getByText(`Stone ${vStnId} is on memo to buyer1.`).waitFor()
      const row = sales.page.getByTestId(`memo-row-${vStnId}`)
      await row.waitFor()
      expect(await row.textContent()).toContain('buyer1')
      expect(await row.textContent()).toContain('M-2611/7')

      // buyer1's memo list now lists it, with the memo number.
      await buyer.page.reload()
      const memo = buyer.page.getByTestId(`hold-row-${vStnId}`)
      await memo.waitFor()
      expect(await memo.textContent()).toContain('M-2611/7')
      await buyer.page.screenshot({ path: join(SCREENS, 'memo-buyer.png') })

      await signIn(portal, phone.page, 'buyer1')
      await phone.page.goto(`${portal.base}/account/memo`)
      await phone.page.getByTestId(`hold-row-${vStnId}`).waitFor()
      await phone.page.screenshot({ path: join(SCREENS, 'memo-buyer-phone.png'), fullPage: true })

      // The stone comes back: the desk ends the memo after asking.
      await row.getByTestId(`memo-end-${vStnId}`).click()
      expect(await sales.page.getByTestId('confirm-text').textContent()).toBe(
        'End this block and give the stone back to stock?',
      )
      await sales.page.getByTestId('confirm-yes').click()
      await sales.page.getByText(`Stone ${vStnId} is back in stock.`).waitFor()
      await row.waitFor({ state: 'detached' })
    } finally {
      await buyer.context.close()
      await sales.context.close()
      await phone.context.close()
    }
  })

  it('a buy request from an empty search reaches the sales team, whose answer the buyer sees', async () => {
    const buyer = await newPage(portal)
    const sales = await newPage(portal)
    const phone = await newPage(portal, 390, 844)
    try {
      await signIn(portal, sales.page, 'sales1')
      await sales.page.goto(`${portal.base}/account/buy-request`)
      await sales.page.getByTestId('buy-request-inbox').waitFor()
      await live(sales.page)
      await mark(sales.page)

      // Cushions of 30 to 35 carats: the stock has none.
      await signIn(portal, buyer.page, 'buyer2')
      await buyer.page.goto(`${portal.base}/diamond-search`)
      await buyer.page.getByTestId('search-actions').waitFor()
      await buyer.page.getByTestId('chip-shpNm-CUSHION').click()
      await buyer.page.getByTestId('crt-0-from').fill('30')
      await buyer.page.getByTestId('crt-0-to').fill('35')
      await buyer.page.getByTestId('search-submit').click()
      await buyer.page
        .getByTestId('no-match-offer')
        .getByText('No stones match your search', { exact: false })
        .waitFor()
      expect(await buyer.page.getByTestId('add-demand').textContent()).toBe('Ask us to find it')
      await buyer.page.getByTestId('add-demand').click()
      const form = buyer.page.getByTestId('demand-form')
      await form.waitFor()
      expect(new URL(buyer.page.url()).pathname).toBe('/account/buy-request')
      expect(await form.getByTestId('demand-chip-shpNm-CUSHION').getAttribute('aria-pressed')).toBe('true')
      expect(await form.getByTestId('dem-crt-0-from').inputValue()).toBe('30')
      await form.getByTestId('demand-title').fill('Cushion 30ct for a collector')
      await form.getByTestId('demand-save').click()
      const row = buyer.page
        .getByTestId('demand-table')
        .locator('tbody tr')
        .filter({ hasText: 'Cushion 30ct for a collector' })
      await row.waitFor()
      await live(buyer.page)
      await mark(buyer.page)

      // The sales team's inbox, never reloaded, shows it with the buyer named, and they answer.
      const card = sales.page
        .locator('li[data-testid^="buy-request-"]')
        .filter({ hasText: 'Cushion 30ct for a collector' })
      await card.waitFor({ timeout: PUSH_WAIT_MS })
      expect(await marked(sales.page)).toBe(1)
      expect(await card.getByTestId('buy-request-buyer').textContent()).toContain('buyer2')
      await sales.page.screenshot({ path: join(SCREENS, 'buy-request-inbox.png') })
      await card.getByTestId('buy-request-answer').fill('We can source one within two weeks; details by mail.')
      await card.getByTestId('buy-request-send').click()
      await sales.page.getByText('Answer sent to buyer2.').waitFor()

      // The buyer's list, never reloaded, shows the answer; the toast tells them.
      await row.getByTestId('demand-replies').waitFor({ timeout: PUSH_WAIT_MS })
      expect(await marked(buyer.page)).toBe(1)
      expect(await row.getByTestId('demand-replies').textContent()).toContain('We can source one within two weeks')
      await buyer.page
        .getByText('The sales team answered your buy request "Cushion 30ct for a collector"', { exact: false })
        .first()
        .waitFor()
      await buyer.page.screenshot({ path: join(SCREENS, 'buy-request-buyer.png') })

      await signIn(portal, phone.page, 'buyer2')
      await phone.page.goto(`${portal.base}/account/buy-request`)
      await phone.page.getByTestId('demand-cards').getByTestId('demand-replies').first().waitFor()
      expect(await fits(phone.page)).toBe(true)
      await phone.page.screenshot({ path: join(SCREENS, 'buy-request-phone.png'), fullPage: true })
    } finally {
      await buyer.context.close()
      await sales.context.close()
      await phone.context.close()
    }
  })

  it('the sales inboxes fit a phone', async () => {
    const phone = await newPage(portal, 390, 844)
    try {
      await signIn(portal, phone.page, 'sales1')
      for (const [path, id] of [
        ['/account/enquiry', 'enquiry-inbox'],
        ['/account/buy-request', 'buy-request-inbox'],
        ['/account/memo', 'memo-desk'],
      ] as const) {
        await phone.page.goto(`${portal.base}${path}`)
        await phone.page.getByTestId(id).waitFor()
        expect(await fits(phone.page), path).toBe(true)
        await phone.page.screenshot({ path: join(SCREENS, `${id}-phone.png`), fullPage: true })
      }
    } finally {
      await phone.context.close()
    }
  })
})

describe('sessions per device', () => {
  it('logging out on one device leaves the other signed in; log out everywhere ends them all', async () => {
    const laptop = await newPage(portal)
    const phone = await newPage(portal, 390, 844)
    try {
      await signIn(portal, laptop.page, 'buyer2')
      await signIn(portal, phone.page, 'buyer2')
      await logOut(laptop.page)
      // The phone's session is its own: it still reads its screens after a reload.
      await phone.page.goto(`${portal.base}/account`)
      await phone.page.getByTestId('account-sessions').waitFor()
      await phone.page.reload()
      await phone.page.getByTestId('account-sessions').waitFor()
      expect(new URL(phone.page.url()).pathname).toBe('/account')
      await phone.page.screenshot({ path: join(SCREENS, 'account-sessions-phone.png'), fullPage: true })

      await signIn(portal, laptop.page, 'buyer2')
      await phone.page.getByTestId('logout-everywhere').click()
      expect(await phone.page.getByTestId('confirm-text').textContent()).toBe(
        'Log out on every device? You will need to sign in again everywhere, here too.',
      )
      await phone.page.getByTestId('confirm-yes').click()
      await phone.page.waitForURL('**/signin')
      // The laptop's session ended too: its next read signs it out.
      await laptop.page.goto(`${portal.base}/account/cart`)
      await laptop.page.waitForURL('**/signin')
    } finally {
      await laptop.context.close()
      await phone.context.close()
    }
  })
})

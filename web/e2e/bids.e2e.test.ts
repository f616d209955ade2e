import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiSession, call, openAs, type LoginData } from './support/api-session'
import { expectAccessible } from './support/axe'
import { chooseLanguage, newPage as openPage, SCREENS, usePortal } from './support/portal'

/**
 * Two buyers in one live bid room against the portal started as `npm start` starts it: a bid by
 * one shows to the other without a reload, the outbid buyer is told, a late bid's extension shows,
 * and a sealed lot shows each buyer only their own bid. Auctions are made through the staff API.
 */
const PUSH_WAIT_MS = 15_000
const portal = usePortal()
const newPage = () => openPage(portal, 1280, 900)

interface Lot {
  id: string
  stoneId: string
  vStnId: string
}
interface Created {
  auctionId: string
  lots: Lot[]
}

/** Available stones put up for bid by staff; bidding learns them through stock's events. */
async function upForBid(staff: string, buyer: string, n: number): Promise<string[]> {
  const page = await call<{ list: { id: string; availability: string }[] }>(
    portal,
    'diamond/paginate',
    { limit: 60 },
    buyer,
  )
  expect(page.code, page.message).toBe('OK')
  const ids = page.data.list
    .filter((s) => s.availability === 'A')
    .slice(-n)
    .map((s) => s.id)
  expect(ids).toHaveLength(n)
  for (const id of ids) expect((await call(portal, 'diamond/status-update', { id, wSts: 'B' }, staff)).code).toBe('OK')
  return ids
}

/** A new auction, retried while bidding has not yet heard that the stones are up for bid. */
async function auction(staff: string, body: Record<string, unknown>): Promise<Created> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const r = await call<Created>(portal, 'diamond-bid/auction/create', body, staff)
    if (r.code === 'OK') return r.data
    if (r.code !== 'E_STONE_UNAVAILABLE' || Date.now() > deadline)
      throw new Error(`auction/create: ${JSON.stringify(r)}`)
    await new Promise((res) => setTimeout(res, 250))
  }
}

const lotOf = (stoneId: string) => ({ stoneId, startPerCarat: 1000 })
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString()

async function openRoom(page: Page, who: LoginData, auctionId: string, vStnId: string) {
  await openAs(portal, page, who, `/search-bid-diamond/${auctionId}`)
  await page.getByTestId(`lot-${vStnId}`).waitFor()
  await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor()
  // The server has put this page in the auction's room: every bid from now on is pushed to it.
  await page.locator('[data-testid="bid-room"][data-joined="true"]').waitFor()
}

async function bid(page: Page, vStnId: string, amount: string) {
  await page.getByTestId(`bid-input-${vStnId}`).fill(amount)
  await page.getByTestId(`bid-submit-${vStnId}`).click()
}

const position = (page: Page, vStnId: string, p: string) =>
  page.locator(`[data-testid="lot-position-${vStnId}"][data-position="${p}"]`).waitFor({ timeout: PUSH_WAIT_MS })

describe('live bid room', () => {
  it('shows each buyer the other’s bids live, tells the outbid, shows an extension, and keeps sealed bids to their bidder', async () => {
    const [staff, buyer1, buyer2] = await Promise.all([
      apiSession(portal, 'sales1'),
      apiSession(portal, 'buyer1'),
      apiSession(portal, 'buyer2'),
    ])
    const [s1, s2, s3, s4] = await upForBid(staff.token.jwt, buyer1.token.jwt, 4)
    const base = { incrementPerCarat: 10, opensAt: inMinutes(-1) }
    const live = await auction(staff.token.jwt, {
      ...base,
      title: 'E2E live room',
      kind: 'live',
      closesAt: inMinutes(120),
      lots: [lotOf(s1!)],
    })
    // Every bid of this one falls in its (hour-long) soft-close window: the first bid extends it.
    const late = await auction(staff.token.jwt, {
      ...base,
      title: 'E2E late bids',
      kind: 'live',
      closesAt: inMinutes(20),
      softClose: { windowSeconds: 3600, extendSeconds: 3600 },
      lots: [lotOf(s2!)],
    })
    const sealed = await auction(staff.token.jwt, {
      ...base,
      title: 'E2E sealed',
      kind: 'blind',
      closesAt: inMinutes(120),
      lots: [lotOf(s3!)],
    })
    const quick = await auction(staff.token.jwt, {
      ...base,
      title: 'E2E just bid it',
      kind: 'justBidIt',
      closesAt: inMinutes(120),
      lots: [{ ...lotOf(s4!), buyNowPerCarat: 1200 }],
    })
    const [v1, v2, v3, v4] = [live.lots[0]!.vStnId, late.lots[0]!.vStnId, sealed.lots[0]!.vStnId, quick.lots[0]!.vStnId]

    const a = await newPage()
    const b = await newPage()
    try {
      await Promise.all([openRoom(a.page, buyer1, live.auctionId, v1), openRoom(b.page, buyer2, live.auctionId, v1)])
      expect(await a.page.getByTestId('bid-room').isVisible()).toBe(true)
      expect(await a.page.getByTestId(`lot-countdown-${v1}`).textContent()).toMatch(/^Closes in \d:\d\d:\d\d$/)
      expect(await a.page.getByTestId('server-clock').textContent()).toMatch(/^Server time \d\d:\d\d:\d\d [AP]M IST$/)
      await expectAccessible(a.page, 'a bid room')
      // A marker that a reload would wipe out.
      await b.page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1))

      // The bid box checks before sending.
      await bid(a.page, v1, '999.99')
      expect(await a.page.getByTestId(`bid-problem-${v1}`).textContent()).toBe(
        'The bid must be at least $1,000.00 per carat.',
      )
      await bid(a.page, v1, '1000.005')
      expect(await a.page.getByTestId(`bid-problem-${v1}`).textContent()).toBe('Use at most 2 decimals.')
      // A decimal comma is refused, never read as digits (1000,5 is not 10,005).
      await bid(a.page, v1, '1000,5')
      expect(await a.page.getByTestId(`bid-problem-${v1}`).textContent()).toBe(
        'Use a point for decimals and commas only between thousands, such as 1,250.50.',
      )

      await bid(a.page, v1, '1000')
      await position(a.page, v1, 'leading')
      // buyer2 sees the new high live, and that they are not leading.
      await b.page.getByTestId(`lot-high-${v1}`).getByText('$1,000.00/ct').waitFor({ timeout: PUSH_WAIT_MS })
      expect(await b.page.getByTestId(`lot-count-${v1}`).textContent()).toBe('1')
      expect(await b.page.getByTestId(`lot-minimum-${v1}`).textContent()).toBe('$1,010.00/ct')
      expect(await b.page.getByTestId(`lot-position-${v1}`).getAttribute('data-position')).toBe('none')
      expect(await b.page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(1)
      await b.page.screenshot({ path: join(SCREENS, 'bid-room-buyer2.png') })

      // buyer2 outbids; buyer1's card turns to outbid live and the outbid notice arrives.
      await bid(b.page, v1, '1010')
      await position(b.page, v1, 'leading')
      await position(a.page, v1, 'outbid')
      await a.page
        .getByText(`You have been outbid on stone ${v1}: the high is now $1,010.00/ct.`)
        .waitFor({ timeout: PUSH_WAIT_MS })
      expect(await a.page.getByTestId(`lot-high-${v1}`).textContent()).toBe('$1,010.00/ct')
      await a.page.screenshot({ path: join(SCREENS, 'bid-room-outbid.png') })

      // A bid inside the soft-close window moves the close, and everyone in the room sees it.
      await Promise.all([openRoom(a.page, buyer1, late.auctionId, v2), openRoom(b.page, buyer2, late.auctionId, v2)])
      expect(await b.page.getByTestId(`lot-extended-${v2}`).count()).toBe(0)
      await bid(a.page, v2, '1000')
      await b.page.getByTestId(`lot-extended-${v2}`).waitFor({ timeout: PUSH_WAIT_MS })
      expect(await b.page.getByTestId(`lot-extended-${v2}`).textContent()).toMatch(
        /^Extended by a late bid \(1×\): now closes /,
      )
      await a.page.getByTestId(`lot-extended-${v2}`).waitFor({ timeout: PUSH_WAIT_MS })
      // The countdown now runs to the new close (an hour after the bid, on the server's clock).
      expect(await b.page.getByTestId(`lot-countdown-${v2}`).textContent()).toMatch(/^Closes in (59:\d\d|1:00:\d\d)$/)

      // Sealed: each buyer sees their own bid only, and nothing of the other's.
      await Promise.all([
        openRoom(a.page, buyer1, sealed.auctionId, v3),
        openRoom(b.page, buyer2, sealed.auctionId, v3),
      ])
      await bid(b.page, v3, '1777.77')
      await position(b.page, v3, 'sealed')
      await bid(a.page, v3, '1500')
      await position(a.page, v3, 'sealed')
      expect(await a.page.getByTestId(`lot-mine-${v3}`).textContent()).toBe('My bid: $1,500.00/ct')
      await b.page.reload()
      await b.page.getByTestId(`lot-mine-${v3}`).waitFor()
      expect(await b.page.getByTestId(`lot-mine-${v3}`).textContent()).toBe('My bid: $1,777.77/ct')
      for (const p of [a.page, b.page]) {
        expect(await p.getByTestId(`lot-high-${v3}`).count()).toBe(0)
        expect(await p.getByTestId(`lot-count-${v3}`).count()).toBe(0)
      }
      const aText = (await a.page.getByTestId(`lot-${v3}`).textContent()) ?? ''
      expect(aText).not.toContain('1,777.77')
      expect(aText).toContain('Sealed bid: nobody sees other bids')
      await a.page.getByTestId(`withdraw-${v3}`).waitFor()
      await a.page.screenshot({ path: join(SCREENS, 'bid-room-sealed.png') })
      await chooseLanguage(a.page, 'he')
      expect(await a.page.getByTestId(`lot-position-${v3}`).textContent()).toContain('ההצעה הסגורה שלכם נקלטה')
      await a.page.screenshot({ path: join(SCREENS, 'bid-room-sealed-he.png') })
      await chooseLanguage(a.page, 'en')

      // Every open auction, filtered by kind, each lot leading to its room.
      await a.page.goto(`${portal.base}/search-bid-diamond`)
      await a.page.getByTestId(`lot-${v1}`).waitFor()
      await a.page.getByTestId('kind-blind').click()
      await a.page.getByTestId(`lot-${v3}`).waitFor()
      expect(await a.page.getByTestId(`lot-${v1}`).count()).toBe(0)
      await a.page.getByTestId(`room-${v3}`).click()
      await a.page.waitForURL(`**/search-bid-diamond/${sealed.auctionId}`)
      await a.page.getByTestId(`lot-mine-${v3}`).waitFor()
      // Just bid it: a typed bid at or over the buy-now price buys at once, so it is asked first;
      // declined, nothing is sent; accepted, the stone is bought at the buy-now price, as the toast says.
      await openRoom(a.page, buyer1, quick.auctionId, v4)
      await bid(a.page, v4, '2000')
      expect(await a.page.getByTestId('confirm-text').textContent()).toBe('Buy this stone now at its buy-now price?')
      // The focus starts on No: a second Enter (or a held one) declines rather than buys.
      await a.page.keyboard.press('Enter')
      await a.page.getByTestId('confirm-text').waitFor({ state: 'detached' })
      expect(await a.page.getByTestId(`lot-position-${v4}`).getAttribute('data-position')).toBe('none')
      await a.page.getByTestId(`bid-submit-${v4}`).click()
      await a.page.getByTestId('confirm-yes').click()
      await a.page.getByTestId('toast').getByText('Your bid of $1,200.00/ct is in.').waitFor()
      await position(a.page, v4, 'won')
      // The bid box went with the sale; the focus is on the lot's status, not lost to the page.
      await a.page.waitForFunction(
        (id) => document.activeElement?.getAttribute('data-testid') === id,
        `lot-position-${v4}`,
        { timeout: PUSH_WAIT_MS },
      )
      // The demo's just-bid-it lots, each with its buy-now button.
      await a.page.goto(`${portal.base}/new-arrival-bid-it`)
      await a.page.locator('[data-testid^="buy-now-"]').first().waitFor()
      expect(await a.page.locator('.bid-kind--justBidIt').count()).toBe(await a.page.locator('.bid-kind').count())

      // The bid cart: a lot put in it shows there, live with its bid box, and can be taken out.
      await openRoom(a.page, buyer1, live.auctionId, v1)
      await a.page.getByTestId(`cart-${v1}`).click()
      await a.page.getByTestId('toast').getByText('Added to your bid cart.').waitFor()
      // The card now offers to take it out, here and after a reload (the list says it is in the cart).
      await a.page.getByTestId(`uncart-${v1}`).waitFor()
      await a.page.reload()
      await a.page.getByTestId(`uncart-${v1}`).waitFor()
      expect(await a.page.getByTestId(`cart-${v1}`).count()).toBe(0)
      await a.page.goto(`${portal.base}/my-bid?tab=cart`)
      await a.page.getByTestId(`bid-input-${v1}`).waitFor()
      await a.page.getByTestId(`uncart-${v1}`).click()
      await a.page.getByTestId('toast').getByText('Removed from your bid cart.').waitFor()
      await a.page.getByTestId(`lot-${v1}`).waitFor({ state: 'detached' })
      await a.page.reload()
      await a.page.getByText('Your bid cart is empty.').waitFor()

      // My bids: the spec's type and status; right to left in Arabic.
      await a.page.goto(`${portal.base}/my-bid`)
      await a.page.getByTestId(`bid-row-${v3}`).waitFor()
      const sealedRow = (await a.page.getByTestId(`bid-row-${v3}`).textContent()) ?? ''
      expect(sealedRow).toContain('Blind')
      expect(sealedRow).toContain('Pending')
      expect((await a.page.getByTestId(`bid-row-${v1}`).textContent()) ?? '').toContain('Open')
      // Where each standing bid stands: buyer2 outbid buyer1 on the live lot.
      expect(await a.page.getByTestId(`bid-row-position-${v1}`).textContent()).toBe(' · You have been outbid')
      // One stone's bids, and a link that names no lot said to be so.
      await a.page.goto(`${portal.base}/my-bid/${sealed.lots[0]!.id}`)
      await a.page.getByTestId(`bid-row-${v3}`).waitFor()
      await a.page.goto(`${portal.base}/my-bid/not-a-lot`)
      await a.page.getByText('You have no bids on this stone.').waitFor()
      await a.page.goto(`${portal.base}/my-bid`)
      await a.page.getByTestId(`bid-row-${v3}`).waitFor()
      await chooseLanguage(a.page, 'ar')
      expect(await a.page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      expect(await a.page.getByTestId('tab-cart').textContent()).toBe('سلة المزايدة')
      await a.page.screenshot({ path: join(SCREENS, 'my-bid-ar.png') })
      await chooseLanguage(a.page, 'en')
      // My bids has the server's clock too, ticking.
      const clock = a.page.getByTestId('server-clock')
      const first = await clock.textContent()
      await a.page.waitForFunction(
        (shown) => document.querySelector('[data-testid="server-clock"]')?.textContent !== shown,
        first,
      )

      // An account that does not see prices is told why it sees no auctions.
      const noPrice = await apiSession(portal, 'noprice1')
      await openAs(portal, b.page, noPrice, '/search-bid-diamond')
      await b.page
        .getByText('Your account does not see prices, so auctions are not shown to it.', { exact: false })
        .waitFor()
    } finally {
      await a.context.close()
      await b.context.close()
    }
  })
})

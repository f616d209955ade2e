import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiSession, call, openAs } from './support/api-session'
import { newPage, SCREENS, usePortal } from './support/portal'

/**
 * The hold list: a buyer holds two stones from the grid, finds them on /account/hold counting down
 * to their expiry on the server's clock, releases one there (after the spec's question), and sees
 * the other leave the list live when it is released elsewhere.
 */
const PUSH_WAIT_MS = 10_000
const portal = usePortal()

describe('the hold list', () => {
  it('shows my holds counting down, releases one, and drops one released elsewhere', async () => {
    const session = await apiSession(portal, 'buyer1')
    const { context, page } = await newPage(portal)
    try {
      await openAs(portal, page, session, '/dashboard')
      await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor()
      const rows = page.locator('[data-testid^="stone-row-"][data-status="A"]')
      await rows.first().waitFor()
      const picked: string[] = []
      for (let i = 0; picked.length < 2; i++) {
        const v = ((await rows.nth(i).getAttribute('data-testid')) ?? '').replace('stone-row-', '')
        if (v && !picked.includes(v)) picked.push(v)
      }
      const [first, second] = picked as [string, string]
      for (const v of picked) {
        await page.getByTestId(`hold-${v}`).click()
        await page.getByTestId(`release-${v}`).waitFor()
      }

      await page.goto(`${portal.base}/account/hold`)
      await page.getByTestId('hold-list').waitFor()
      for (const v of picked) await page.getByTestId(`hold-row-${v}`).waitFor()
      expect(await page.getByTestId(`status-${first}`).textContent()).toBe('Hold')
      // The countdown runs: it reads minutes and seconds and moves on without a reload.
      const countdown = page.getByTestId(`countdown-${first}`)
      const shown = (await countdown.textContent()) ?? ''
      expect(shown).toMatch(/^\d{1,2}:\d{2}$/)
      await page.waitForFunction(([sel, before]) => document.querySelector(sel!)?.textContent !== before, [
        `[data-testid="countdown-${first}"]`,
        shown,
      ] as const)
      await page.screenshot({ path: join(SCREENS, 'hold-list.png') })

      // Release one here, after the spec's question.
      await page.getByTestId(`release-${first}`).click()
      await page
        .getByText('Are you sure you want to release this hold? The stone goes back to stock for every buyer.')
        .waitFor()
      await page.getByTestId('confirm-yes').click()
      await page.getByTestId(`hold-row-${first}`).waitFor({ state: 'detached' })
      expect(await page.getByTestId(`hold-row-${second}`).count()).toBe(1)

      // The other is released elsewhere (another tab, the same account): it leaves this list live.
      const list = await call<{ list: { id: string; vStnId: string }[] }>(
        portal,
        'diamond-block/paginate',
        {},
        session.token.jwt,
      )
      const other = list.data.list.find((r) => r.vStnId === second)!
      expect((await call(portal, 'diamond/hold/release', { id: other.id }, session.token.jwt)).code).toBe('OK')
      await page.getByTestId(`hold-row-${second}`).waitFor({ state: 'detached', timeout: PUSH_WAIT_MS })
      await page.getByText('No hold diamonds found.').waitFor()
    } finally {
      await context.close()
    }
  })

  it('shows a stone given on memo by the sales team, with its memo number', async () => {
    const [buyer, sales] = [await apiSession(portal, 'buyer2'), await apiSession(portal, 'sales1')]
    const stones = await call<{ list: { id: string; vStnId: string; availability: string }[] }>(
      portal,
      'diamond/paginate',
      { limit: 50 },
      buyer.token.jwt,
    )
    expect(stones.code, stones.message).toBe('OK')
    // The first test held and released the first few stones: take one further on.
    const stone = stones.data.list.filter((s) => s.availability === 'A').at(-1)!
    const memo = await call(
      portal,
      'diamond-block/create',
      { id: stone.id, blockType: 2, userId: buyer.user.id, memoNo: 'MEMO-7' },
      sales.token.jwt,
    )
    expect(memo.code, memo.message).toBe('OK')
    const { context, page } = await newPage(portal)
    try {
      await openAs(portal, page, buyer, '/account/memo')
      const row = page.getByTestId(`hold-row-${stone.vStnId}`)
      await row.waitFor()
      expect(await row.textContent()).toContain('MEMO-7')
      expect(await page.getByTestId(`status-${stone.vStnId}`).textContent()).toBe('On Memo')
    } finally {
      await context.close()
    }
  })
})

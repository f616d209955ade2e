import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { apiSession, call, openAs } from './support/api-session'
import { newPage, SCREENS, usePortal } from './support/portal'

/** The notices screen: what happened to me, newest first, unread marked, new ones arriving live. */
const portal = usePortal()

describe('notifications', () => {
  it('lists my notices, marks them read, and shows a new one without a reload', async () => {
    const me = await apiSession(portal, 'buyer2')
    const stones = await call<{ list: { id: string; vStnId: string; availability: string }[] }>(
      portal,
      'diamond/paginate',
      { limit: 120 },
      me.token.jwt,
    )
    const [first, second] = stones.data.list.filter((s) => s.availability === 'A').slice(100)
    expect((await call(portal, 'diamond/hold', { id: first!.id }, me.token.jwt)).code).toBe('OK')

    const { context, page } = await newPage(portal)
    try {
      await openAs(portal, page, me, '/notifications')
      const held = page.locator('[data-testid="notice-stone.held"]', { hasText: first!.vStnId })
      await held.waitFor()
      expect(await held.getAttribute('data-read')).toBe('false')
      await page.getByTestId('notices-unread').waitFor()
      await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor()
      await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1))

      // A new notice arrives while the screen is open: on top, unread, no reload.
      expect((await call(portal, 'diamond/hold', { id: second!.id }, me.token.jwt)).code).toBe('OK')
      const fresh = page.locator('[data-testid="notice-stone.held"]', { hasText: second!.vStnId })
      await fresh.waitFor({ timeout: 15_000 })
      expect(await page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(1)
      expect(await page.locator('[data-testid^="notice-"]').first().textContent()).toContain(second!.vStnId)
      await page.screenshot({ path: join(SCREENS, 'notifications.png') })

      await page.getByTestId('notices-read-all').click()
      await page.getByTestId('notices-unread').waitFor({ state: 'detached' })
      expect(await page.locator('[data-testid^="notice-"][data-read="false"]').count()).toBe(0)
      const after = await call<{ unread: number }>(portal, 'notification/list', {}, me.token.jwt)
      expect(after.data.unread).toBe(0)

      // A notice leads to what it is about.
      await held.click()
      await page.waitForURL('**/account/hold')
    } finally {
      await context.close()
    }
  })

  it('counts unread notices on the bell, live, words an order, and groups notices by kind', async () => {
    const me = await apiSession(portal, 'buyer1')
    const stones = await call<{ list: { id: string; vStnId: string; availability: string }[] }>(
      portal,
      'diamond/paginate',
      { limit: 120 },
      me.token.jwt,
    )
    const [held, bought] = stones.data.list.filter((s) => s.availability === 'A').slice(60)
    const { context, page } = await newPage(portal)
    try {
      await openAs(portal, page, me, '/dashboard')
      await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor()
      const before = (await call<{ unread: number }>(portal, 'notification/list', { limit: 1 }, me.token.jwt)).data
        .unread
      const bell = page.getByTestId('bell-count')
      if (before > 0) expect(await bell.textContent()).toBe(String(before))

      // A hold and an order: two notices arrive live, the bell counts them without a reload.
      expect((await call(portal, 'diamond/hold', { id: held!.id }, me.token.jwt)).code).toBe('OK')
      const res = await fetch(`${portal.base}/web/v1/diamond-confirm/request`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `JWT ${me.token.jwt}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ ids: [bought!.id], billType: 4 }),
      })
      expect(((await res.json()) as { code: string }).code).toBe('OK')
      await page.waitForFunction(
        (n) => document.querySelector('[data-testid="bell-count"]')?.textContent === String(n),
        before + 2,
        { timeout: 15_000 },
      )
      expect(await page.getByTestId('nav-notifications').getAttribute('aria-label')).toBe(
        `Notifications: ${before + 2} unread`,
      )

      // The centre words the order and files it under Orders; a group shows only its own.
      await page.getByTestId('nav-notifications').click()
      const order = page.locator('[data-testid="notice-order.placed"]').first()
      await order.waitFor()
      expect(await order.textContent()).toMatch(/^Order OR\d+ confirmed: 1 pcs, \$[\d,]+\.\d{2}\./)
      await page.getByTestId('notices-group-orders').click()
      await page.locator('[data-testid="notice-order.placed"]').first().waitFor()
      expect(await page.locator('[data-testid="notice-stone.held"]').count()).toBe(0)
      await page.screenshot({ path: join(SCREENS, 'notifications-groups.png') })
      await page.getByTestId('notices-group-all').click()
      await page.locator('[data-testid="notice-stone.held"]').first().waitFor()

      // Reading them all empties the bell.
      await page.getByTestId('notices-read-all').click()
      await bell.waitFor({ state: 'detached' })
    } finally {
      await context.close()
    }
  })
})

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { newPage, SCREENS, usePortal } from './support/portal'

/** Spec sections 2 and 6: a guest gives four details, then sees stock and changes nothing. */
const portal = usePortal()

describe('guest login', () => {
  it('checks each field on blur, then shows stock without changing controls', async () => {
    const { context, page } = await newPage(portal)
    try {
      await page.goto(`${portal.base}/signin`)
      await page.locator('[data-banners="ready"]').waitFor()
      if (await page.getByTestId('banner-popup-close').isVisible()) await page.getByTestId('banner-popup-close').click()
      await page.getByTestId('guest-login-link').click()
      await page.waitForURL('**/guest-login')

      // Blur an empty field: its own message.
      await page.getByTestId('guest-name').focus()
      await page.getByTestId('guest-companyName').focus()
      expect(await page.getByTestId('guest-name-error').textContent()).toBe('Please enter your name.')
      await page.getByTestId('guest-email').fill('visitor@example')
      await page.getByTestId('guest-email').blur()
      expect(await page.getByTestId('guest-email-error').textContent()).toBe('Please enter a valid email address.')
      await page.getByTestId('guest-submit').click()
      expect(await page.getByTestId('guest-contactNumber-error').textContent()).toBe(
        'Please enter your contact number.',
      )
      await page.screenshot({ path: join(SCREENS, 'guest-login-errors.png') })

      await page.getByTestId('guest-name').fill('Visiting Buyer')
      await page.getByTestId('guest-companyName').fill('Visit & Co')
      await page.getByTestId('guest-contactNumber').fill('+91 22 5550 0101')
      await page.getByTestId('guest-email').fill('visitor@example.com')
      expect(await page.getByTestId('guest-email-error').count()).toBe(0)
      await page.getByTestId('guest-submit').click()
      await page.waitForURL('**/dashboard')
      await page.locator('[data-testid^="stone-row-"][data-status="A"]').first().waitFor()
      expect(await page.getByTestId('current-user').textContent()).toContain('Visiting Buyer')
      expect(await page.locator('[data-testid^="hold-"]').count()).toBe(0)
      expect(await page.locator('[data-testid^="release-"]').count()).toBe(0)
      await page.screenshot({ path: join(SCREENS, 'dashboard-guest.png') })

      // Menus offer only what a guest may open.
      await page.getByTestId('nav-group-search').click()
      await page.getByTestId('nav-diamondSearch').waitFor()
      await page.getByTestId('nav-group-lists').click()
      await page.getByTestId('nav-trackDiamond').waitFor()
      for (const id of ['cart', 'watchlist', 'hold', 'enquiry'])
        expect(await page.getByTestId(`nav-${id}`).count(), id).toBe(0)
      await page.keyboard.press('Escape')
      await page.getByTestId('user-menu').click()
      expect(await page.getByTestId('menu-account').count()).toBe(0)
      await page.keyboard.press('Escape')

      // A gated screen without view permission behaves as an unknown path.
      await page.goto(`${portal.base}/account/cart`)
      await page.waitForURL('**/not-found')
      await page.getByText('Oops, Page not found!').waitFor()
      await page.goto(`${portal.base}/account/hold`)
      await page.waitForURL('**/not-found')
      // One the guest may open shows its placeholder.
      await page.goto(`${portal.base}/diamond-search`)
      await page.getByTestId('screen-diamondSearch').waitFor()
    } finally {
      await context.close()
    }
  })
})

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  codeIn,
  emailOf,
  fillLogin,
  logOut,
  mailIds,
  newPage,
  SCREENS,
  signIn,
  usePortal,
  waitForMail,
} from './support/portal'

/** Spec section 2: a browser the user has not trusted passes a mailed code; "Always" trusts it. */
const portal = usePortal()

describe('one-time code for a new browser', () => {
  it('sends the code, holds Resend for 30 seconds, and trusts the browser when asked to', async () => {
    const { context, page } = await newPage(portal)
    const email = emailOf('buyer1')
    try {
      // Every text the "sent to" line ever shows, recorded as the DOM changes (before any paint).
      await page.addInitScript(() => {
        const texts: string[] = []
        Object.assign(window, { otpSentToTexts: texts })
        new MutationObserver(() => {
          const text = document.querySelector('[data-testid="otp-sent-to"]')?.textContent
          if (text != null && texts[texts.length - 1] !== text) texts.push(text)
        }).observe(document, { subtree: true, childList: true, characterData: true })
      })
      const seen = await mailIds(portal, email)
      await fillLogin(portal, page, 'buyer1')
      await page.getByTestId('login-submit').click()
      await page.waitForURL('**/verify-otp')

      // Where the code went, masked (the page reads it from the sign-in's answer kept for this tab),
      // from its first render on: never a flash of "your registered email" before it.
      await page.getByTestId('otp-sent-to').locator('.otp-address').waitFor()
      const sentTo = (await page.getByTestId('otp-sent-to').textContent()) ?? ''
      expect(sentTo).toContain('@demo.diamond-portal.test')
      expect(sentTo).not.toContain('buyer1@')
      expect(await page.evaluate(() => (window as unknown as { otpSentToTexts: string[] }).otpSentToTexts)).toEqual([
        sentTo,
      ])
      // Resend starts disabled with a visible countdown.
      expect(await page.getByTestId('otp-resend').isDisabled()).toBe(true)
      const seconds = Number(await page.getByTestId('otp-countdown').getAttribute('data-seconds'))
      expect(seconds).toBeGreaterThan(0)
      expect(seconds).toBeLessThanOrEqual(30)
      expect(await page.getByTestId('otp-countdown').textContent()).toMatch(/^You can resend the code in \d+ s$/)
      await page.screenshot({ path: join(SCREENS, 'otp.png') })

      // Nothing else is open yet.
      await page.goto(`${portal.base}/dashboard`)
      await page.waitForURL('**/verify-otp')

      const code = codeIn(await waitForMail(portal, email, 'device-otp', seen))
      const wrong = code.replace(/^./, (c) => String((Number(c) + 1) % 10))
      await page.getByTestId('otp-code').fill(wrong)
      await page.getByTestId('otp-verify').click()
      expect(await page.getByTestId('otp-error').textContent()).toBe('The code is not correct.')

      await page.getByTestId('otp-code').fill(code)
      await page.getByTestId('otp-trust-always').check()
      await page.getByTestId('otp-verify').click()
      await page.waitForURL('**/dashboard')
      await page.locator('[data-testid^="stone-row-"]').first().waitFor()

      // Signed out and in again in the same browser: no code this time, and none mailed.
      await logOut(page)
      const before = await mailIds(portal, email)
      expect(await signIn(portal, page, 'buyer1')).toBe('trusted')
      expect(await mailIds(portal, email)).toEqual(before)
    } finally {
      await context.close()
    }
  })

  it('asks again next time when trusted just once, and goes back to sign in on request', async () => {
    const { context, page } = await newPage(portal)
    try {
      expect(await signIn(portal, page, 'buyer2', { trust: 'once' })).toBe('otp')
      await logOut(page)
      await fillLogin(portal, page, 'buyer2')
      await page.getByTestId('login-submit').click()
      await page.waitForURL('**/verify-otp')
      await page.getByTestId('otp-back').click()
      await page.waitForURL('**/signin')
      expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('.token')))).toEqual([])
    } finally {
      await context.close()
    }
  })
})

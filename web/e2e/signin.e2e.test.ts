import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expectAccessible } from './support/axe'
import {
  emailOf,
  fillLogin,
  mailIds,
  newPage,
  openSignin,
  PASSWORD,
  SCREENS,
  signIn,
  takeCspViolations,
  usePortal,
  waitForMail,
} from './support/portal'

/** The login screen of spec sections 2, 5 and 8, and the password and mail-link screens around it. */
const portal = usePortal()

describe('the login screen', () => {
  it('shows the banners: the popup once per visit, the marquee and the slideshow', async () => {
    const { context, page } = await newPage(portal)
    try {
      await page.goto(`${portal.base}/signin`)
      await page.locator('[data-banners="ready"]').waitFor()
      const popup = page.getByTestId('banner-popup')
      await popup.waitFor()
      expect(await popup.textContent()).toContain('Hong Kong')
      await page.screenshot({ path: join(SCREENS, 'signin-popup.png') })
      await page.getByTestId('banner-popup-close').click()
      await popup.waitFor({ state: 'hidden' })
      await expectAccessible(page, 'the sign-in screen')

      expect(await page.getByTestId('banner-marquee').textContent()).toContain('New arrivals every Monday')
      const slideshow = page.getByTestId('banner-slideshow')
      expect(await slideshow.locator('img').count()).toBe(3)
      await page.getByTestId('slide-dot-2').click()
      expect(await slideshow.getAttribute('data-index')).toBe('2')
      expect(await page.getByTestId('slide-dot-2').getAttribute('aria-current')).toBe('true')

      // Away and back within the visit: no second popup.
      await page.getByTestId('guest-login-link').click()
      await page.waitForURL('**/guest-login')
      await page.goBack()
      await page.locator('[data-banners="ready"]').waitFor()
      await page.getByTestId('login-username').waitFor()
      expect(await popup.isVisible()).toBe(false)

      expect(await page.getByTestId('forgot-password-link').getAttribute('href')).toBe('/forgot-password')
      expect(await page.getByTestId('register-link').getAttribute('href')).toBe('/signup')
      await page.screenshot({ path: join(SCREENS, 'signin.png') })
    } finally {
      await context.close()
    }
  })

  it('flags missing fields, then refuses a wrong captcha on the client', async () => {
    const { context, page } = await newPage(portal)
    try {
      await openSignin(portal, page)
      await page.getByTestId('login-submit').click()
      const notice = page.getByTestId('login-notice')
      expect(await notice.textContent()).toContain('Required Fields')
      expect(await notice.textContent()).toContain('Login ID, Password, and Captcha')
      for (const id of ['login-username', 'login-password', 'login-captcha-input'])
        expect(await page.getByTestId(id).getAttribute('aria-invalid'), id).toBe('true')

      // Only what is still missing stays listed.
      await page.getByTestId('login-username').fill('buyer1')
      await page.getByTestId('login-submit').click()
      expect(await notice.textContent()).not.toContain('Login ID')
      expect(await page.getByTestId('login-username').getAttribute('aria-invalid')).toBe('false')

      const requests: string[] = []
      page.on('request', (r) => {
        if (r.url().includes('/web/v1/auth/login')) requests.push(r.url())
      })
      await fillLogin(portal, page, 'buyer1', { captcha: (d) => d.replace(/^./, (c) => String((Number(c) + 1) % 10)) })
      await page.getByTestId('login-captcha-input').press('Enter')
      await page.getByText('Please enter correct captcha').waitFor()
      expect(requests).toEqual([])
      expect(await page.getByTestId('login-captcha-input').inputValue()).toBe('')
      expect(new URL(page.url()).pathname).toBe('/signin')
      await page.screenshot({ path: join(SCREENS, 'signin-captcha.png') })
    } finally {
      await context.close()
    }
  })

  it("shows the server's refusal as a toast", async () => {
    const { context, page } = await newPage(portal)
    try {
      await fillLogin(portal, page, 'buyer2', { password: 'not-the-password-1' })
      await page.getByTestId('login-password').press('Enter')
      await page.getByTestId('toast').filter({ hasText: 'Invalid username or password.' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/signin')
    } finally {
      await context.close()
    }
  })

  it('explains an unverified email and mails the link again', async () => {
    const { context, page } = await newPage(portal)
    try {
      const seen = await mailIds(portal, emailOf('unverified1'))
      await fillLogin(portal, page, 'unverified1')
      await page.getByTestId('login-submit').click()
      const dialog = page.getByTestId('email-not-verified')
      await dialog.waitFor()
      expect(await dialog.textContent()).toContain(
        "Your registered email hasn't verified yet. Please contact Admin or check your mail for verification link.",
      )
      await page.getByTestId('resend-verification').click()
      await page.getByTestId('resend-verification-sent').waitFor()
      const mail = await waitForMail(portal, emailOf('unverified1'), 'verify-email', seen)
      expect(mail.text).toMatch(/\/verify-email\?token=/)
    } finally {
      await context.close()
    }
  })
})

describe('passwords and mail links', () => {
  it('resets a forgotten password through the mailed link', async () => {
    const { context, page } = await newPage(portal)
    const email = emailOf('seller1')
    const newPassword = 'Seller2026new'
    try {
      const seen = await mailIds(portal, email)
      await page.goto(`${portal.base}/forgot-password`)
      await page.getByTestId('forgot-submit').click()
      await page.getByTestId('forgot-username-error').waitFor()
      await page.getByTestId('forgot-username').fill('seller1')
      await page.getByTestId('forgot-submit').click()
      await page.getByTestId('forgot-sent').waitFor()

      // An unknown name gets the same answer.
      await page.goto(`${portal.base}/forgot-password`)
      await page.getByTestId('forgot-username').fill('nobody-here')
      await page.getByTestId('forgot-submit').click()
      await page.getByTestId('forgot-sent').waitFor()

      const mail = await waitForMail(portal, email, 'reset-password', seen)
      const path = /\/reset-password\/[\w-]+/.exec(mail.text)?.[0]
      expect(path).toBeTruthy()
      await page.goto(`${portal.base}${path}`)
      await page.getByTestId('reset-password').fill('short')
      await page.getByTestId('reset-repeat').fill('different1')
      await page.getByTestId('reset-submit').click()
      expect(await page.getByTestId('reset-password-error').textContent()).toBe(
        'The password needs at least 8 characters, with a letter and a digit.',
      )
      expect(await page.getByTestId('reset-repeat-error').textContent()).toBe('The passwords do not match.')
      await page.screenshot({ path: join(SCREENS, 'reset-password.png') })

      await page.getByTestId('reset-password').fill(newPassword)
      await page.getByTestId('reset-repeat').fill(newPassword)
      await page.getByTestId('reset-submit').click()
      await page.waitForURL('**/signin')
      await page.getByTestId('toast').filter({ hasText: 'Your password has been changed.' }).waitFor()

      // The link works once.
      await page.goto(`${portal.base}${path}`)
      await page.getByTestId('reset-password').fill(newPassword)
      await page.getByTestId('reset-repeat').fill(newPassword)
      await page.getByTestId('reset-submit').click()
      const invalid = page.getByTestId('reset-link-invalid')
      await invalid.waitFor()
      expect(await invalid.textContent()).toContain('This link is invalid or has expired.')
      expect(await invalid.locator('a').getAttribute('href')).toBe('/forgot-password')

      // The old password is gone, the new one signs in.
      await fillLogin(portal, page, 'seller1', { password: PASSWORD })
      await page.getByTestId('login-submit').click()
      await page.getByTestId('toast').filter({ hasText: 'Invalid username or password.' }).waitFor()
      await page.getByTestId('login-password').fill(newPassword)
      const digits = ((await page.getByTestId('login-captcha-value').textContent()) ?? '').trim()
      await page.getByTestId('login-captcha-input').fill(digits)
      await page.getByTestId('login-submit').click()
      await page.waitForURL((u) => u.pathname === '/verify-otp')
    } finally {
      await context.close()
    }
  })

  it('says so when an email verification link is not valid', async () => {
    const { context, page } = await newPage(portal)
    try {
      await page.goto(`${portal.base}/verify-email?token=${'x'.repeat(40)}`)
      const card = page.getByTestId('verify-email')
      await page.locator('[data-testid="verify-email"][data-state="invalid"]').waitFor()
      expect(await card.textContent()).toContain('This link is invalid or has expired.')
      expect(await page.getByTestId('verify-email-signin').getAttribute('href')).toBe('/signin')
    } finally {
      await context.close()
    }
  })

  it('thanks a new registrant and explains what happens next', async () => {
    const { context, page } = await newPage(portal)
    try {
      await page.goto(`${portal.base}/thank-you`)
      expect(await page.getByTestId('thank-you').textContent()).toContain('Your account is pending approval.')
    } finally {
      await context.close()
    }
  })

  it('comes back to a diamond detail opened before signing in', async () => {
    const { context, page } = await newPage(portal)
    try {
      await page.goto(`${portal.base}/diamond-detail/D-1001`)
      expect(await page.getByTestId('screen-ref').textContent()).toBe('D-1001')
      await page.getByTestId('placeholder-signin').click()
      await page.waitForURL('**/signin')
      await signIn(portal, page, 'buyer2', { landing: '/diamond-detail/D-1001' })
      await page.getByTestId('screen-diamondDetail').waitFor()
      // Used once: the next login goes to the dashboard.
      expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('.detailId')))).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('the Content-Security-Policy', () => {
  it('blocks inline script and a foreign image on the sign-in page, and the check of every test sees it', async () => {
    const { context, page } = await newPage(portal)
    try {
      await openSignin(portal, page)
      await page.evaluate(() => {
        const s = document.createElement('script')
        s.textContent = 'window.__inlineRan = true'
        document.body.append(s)
        const img = document.createElement('img')
        img.src = 'https://evil.example.org/pixel.png'
        document.body.append(img)
      })
      let seen = ''
      await expect
        .poll(() => (seen += takeCspViolations().join('\n')), { timeout: 10_000 })
        .toMatch(/script-src[\s\S]*img-src|img-src[\s\S]*script-src/)
      expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan ?? false)).toBe(false)
      // Nothing the app does itself is reported.
      takeCspViolations()
      await page.reload()
      await page.locator('[data-banners="ready"]').waitFor()
      expect(takeCspViolations()).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('lets the API docs page and the development mailbox work under their own policy', async () => {
    const { context, page } = await newPage(portal)
    try {
      await page.goto(`${portal.base}/web/v1/docs/`)
      // Swagger UI has loaded the document and drawn its operations.
      await page.locator('.swagger-ui .opblock').first().waitFor({ timeout: 30_000 })
      await page.goto(`${portal.base}/web/v1/dev/mailbox/page`)
      await page.locator('body').waitFor()
    } finally {
      await context.close()
    }
  })
})

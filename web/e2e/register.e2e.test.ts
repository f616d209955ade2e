import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { makePng } from './support/png'
import { mailbox, newPage, SCREENS, usePortal, waitForMail } from './support/portal'

/**
 * Registration (spec sections 2, 3 and 5): four steps checked on Next, documents uploaded with the
 * browser's own checks first, and the account left pending with a verification mail.
 */
const portal = usePortal()

const PASSWORD = 'Register2026'
const PNG = { name: 'passport.png', mimeType: 'image/png', buffer: makePng(64, 40) }

interface Person {
  username: string
  email: string
}

const fill = (page: Page, field: string, value: string) => page.getByTestId(`reg-${field}`).fill(value)
const errorOf = (page: Page, field: string) => page.getByTestId(`reg-${field}-error`)

async function personalStep(page: Page, who: Person): Promise<void> {
  await fill(page, 'firstName', 'Lea')
  await fill(page, 'middleName', 'Sophie')
  await fill(page, 'lastName', 'Brunner')
  await fill(page, 'username', who.username)
  await fill(page, 'email', who.email)
  await fill(page, 'password', PASSWORD)
  await fill(page, 'confirmPassword', PASSWORD)
  await fill(page, 'mobile', '+41 79 123 45 67')
  await fill(page, 'whatsapp', '+41 79 123 45 67')
  await fill(page, 'birthDate', '1986-04-12')
}

/**
 * Country, state and city come from the location lists. With `place` they are picked by name from
 * the lists; without, the first country is taken and state and city are typed where its lists are empty.
 */
async function businessStep(
  page: Page,
  place?: { country: string; state: string; city: string },
): Promise<{ country: string; state: string; city: string }> {
  await fill(page, 'companyName', 'Brunner Juwelen AG')
  await fill(page, 'designation', 'Buyer')
  await page.getByTestId('reg-businessType').selectOption('jeweller')
  await fill(page, 'addressLine1', 'Bahnhofstrasse 10')
  await fill(page, 'addressLine2', '3rd floor')
  await fill(page, 'pinCode', '8001')
  await page.getByTestId('reg-heardFrom').selectOption('tradeShow')
  await page.getByTestId('reg-newsletter').check()
  const country = page.getByTestId('reg-country')
  const state = page.getByTestId('reg-state')
  const city = page.getByTestId('reg-city')
  await country.locator('option:nth-child(2)').waitFor({ state: 'attached' })
  if (place) {
    await country.selectOption({ label: place.country })
    await state.locator('option', { hasText: place.state }).waitFor({ state: 'attached' })
    await state.selectOption({ label: place.state })
    await city.locator('option', { hasText: place.city }).waitFor({ state: 'attached' })
    await city.selectOption({ label: place.city })
    return place
  }
  await country.selectOption({ index: 1 })
  const countryName = (await country.locator('option:checked').textContent()) ?? ''
  // Wait for the state list's answer: a select that is enabled, or a text input when it is empty.
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="reg-state"]')
    return el instanceof HTMLInputElement || (el instanceof HTMLSelectElement && el.options.length > 1)
  })
  let stateName = 'Zurich'
  if ((await state.evaluate((el) => el.tagName)) === 'SELECT') {
    await state.selectOption({ index: 1 })
    stateName = (await state.locator('option:checked').textContent()) ?? ''
  } else await state.fill(stateName)
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="reg-city"]')
    return el instanceof HTMLInputElement || (el instanceof HTMLSelectElement && el.options.length > 1)
  })
  let cityName = 'Zurich'
  if ((await city.evaluate((el) => el.tagName)) === 'SELECT') {
    await city.selectOption({ index: 1 })
    cityName = (await city.locator('option:checked').textContent()) ?? ''
  } else await city.fill(cityName)
  return { country: countryName, state: stateName, city: cityName }
}

async function documentsStep(page: Page): Promise<void> {
  await page.getByTestId('reg-documentType').selectOption('passport')
  await page.getByTestId('reg-file-photoId').setInputFiles(PNG)
  await page.locator('[data-testid="reg-upload-photoId"][data-state="done"]').waitFor()
  await page.getByTestId('reg-undertaking').check()
}

async function next(page: Page, step: string): Promise<void> {
  await page.getByTestId('reg-next').click()
  await page.locator(`[data-testid="reg-form"][data-step="${step}"]`).waitFor()
}

describe('registration', () => {
  it('takes a buyer through every step, with a real upload, to a pending account', async () => {
    const { context, page } = await newPage(portal)
    const who = { username: 'lea.brunner', email: 'lea.brunner@example.test' }
    try {
      await page.goto(`${portal.base}/signup`)
      await page.locator('[data-testid="reg-form"][data-step="personal"]').waitFor()

      // Next on an empty step flags every required field and stays.
      await page.getByTestId('reg-next').click()
      for (const f of [
        'firstName',
        'middleName',
        'lastName',
        'username',
        'password',
        'confirmPassword',
        'email',
        'mobile',
      ]) {
        expect(await errorOf(page, f).textContent(), f).toBe('This field is required.')
        expect(await page.getByTestId(`reg-${f}`).getAttribute('aria-invalid'), f).toBe('true')
      }
      expect(await errorOf(page, 'telephone').count()).toBe(0)
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('reg-firstName')
      await page.screenshot({ path: join(SCREENS, 'register-step1-required.png'), fullPage: true })

      // Checked on blur too.
      await fill(page, 'email', 'lea@')
      await page.getByTestId('reg-email').blur()
      expect(await errorOf(page, 'email').textContent()).toBe('Enter a valid email address.')
      await personalStep(page, who)
      await fill(page, 'confirmPassword', `${PASSWORD}x`)
      await page.getByTestId('reg-confirmPassword').blur()
      expect(await errorOf(page, 'confirmPassword').textContent()).toBe('The passwords do not match.')
      await fill(page, 'confirmPassword', PASSWORD)
      expect(await errorOf(page, 'confirmPassword').count()).toBe(0)
      await next(page, 'business')

      await page.getByTestId('reg-next').click()
      for (const f of ['companyName', 'addressLine1', 'addressLine2', 'country', 'state', 'city', 'pinCode']) {
        expect(await errorOf(page, f).textContent(), f).toBe('This field is required.')
      }
      expect(await errorOf(page, 'addressLine3').count()).toBe(0)
      const place = await businessStep(page, { country: 'India', state: 'Maharashtra', city: 'Mumbai' })
      expect(await page.getByTestId('reg-city').evaluate((el) => el.tagName)).toBe('SELECT')
      await page.screenshot({ path: join(SCREENS, 'register-step2-business.png'), fullPage: true })
      await next(page, 'documents')

      await page.getByTestId('reg-next').click()
      expect(await errorOf(page, 'documentType').textContent()).toBe('This field is required.')
      expect(await errorOf(page, 'photoIdFileId').textContent()).toBe('This field is required.')
      expect(await errorOf(page, 'undertaking').textContent()).toBe('Please tick this box to continue.')

      // The browser refuses a wrong extension before sending anything.
      const uploads: string[] = []
      page.on('request', (r) => {
        if (r.url().endsWith('/web/v1/upload-file')) uploads.push(r.url())
      })
      await page
        .getByTestId('reg-file-photoId')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
      expect(await page.getByTestId('reg-upload-error-photoId').textContent()).toBe(
        'Only jpg, jpeg, png and pdf files are allowed.',
      )
      expect(uploads).toEqual([])
      // A text file renamed to .png passes the name check and is refused by the server, which reads the content.
      await page
        .getByTestId('reg-file-photoId')
        .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image at all') })
      await page.locator('[data-testid="reg-upload-photoId"][data-state="error"]').waitFor()
      expect(await page.getByTestId('reg-upload-error-photoId').textContent()).toBe(
        'Only jpg, jpeg, png and pdf files are allowed.',
      )
      expect(uploads).toHaveLength(1)
      await page.screenshot({ path: join(SCREENS, 'register-step3-refused-file.png'), fullPage: true })

      await documentsStep(page)
      expect(await page.getByTestId('reg-upload-photoId').textContent()).toContain('Uploaded')
      await page.screenshot({ path: join(SCREENS, 'register-step3-documents.png'), fullPage: true })
      await next(page, 'terms')
      // Back on the documents step, the file control names what was uploaded, not "No file chosen".
      await page.getByTestId('reg-back').click()
      await page.getByTestId('reg-upload-photoId').waitFor()
      expect(await page.getByTestId('reg-upload-photoId').locator('.file-input-name').textContent()).toBe(PNG.name)
      await next(page, 'terms')

      await page.getByTestId('reg-submit').click()
      expect(await errorOf(page, 'termsAccepted').textContent()).toBe('Please tick this box to continue.')
      await page.getByTestId('reg-termsAccepted').check()
      await page.screenshot({ path: join(SCREENS, 'register-step4-terms.png'), fullPage: true })

      const sent = page.waitForRequest((r) => r.url().endsWith('/web/v1/register/register'))
      await page.getByTestId('reg-submit').click()
      const body = (await sent).postDataJSON() as Record<string, unknown>
      expect(body).toMatchObject({
        firstName: 'Lea',
        middleName: 'Sophie',
        lastName: 'Brunner',
        username: who.username,
        email: who.email,
        country: place.country,
        state: place.state,
        city: place.city,
        pinCode: '8001',
        documentType: 'passport',
        undertaking: true,
        termsAccepted: true,
        newsletter: true,
      })
      expect(body).not.toHaveProperty('countryId')
      expect(body).not.toHaveProperty('telephone')
      await page.waitForURL('**/thank-you')
      await page.getByTestId('thank-you').waitFor()
      await page.screenshot({ path: join(SCREENS, 'register-thank-you.png'), fullPage: true })

      // The server holds a pending account whose email is not verified yet.
      const mail = await waitForMail(portal, who.email, 'verify-email', [])
      expect(mail.text).toMatch(/\/verify-email/)
      const login = await fetch(`${portal.base}/web/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: who.username, password: PASSWORD }),
      })
      expect(((await login.json()) as { code: string }).code).toBe('EMAIL_NOT_VERIFIED')
    } finally {
      await context.close()
    }
  })

  it('brings a seller back to the first step when the username is taken', async () => {
    const { context, page } = await newPage(portal)
    try {
      await page.goto(`${portal.base}/device/signup`)
      await page.getByTestId('reg-as-seller').check()
      await personalStep(page, { username: 'buyer1', email: 'someone.new@example.test' })
      await next(page, 'business')
      await businessStep(page)
      await next(page, 'documents')
      await documentsStep(page)
      await next(page, 'terms')
      await page.getByTestId('reg-termsAccepted').check()
      const sent = page.waitForRequest((r) => r.url().endsWith('/web/v1/register/sellers'))
      await page.getByTestId('reg-submit').click()
      await sent
      await page.locator('[data-testid="reg-form"][data-step="personal"]').waitFor()
      expect(await errorOf(page, 'username').textContent()).toBe(
        'An account with this username or email already exists.',
      )
      expect(await errorOf(page, 'email').count()).toBe(0)
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('reg-username')
      expect(new URL(page.url()).pathname).toBe('/device/signup')
      await page.screenshot({ path: join(SCREENS, 'register-taken.png'), fullPage: true })
      expect(await mailbox(portal, 'someone.new@example.test')).toEqual([])
    } finally {
      await context.close()
    }
  })
})

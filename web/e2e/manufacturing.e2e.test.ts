import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import { expectAccessible } from './support/axe'
import { apiSession, call, openAs } from './support/api-session'
import { chooseLanguage, newPage, SCREENS, usePortal } from './support/portal'

/**
 * My account → Manufacturing (issue 25): the company admin adds, edits and deletes facilities (delete
 * asks first) and the public ones show on the company's member profile; a member who is not the
 * admin only reads; the screens fit a phone in Hebrew, right to left.
 */
const portal = usePortal()
const SHAH = DEMO_COMPANY_IDS['Shah Diamonds']!

describe('manufacturing facilities', () => {
  it('the admin adds a facility, edits it, deletes another after the question; the member profile shows it', async () => {
    const admin = await apiSession(portal, 'admin1')
    const profile = await call<{ company: { id: string } }>(portal, 'user/profile', {}, admin.token.jwt)
    const companyId = profile.data.company.id
    const { context, page } = await newPage(portal, 1280, 900)
    try {
      await openAs(portal, page, admin, '/account/profile?tab=manufacturing')
      await page.getByTestId('manufacturing').waitFor()
      await page.getByTestId('empty-state').waitFor()

      // Saving an empty form names what is missing, and sends nothing.
      await page.getByTestId('facility-add').click()
      await page.getByTestId('facility-save').click()
      await page.getByTestId('facility-name-error').waitFor()
      await page.getByTestId('facility-activities-error').waitFor()
      expect(await page.getByTestId('facility-workers-error').textContent()).toBe('This field is required.')

      await page.getByTestId('facility-name').fill('Ramat Gan polishing floor')
      await page.getByTestId('facility-city').fill('Ramat Gan')
      await page.getByTestId('facility-country').fill('Israel')
      await page.getByTestId('facility-activity-planning').check()
      await page.getByTestId('facility-activity-cuttingPolishing').check()
      await page.getByTestId('facility-workers').fill('35')
      await page.getByTestId('facility-monthlyCapacityCt').fill('400')
      await page.getByTestId('facility-certifications').fill('RJC certified, Kimberley Process')
      await expectAccessible(page, 'facility form')
      await page.getByTestId('facility-save').click()
      await page.locator('[data-testid="toast"]', { hasText: 'Facility saved.' }).waitFor()
      const card = page.locator('[data-testid="facility"][data-name="Ramat Gan polishing floor"]')
      await card.waitFor()
      expect(await card.textContent()).toContain('Planning · Cutting & polishing')
      expect(await card.textContent()).toContain('400 ct a month')

      // Edited: more polishers.
      await card.getByTestId('facility-edit').click()
      await page.getByTestId('facility-workers').fill('42')
      await page.getByTestId('facility-save').click()
      await page.getByTestId('facility-form').waitFor({ state: 'detached' })
      await page.waitForFunction(() => document.querySelector('[data-testid="facility"]')?.textContent?.includes('42'))

      // A second, hidden one; deleting it asks first, and No keeps it.
      await page.getByTestId('facility-add').click()
      await page.getByTestId('facility-name').fill('Back office grading')
      await page.getByTestId('facility-city').fill('Tel Aviv')
      await page.getByTestId('facility-country').fill('Israel')
      await page.getByTestId('facility-activity-grading').check()
      await page.getByTestId('facility-workers').fill('4')
      await page.getByTestId('facility-isPublic').uncheck()
      await page.getByTestId('facility-save').click()
      const hidden = page.locator('[data-testid="facility"][data-name="Back office grading"]')
      await hidden.waitFor()
      expect(await hidden.textContent()).toContain('Not shown')
      expect(await page.getByTestId('facilities-count').textContent()).toBe('2 of 20 facilities')
      await expectAccessible(page, 'facility list')
      await page.screenshot({ path: join(SCREENS, 'account-manufacturing.png'), fullPage: true })
      await hidden.getByTestId('facility-delete').click()
      expect(await page.getByTestId('confirm-text').textContent()).toContain(
        'Are you sure you want to delete this facility?',
      )
      await page.getByTestId('confirm-no').click()
      expect(await page.getByTestId('facility').count()).toBe(2)

      // Shown on the member profile: the public one only.
      await page.goto(`${portal.base}/member/${companyId}`)
      await page.getByTestId('company-facilities').waitFor()
      const shown = page.getByTestId('company-facility')
      expect(await shown.count()).toBe(1)
      expect(await shown.textContent()).toContain('Ramat Gan polishing floor')
      expect(await shown.textContent()).toContain('Workers and polishers: 42')

      // Yes deletes it.
      await page.goto(`${portal.base}/account/manufacturing`)
      await hidden.getByTestId('facility-delete').click()
      await page.getByTestId('confirm-yes').click()
      await page.locator('[data-testid="toast"]', { hasText: 'Facility deleted.' }).waitFor()
      await hidden.waitFor({ state: 'detached' })
      const left = await call<{ list: { name: string }[] }>(portal, 'company/facility/paginate', {}, admin.token.jwt)
      expect(left.data.list.map((f) => f.name)).toEqual(['Ramat Gan polishing floor'])
    } finally {
      await context.close()
    }
  })

  it("a member who is not the admin reads the company's facilities; the profile keeps the old text beside them", async () => {
    const seller = await apiSession(portal, 'seller1')
    const { context, page } = await newPage(portal, 1280, 900)
    try {
      await openAs(portal, page, seller, '/account/manufacturing')
      await page.getByTestId('facility').first().waitFor()
      expect(await page.getByTestId('facility').count()).toBe(2)
      expect(await page.getByTestId('facility-add').count()).toBe(0)
      expect(await page.getByTestId('facility-edit').count()).toBe(0)
      expect(await page.getByTestId('facilities-intro').textContent()).toContain('Only a company admin')
      await page.goto(`${portal.base}/member/${SHAH}`)
      await page.getByTestId('company-facilities').waitFor()
      expect(await page.getByTestId('company-facility').count()).toBe(2)
      expect(await page.getByTestId('screen-member').textContent()).toContain('planning by scanner')
      await expectAccessible(page, 'member profile with facilities')
    } finally {
      await context.close()
    }
  })

  it('fits a phone in Hebrew, right to left', async () => {
    const admin = await apiSession(portal, 'admin1')
    const { context, page } = await newPage(portal, 390, 844)
    try {
      await openAs(portal, page, admin, '/account/manufacturing')
      await chooseLanguage(page, 'he')
      await page.getByTestId('facility-add').click()
      await page.getByTestId('facility-save').click()
      await page.getByTestId('facility-activities-error').waitFor()
      expect(await page.getByTestId('facility-activities-error').textContent()).toBe('בחרו לפחות פעילות אחת.')
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await page.screenshot({ path: join(SCREENS, 'account-manufacturing-390-he.png'), fullPage: true })
      await page.getByTestId('facility-cancel').click()

      await page.goto(`${portal.base}/member/${SHAH}`)
      await page.getByTestId('company-facilities').waitFor()
      expect(await page.getByTestId('company-facilities').textContent()).toContain('ניסור וליטוש')
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await page.getByTestId('company-facilities').scrollIntoViewIfNeeded()
      await page.screenshot({ path: join(SCREENS, 'member-facilities-390-he.png') })
    } finally {
      await context.close()
    }
  })
})

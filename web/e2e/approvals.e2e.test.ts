import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { makePng } from './support/png'
import { expandPermissions } from '@diamond/contracts/permissions.values'
import {
  apiSession as openSession,
  call as callApi,
  companyUser,
  openAs as openSessionAt,
  type Envelope,
  type LoginData,
} from './support/api-session'
import { newPage, SCREENS, usePortal, waitForMail } from './support/portal'

/**
 * Approving registrations (/account/registrations): operator staff see the Pending accounts with
 * their details and documents, and approve or reject them. Registrations and the staff session are
 * made through the API, so the test depends only on this page.
 */
const portal = usePortal()
const call = <T>(path: string, body: unknown, token?: string, method = 'POST') =>
  callApi<T>(portal, path, body, token, method)
const apiSession = (username: string, password?: string) => openSession(portal, username, password)
const openAs = (page: Page, session: LoginData, path: string) => openSessionAt(portal, page, session, path)

let seq = 0
/** A buyer registration sent as the sign-up form sends it: the photo ID uploaded, then the form. */
async function register(): Promise<{ username: string; companyName: string }> {
  const n = `${Date.now().toString(36)}${++seq}`
  const form = new FormData()
  form.append('purpose', 'photoId')
  form.append('file', new Blob([new Uint8Array(makePng(40, 30))]), 'passport.png')
  const uploaded = (await (
    await fetch(`${portal.base}/web/v1/upload-file`, { method: 'POST', body: form })
  ).json()) as Envelope<{ id: string }>
  expect(uploaded.code, uploaded.message).toBe('OK')
  const username = `review${n}`
  const companyName = `Review Gems ${n}`
  const r = await call('register/register', {
    firstName: 'Noa',
    middleName: 'R',
    lastName: `Applicant${seq}`,
    username,
    password: 'Brilliant#2026',
    confirmPassword: 'Brilliant#2026',
    email: `${username}@example.test`,
    mobile: '+972 3 555 0101',
    companyName,
    businessType: 'wholesaler',
    addressLine1: '1 Jabotinsky St',
    addressLine2: 'Diamond Exchange, Tower B',
    country: 'Israel',
    state: 'Tel Aviv',
    city: 'Ramat Gan',
    pinCode: '52520',
    documentType: 'passport',
    photoIdFileId: uploaded.data.id,
    undertaking: true,
    termsAccepted: true,
  })
  expect(r.code, r.message).toBe('OK')
  return { username, companyName }
}

const toast = (page: Page, text: string) => page.locator('[data-testid="toast"]', { hasText: text }).waitFor()

describe('approving registrations', () => {
  it('keeps the screen from operator staff without the registrations right, and the decision from those who may only view', async () => {
    const pending = await register()
    const admin = await apiSession('admin1')
    const username = `staffview${Date.now().toString(36)}`
    const staff = await companyUser(portal, admin.token.jwt, username, {
      userType: 'admin',
      permissions: expandPermissions({ searchList: 'v', dashboard: 'v' }),
    })
    expect(staff.user.isOperator).toBe(true)
    const { context, page } = await newPage(portal, 1280, 900)
    try {
      await openAs(page, staff, '/dashboard')
      await page.getByTestId('user-menu').click()
      await page.getByTestId('menu-profile').waitFor()
      expect(await page.getByTestId('menu-registrations').count()).toBe(0)
      await page.goto(`${portal.base}/account/registrations`)
      await page.waitForURL('**/not-found')

      // View on registrations: the list, without Approve and Reject.
      const granted = await call(
        'user/update',
        { id: staff.user.id, permissions: expandPermissions({ searchList: 'v', dashboard: 'v', registrations: 'v' }) },
        admin.token.jwt,
        'PUT',
      )
      expect(granted.code, granted.message).toBe('OK')
      await openAs(page, await apiSession(username), '/dashboard')
      await page.getByTestId('user-menu').click()
      await page.getByTestId('menu-registrations').click()
      await page.waitForURL('**/account/registrations')
      const card = page.getByTestId(`registration-${pending.username}`)
      await card.waitFor()
      expect(await card.getByTestId(`registration-approve-${pending.username}`).count()).toBe(0)
      expect(await card.getByTestId(`registration-reject-${pending.username}`).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('shows a registration with its documents to operator staff, who approve one and reject another', async () => {
    const first = await register()
    const second = await register()
    const session = await apiSession('admin1')
    expect(session.user.isOperator).toBe(true)
    const { context, page } = await newPage(portal, 1280, 900)
    try {
      // The user menu leads there for operator staff.
      await openAs(page, session, '/dashboard')
      await page.getByTestId('user-menu').click()
      await page.getByTestId('menu-registrations').click()
      await page.waitForURL('**/account/registrations')
      expect(await page.getByTestId('registrations-tab-pending').getAttribute('aria-selected')).toBe('true')

      const card = page.getByTestId(`registration-${first.username}`)
      await card.waitFor()
      expect(await card.getByTestId('registration-company').textContent()).toBe(first.companyName)
      expect(await card.textContent()).toContain('Passport')
      expect(await card.textContent()).toContain('Ramat Gan, Tel Aviv 52520')
      expect(await card.getByTestId('registration-email-state').textContent()).toBe('Email not verified')
      expect(await card.getByTestId('registration-file-photoId').textContent()).toContain('passport.png')

      // The photo ID opens in a new tab, fetched with the token, and shows there.
      const opened = context.waitForEvent('page')
      await card.getByTestId('registration-open-photoId').click()
      const tab = await opened
      const image = tab.getByTestId('document-image')
      await image.waitFor()
      await tab.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="document-image"]')
        return !!img && img.complete && img.naturalWidth > 0
      })
      expect(await image.getAttribute('src')).toMatch(/^blob:/)
      expect(await tab.title()).toBe('passport.png')
      await tab.close()
      await page.screenshot({ path: join(SCREENS, 'registrations-pending.png'), fullPage: true })

      // Nothing rejected yet.
      await page.getByTestId('registrations-tab-rejected').click()
      await page.getByTestId('empty-state').waitFor()
      expect(await page.getByTestId('empty-state').textContent()).toContain('No data found.')
      await page.getByTestId('registrations-tab-pending').click()
      await card.waitFor()

      // Approve, after the question.
      await card.getByTestId(`registration-approve-${first.username}`).click()
      expect(await page.getByTestId('confirm-text').textContent()).toBe(
        'Are you sure you want to approve this registration?',
      )
      await page.getByTestId('confirm-yes').click()
      await toast(page, 'The registration has been approved.')
      await card.waitFor({ state: 'detached' })
      await page.getByTestId(`registration-${second.username}`).waitFor()

      // Reject the other one with a note.
      await page.getByTestId(`registration-reject-${second.username}`).click()
      await page.getByTestId('reject-dialog').waitFor()
      await page.getByTestId('reject-note').fill('The photo ID is unreadable.')
      await page.screenshot({ path: join(SCREENS, 'registrations-reject.png'), fullPage: true })
      await page.getByTestId('reject-confirm').click()
      await toast(page, 'The registration has been rejected.')
      await page.getByTestId(`registration-${second.username}`).waitFor({ state: 'detached' })

      // Each now sits in its own tab, with who decided.
      await page.getByTestId('registrations-tab-approved').click()
      const approved = page.getByTestId(`registration-${first.username}`)
      await approved.waitFor()
      expect(await approved.getByTestId('registration-decision').textContent()).toContain('Decided by admin1')
      await page.getByTestId('registrations-tab-rejected').click()
      const rejected = page.getByTestId(`registration-${second.username}`)
      await rejected.waitFor()
      expect(await rejected.getByTestId('registration-decision').textContent()).toContain(
        'Note: The photo ID is unreadable.',
      )
      await page.screenshot({ path: join(SCREENS, 'registrations-rejected.png'), fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.getByTestId('registrations-tab-approved').click()
      await approved.waitFor()
      await page.screenshot({ path: join(SCREENS, 'registrations-mobile.png'), fullPage: true })
    } finally {
      await context.close()
    }

    const pending = await call<{ list: { username: string }[] }>('admin/v1/user/registrations', {}, session.token.jwt)
    expect(pending.data.list.map((r) => r.username)).not.toContain(first.username)
    expect((await waitForMail(portal, `${first.username}@example.test`, 'account-approved', [])).subject).toContain(
      'Your account has been approved',
    )
  })

  it('is not there for a buyer: no menu link, and the path is unknown', async () => {
    const session = await apiSession('buyer1')
    expect(session.user.isOperator).toBe(false)
    const { context, page } = await newPage(portal, 1280, 800)
    try {
      await openAs(page, session, '/dashboard')
      await page.getByTestId('user-menu').click()
      await page.getByTestId('menu-account').waitFor()
      expect(await page.getByTestId('menu-registrations').count()).toBe(0)
      await page.goto(`${portal.base}/account/registrations`)
      await page.waitForURL('**/not-found')
    } finally {
      await context.close()
    }
  })
})

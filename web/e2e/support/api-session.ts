import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { formOf, type FormPart } from '../../../test/form'
import { codeIn, emailOf, mailIds, PASSWORD, waitForMail, type Portal } from './portal'
import { storeSession } from './stored-session'

export { STORAGE_PREFIX } from './stored-session'

export interface LoginData {
  token: { jwt: string }
  user: { id: string; [k: string]: unknown }
  userPermissions: unknown
  isTrusted: boolean
}
export interface Envelope<T> {
  code: string
  message: string
  data: T
}

/** One API call as the web app makes it. */
export async function call<T>(
  portal: Portal,
  path: string,
  body: unknown,
  token?: string,
  method = 'POST',
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `JWT ${token}`
  const res = await fetch(`${portal.base}/web/v1/${path}`, { method, headers, body: JSON.stringify(body) })
  return (await res.json()) as Envelope<T>
}

/** A multipart call as the web app makes one (an upload): the parts in order, a file as its bytes and name. */
export async function callMultipart<T>(
  portal: Portal,
  path: string,
  parts: readonly FormPart[],
  token?: string,
): Promise<Envelope<T>> {
  const res = await fetch(`${portal.base}/web/v1/${path}`, {
    method: 'POST',
    headers: token ? { authorization: `JWT ${token}` } : {},
    body: formOf(parts),
  })
  return (await res.json()) as Envelope<T>
}

/** auth/login, then the mailed code through verifyfingerprint when this "browser" is not trusted. */
export async function apiSession(portal: Portal, username: string, password = PASSWORD): Promise<LoginData> {
  const email = emailOf(username)
  const seen = await mailIds(portal, email)
  const login = await call<LoginData>(portal, 'auth/login', { username, password })
  expect(login.code, login.message).toBe('OK')
  if (login.data.isTrusted) return login.data
  const otp = codeIn(await waitForMail(portal, email, 'device-otp', seen))
  const verified = await call<LoginData>(portal, 'verifyfingerprint', { otp, trust: 'once' }, login.data.token.jwt)
  expect(verified.code, verified.message).toBe('OK')
  return verified.data
}

/**
 * Puts a session opened through the API where the web app keeps it, then opens `path`: tests of
 * one screen need not depend on the sign-in screens.
 */
export async function openAs(portal: Portal, page: Page, session: LoginData, path: string): Promise<void> {
  await storeSession(page, portal.base, session)
  await page.goto(`${portal.base}${path}`)
}

/**
 * A new user of the admin's company (user/create, as the users screen makes one), the email
 * verified through the mailed link, signed in through the API.
 */
export async function companyUser(
  portal: Portal,
  adminToken: string,
  username: string,
  user: { userType: 'buyer' | 'seller' | 'sales' | 'admin'; permissions?: unknown },
): Promise<LoginData> {
  const email = emailOf(username)
  const created = await call(
    portal,
    'user/create',
    { username, email, password: PASSWORD, firstName: 'Test', lastName: 'Staff', mobile: '+1 555 0100', ...user },
    adminToken,
  )
  expect(created.code, created.message).toBe('OK')
  const mail = await waitForMail(portal, email, 'verify-email', [])
  const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail.text)?.[1] ?? '')
  const verified = await call(portal, 'auth/verify-email', { token })
  expect(verified.code, verified.message).toBe('OK')
  return apiSession(portal, username)
}

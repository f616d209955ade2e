import type { Page } from 'playwright-core'

/** Where lib/storage.ts keeps the session. (No test runner here: benchmarks use it too.) */
export const STORAGE_PREFIX = 'diamond-portal.'

export interface StoredSession {
  token: { jwt: string }
  user: unknown
  userPermissions: unknown
  isTrusted: boolean
}

/** Puts a session opened through the API where the web app keeps it (on the portal's origin). */
export async function storeSession(page: Page, base: string, session: StoredSession): Promise<void> {
  await page.goto(`${base}/not-found`)
  await page.evaluate(
    ({ prefix, s }) => {
      const put = (k: string, v: unknown) => localStorage.setItem(prefix + k, JSON.stringify(v))
      put('token', s.token.jwt)
      put('user', s.user)
      put('userPermissions', s.userPermissions)
      put('isTrusted', s.isTrusted)
    },
    { prefix: STORAGE_PREFIX, s: session },
  )
}

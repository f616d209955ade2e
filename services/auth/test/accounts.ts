import { randomBytes } from 'node:crypto'
import { deviceCookieOf, type TestPortal } from '../../../test/portal'
import { hashPassword } from '../src/modules/users/passwords'

export const PASSWORD = 'Secret-pass1'

/** A user of its own for a test: approved, verified, active buyer unless told otherwise. */
export async function makeUser(
  portal: TestPortal,
  over: Partial<{
    email_verified: boolean
    approval_status: number
    active: boolean
    user_type: string
    password: string
  }> = {},
) {
  const username = `u${randomBytes(5).toString('hex')}`
  const email = `${username}@example.test`
  const password = over.password ?? PASSWORD
  const [row] = await portal.sql<[{ id: string }]>`
    insert into auth.users (username, email, password_hash, first_name, last_name, company_name, user_type,
                            approval_status, active, email_verified)
    values (${username}, ${email}, ${await hashPassword(password)}, 'Test', 'User', 'Test Co', ${over.user_type ?? 'buyer'},
            ${over.approval_status ?? 2}, ${over.active ?? true}, ${over.email_verified ?? true})
    returning id`
  return { id: row.id, username, email, password }
}
export type TestUser = Awaited<ReturnType<typeof makeUser>>

/** A client address of its own (the portal believes X-Forwarded-For from loopback, as from the gateway). */
export const newAddress = () => `10.${[...randomBytes(3)].join('.')}`

export interface Browser {
  address?: string
  cookie?: string | null
}

export function headersOf(b: Browser = {}): Record<string, string> {
  return { ...(b.address ? { 'x-forwarded-for': b.address } : {}), ...(b.cookie ? { cookie: b.cookie } : {}) }
}

export function signIn(portal: TestPortal, username: string, password: string, b: Browser = {}) {
  return portal.callRaw('auth/login', { username, password, captcha: '1234' }, { headers: headersOf(b) })
}

/**
 * The whole sign-in of a new browser: login, code from the mailbox, verifyfingerprint with `trust`.
 * Answers the verification's response and the browser's cookie after it.
 */
export async function signInWithCode(portal: TestPortal, user: TestUser, trust: 'always' | 'once', b: Browser = {}) {
  const login = await signIn(portal, user.username, user.password, b)
  if (login.body.code !== 'OK' || login.body.data.isTrusted)
    throw new Error(`expected an untrusted sign-in: ${JSON.stringify(login.body)}`)
  const otp = await portal.latestCode(user.email)
  const verified = await portal.callRaw(
    'verifyfingerprint',
    { otp, trust },
    { token: login.body.data.token.jwt, headers: headersOf(b) },
  )
  return { login, verified, cookie: deviceCookieOf(verified.headers) ?? b.cookie ?? null }
}

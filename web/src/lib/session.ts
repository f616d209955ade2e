import { proxy } from 'valtio'
import { navigate } from 'wouter/use-browser-location'
import type { LoginData, SessionUser } from '@diamond/contracts/http/auth'
import type { Action, Module, UserPermissions } from '@diamond/contracts/permissions.values'
import { afterLoginPath } from './navigation'
import { clearExcept, KEPT_ON_LOGOUT, read, remove, write } from './storage'

export interface Session {
  token: string | null
  user: SessionUser | null
  userPermissions: UserPermissions
  /** false while the token is one of an unverified browser: only /verify-otp is open then. */
  isTrusted: boolean
}

/** The signed-in user, restored from local storage so a reload keeps the session. */
export const session = proxy<Session>({
  token: read('token'),
  user: read('user'),
  userPermissions: read('userPermissions') ?? {},
  isTrusted: read('isTrusted') ?? false,
})

/** A full session: the browser is trusted (or the one-time code was just accepted). */
export function startSession(data: LoginData): void {
  write('token', data.token.jwt)
  write('user', data.user)
  write('userPermissions', data.userPermissions)
  write('isTrusted', data.isTrusted)
  remove('pendingOtp')
  session.token = data.token.jwt
  session.user = data.user
  session.userPermissions = data.userPermissions
  session.isTrusted = data.isTrusted
}

/**
 * Login from a browser this user has not trusted yet: the token opens only the OTP calls, so
 * nothing of the user is kept but that token and where the code went.
 */
export function startUntrustedSession(data: LoginData, now = Date.now()): void {
  write('token', data.token.jwt)
  write('isTrusted', false)
  remove('user')
  remove('userPermissions')
  session.token = data.token.jwt
  session.user = null
  session.userPermissions = {}
  session.isTrusted = false
  if (data.otp) setPendingOtp(data.otp.sentTo, data.otp.resendInSeconds, now)
}

export function setPendingOtp(sentTo: string, resendInSeconds: number, now = Date.now()): void {
  write('pendingOtp', { sentTo, resendAt: now + resendInSeconds * 1000 })
}

/** The server says this token's browser is not verified: back to the code screen, signed in still. */
export function markUntrusted(): void {
  if (!session.token) return
  write('isTrusted', false)
  session.isTrusted = false
  navigate('/verify-otp', { replace: true })
}

/** Spec section 4: logout clears stored data (but the kept keys) and the store, then goes to /signin. */
export function signOut(): void {
  clearExcept(KEPT_ON_LOGOUT)
  session.token = null
  session.user = null
  session.userPermissions = {}
  session.isTrusted = false
  navigate('/signin', { replace: true })
}

/** Where a fresh session goes: the diamond detail opened while signed out, or the screen asked for then, once; else /dashboard. */
export function takeAfterLoginPath(): string {
  const path = afterLoginPath(read('detailId'), read('afterLogin'))
  remove('detailId')
  remove('afterLogin')
  return path
}

/** `all` grants every action on a module (spec section 6). */
export function allowed(permissions: UserPermissions, module: Module, action: Action): boolean {
  const p = permissions[module]
  return !!p && (p.all || p[action])
}

export const isGuest = (user: SessionUser | null): boolean => user?.userType === 'guest'
/** A company admin manages the company's users (our reading of the spec's "admin-like company user"). */
export const isCompanyAdmin = (user: SessionUser | null): boolean => user?.userType === 'admin'
/** Staff of the operator company review registrations; the server says who is (and checks again). */
export const isOperator = (user: SessionUser | null): boolean => user?.isOperator === true
/** A seller lists stock (issue 23); operator staff may act for any seller (Viewer.operator). */
export const isSeller = (user: SessionUser | null): boolean => user?.userType === 'seller'

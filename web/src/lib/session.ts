import { proxy } from 'valtio'
import { navigate } from 'wouter/use-browser-location'
import type { LoginData, SessionUser } from '@diamond/contracts/http/auth'
import type { Action, Module, UserPermissions } from '@diamond/contracts/permissions'
import { clearExcept, KEPT_ON_LOGOUT, read, write } from './storage'

export interface Session {
  token: string | null
  user: SessionUser | null
  userPermissions: UserPermissions
  isTrusted: boolean
}

/** The signed-in user, restored from local storage so a reload keeps the session. */
export const session = proxy<Session>({
  token: read('token'),
  user: read('user'),
  userPermissions: read('userPermissions') ?? {},
  isTrusted: read('isTrusted') ?? false,
})

export function startSession(data: LoginData): void {
  write('token', data.token.jwt)
  write('user', data.user)
  write('userPermissions', data.userPermissions)
  write('isTrusted', data.isTrusted)
  session.token = data.token.jwt
  session.user = data.user
  session.userPermissions = data.userPermissions
  session.isTrusted = data.isTrusted
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

/** `all` grants every action on a module (spec section 6). */
export function allowed(permissions: UserPermissions, module: Module, action: Action): boolean {
  const p = permissions[module]
  return !!p && (p.all || p[action])
}

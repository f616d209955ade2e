import type { GuestLoginRequest, SessionUser } from '@diamond/contracts/http/auth'
import { compactPermissions, type UserPermissions } from '@diamond/contracts/permissions'
import type { Principal } from '@diamond/runtime'
import { permissionsFor } from '../users/permissions.rules'

/**
 * A guest looks at stock and changes nothing. A guest has no inbox either (notifications are
 * kept per registered user), so that module is closed to guests.
 */
export function guestPermissions(): UserPermissions {
  const p = permissionsFor('guest', { isPlaceOrder: false, isNoPrice: false })
  p.notifications = { view: false, insert: false, all: false }
  return p
}

export function guestPrincipal(id: string, email: string, perms: UserPermissions): Principal {
  return {
    id,
    username: email,
    userType: 'guest',
    perms: compactPermissions(perms),
    noPrice: false,
    ver: 0,
    guest: true,
    trusted: true,
  }
}

export function guestSessionUser(id: string, g: GuestLoginRequest): SessionUser {
  return {
    id,
    username: g.email,
    firstName: g.name,
    lastName: '',
    companyName: g.companyName,
    userType: 'guest',
    email: g.email,
    stkNotiDt: null,
    stkNoti: null,
    isStkNoti: false,
    account: { companyName: g.companyName },
    setting: { Is_PlaceOrder: false, Is_NoPrice: false },
    accountTerm: null,
    isOperator: false,
  }
}

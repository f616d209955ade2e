import type { LoginData, SessionUser } from '@diamond/contracts/http/auth'
import { DEFAULT_COLUMNS, MASTERS, type MasterName } from '@diamond/contracts/masters'
import { compactPermissions, type UserPermissions } from '@diamond/contracts/permissions'
import type { Principal } from '@diamond/runtime'
import { isOperatorStaff } from '../approvals/approvals.rules'
import { effectivePermissions, type UserType } from '../users/permissions.rules'
import type { UserRecord } from '../users/users.repository'

/** Why a user who gave the right password may still not sign in, in the order they are told. */
export function signInRefusal(u: Pick<UserRecord, 'emailVerified' | 'approvalStatus' | 'active'>) {
  if (!u.emailVerified) return { code: 'EMAIL_NOT_VERIFIED' as const, data: null }
  if (u.approvalStatus !== 2)
    return { code: 'E_ACCOUNT_NOT_APPROVED' as const, data: { approvalStatus: u.approvalStatus } }
  if (!u.active) return { code: 'E_ACCOUNT_INACTIVE' as const, data: null }
  return null
}

export const permissionsOf = (u: UserRecord): UserPermissions =>
  effectivePermissions(u.userType as UserType, { isPlaceOrder: u.isPlaceOrder, isNoPrice: u.isNoPrice }, u.permissions)

/** What the token of this user says; `trusted` is false until the device passed its code. */
export function principalOf(u: UserRecord, perms: UserPermissions, trusted: boolean, ver = u.tokenVersion): Principal {
  return {
    id: u.id,
    username: u.username,
    userType: u.userType,
    perms: compactPermissions(perms),
    noPrice: u.isNoPrice,
    ver,
    guest: false,
    trusted,
    company: u.accountCompanyName || u.companyName,
    // Other services own data by company (a seller's stones) and cannot read auth's tables.
    ...(u.companyId ? { companyId: u.companyId } : {}),
    ...(u.companyRegisteredName && u.companyRegisteredName !== (u.accountCompanyName || u.companyName)
      ? { registeredCompany: u.companyRegisteredName }
      : {}),
    // Other services cannot read auth's tables: the token says who the operator's staff are.
    ...(isOperatorStaff(u) ? { operator: true } : {}),
  }
}

/** The spec's stored user. */
export function sessionUser(u: UserRecord): SessionUser {
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    companyName: u.companyName || u.accountCompanyName,
    userType: u.userType,
    email: u.email,
    stkNotiDt: u.stkNotiDt,
    stkNoti: u.stkNoti,
    isStkNoti: u.isStkNoti,
    account: { companyName: u.accountCompanyName },
    setting: { Is_PlaceOrder: u.isPlaceOrder, Is_NoPrice: u.isNoPrice },
    accountTerm: u.accountTerm,
    isOperator: isOperatorStaff(u),
  }
}

/** The master lists asked for by name (unknown names skipped); none asked: all of them. */
export function mastersFor(wanted: string[] | undefined): Record<string, string[]> {
  const known = (wanted ?? []).filter((m): m is MasterName => Object.hasOwn(MASTERS, m))
  const names = known.length ? known : (Object.keys(MASTERS) as MasterName[])
  return Object.fromEntries(names.map((m) => [m, [...MASTERS[m]]]))
}

export function loginData(parts: {
  user: SessionUser
  userPermissions: UserPermissions
  jwt: string
  isTrusted: boolean
  masters?: string[]
  otp?: LoginData['otp']
}): LoginData {
  return {
    user: parts.user,
    userPermissions: parts.userPermissions,
    masters: mastersFor(parts.masters),
    columns: [...DEFAULT_COLUMNS],
    keywords: [],
    token: { jwt: parts.jwt },
    isTrusted: parts.isTrusted,
    ...(parts.otp ? { otp: parts.otp } : {}),
  }
}

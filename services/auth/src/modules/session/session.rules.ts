import type { LoginData, SessionUser } from '@diamond/contracts/http/auth'
import { DEFAULT_COLUMNS, MASTERS, type MasterName } from '@diamond/contracts/masters'
import { compactPermissions, type UserPermissions } from '@diamond/contracts/permissions'
import type { Principal } from '@diamond/runtime'
import { isOperatorStaff } from '../approvals/approvals.rules'
import { effectivePermissions, type UserType } from '../users/permissions.rules'
import type { UserRecord } from '../users/users.repository'

/** Why a user who gave the right password may still not sign in, in the order they are told. */
export function signInRefusal(u: Pick<UserRecord, 'email_verified' | 'approval_status' | 'active'>) {
  if (!u.email_verified) return { code: 'EMAIL_NOT_VERIFIED' as const, data: null }
  if (u.approval_status !== 2)
    return { code: 'E_ACCOUNT_NOT_APPROVED' as const, data: { approvalStatus: u.approval_status } }
  if (!u.active) return { code: 'E_ACCOUNT_INACTIVE' as const, data: null }
  return null
}

export const permissionsOf = (u: UserRecord): UserPermissions =>
  effectivePermissions(
    u.user_type as UserType,
    { isPlaceOrder: u.is_place_order, isNoPrice: u.is_no_price },
    u.permissions,
  )

/** What the token of this user says; `trusted` is false until the device passed its code. */
export function principalOf(u: UserRecord, perms: UserPermissions, trusted: boolean, ver = u.token_version): Principal {
  return {
    id: u.id,
    username: u.username,
    userType: u.user_type,
    perms: compactPermissions(perms),
    noPrice: u.is_no_price,
    ver,
    guest: false,
    trusted,
    company: u.account_company_name || u.company_name,
    // Other services own data by company (a seller's stones) and cannot read auth's tables.
    ...(u.company_id ? { companyId: u.company_id } : {}),
    ...(u.company_registered_name && u.company_registered_name !== (u.account_company_name || u.company_name)
      ? { registeredCompany: u.company_registered_name }
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
    firstName: u.first_name,
    lastName: u.last_name,
    companyName: u.company_name || u.account_company_name,
    userType: u.user_type,
    email: u.email,
    stkNotiDt: u.stk_noti_dt,
    stkNoti: u.stk_noti,
    isStkNoti: u.is_stk_noti,
    account: { companyName: u.account_company_name },
    setting: { Is_PlaceOrder: u.is_place_order, Is_NoPrice: u.is_no_price },
    accountTerm: u.account_term,
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

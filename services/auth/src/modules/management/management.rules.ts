import { ApprovalStatus, type UserCreate, type UserUpdate } from '@diamond/contracts/http/account'
import {
  compactPermissions,
  expandPermissions,
  MODULES,
  type CompactPermissions,
  type UserPermissions,
} from '@diamond/contracts/permissions'
import { effectivePermissions, rightsBeyond, type UserType } from '../users/permissions.rules'
import type { AccountPatch, AccountRow } from '../profile/accounts.repository'
import type { RevokeReason } from '../session/revoke'
import type { FieldProblem } from '../registration/registration.rules'

/** What user/update of one's own record may carry besides the id: the stock notification settings. */
export const OWN_SETTINGS = ['stkNotiDt', 'stkNoti', 'isStkNoti'] as const

/** How the caller stands to the user a call names: themselves, their company admin, or a stranger. */
export function relationTo(
  caller: { id: string; companyId: string | null; isCompanyAdmin: boolean },
  target: { id: string; companyId: string | null },
): 'self' | 'admin' | null {
  if (caller.id === target.id) return 'self'
  if (caller.isCompanyAdmin && caller.companyId !== null && caller.companyId === target.companyId) return 'admin'
  return null
}

/**
 * The spec's stock notification form on one's own record: interval and stock type are required
 * ('Please, select an option'); anything else (names, rights, type, activity) is a company admin's
 * business and is refused as forbidden, naming the fields.
 */
export function ownUpdateProblems(body: UserUpdate): { forbidden: string[]; missing: FieldProblem[] } {
  const forbidden = Object.keys(body).filter((k) => k !== 'id' && !(OWN_SETTINGS as readonly string[]).includes(k))
  const missing: FieldProblem[] = []
  if (body.stkNotiDt === undefined)
    missing.push({ field: 'stkNotiDt', in: 'body', message: 'Please, select an option' })
  if (body.stkNoti === undefined) missing.push({ field: 'stkNoti', in: 'body', message: 'Please, select an option' })
  return { forbidden, missing }
}

/** The form sends the stock type as a one-element array; the number is stored. */
export function settingsPatch(body: Pick<UserUpdate, 'stkNotiDt' | 'stkNoti' | 'isStkNoti'>): AccountPatch {
  const patch: AccountPatch = {}
  if (body.stkNotiDt !== undefined) patch.stkNotiDt = body.stkNotiDt
  if (body.stkNoti !== undefined) patch.stkNoti = body.stkNoti[0]!
  if (body.isStkNoti !== undefined) patch.isStkNoti = body.isStkNoti
  return patch
}

/** Modules a rights object names that do not exist (the schema accepts any key). */
export function unknownModules(p: Record<string, unknown> | undefined): FieldProblem[] {
  return Object.keys(p ?? {})
    .filter((m) => !(MODULES as readonly string[]).includes(m))
    .map((m) => ({ field: `permissions.${m}`, in: 'body' as const, message: 'is not a module' }))
}

/**
 * Rights `wanted` grants that the admin lacks, leaving out those the user already has: an admin
 * may not hand out what they do not hold. (managementRefusal refuses a user who already holds
 * such a right before asking this.)
 */
export function grantsBeyond(admin: UserPermissions, current: UserPermissions, wanted: UserPermissions): string[] {
  const alreadyHeld = new Set(rightsBeyond(current, wanted))
  return rightsBeyond(admin, wanted).filter((r) => alreadyHeld.has(r))
}

const canonical = (p: CompactPermissions | null) =>
  p === null
    ? 'null'
    : JSON.stringify(
        Object.entries(p)
          .filter(([, v]) => v)
          .sort(([a], [b]) => a.localeCompare(b)),
      )

/** Sessions end when the user is deactivated, or when anything that makes up their rights changes. */
export function revokeReason(before: ManagedState, after: ManagedState): RevokeReason | null {
  if (before.active && !after.active) return 'deactivated'
  if (
    before.userType !== after.userType ||
    before.isPlaceOrder !== after.isPlaceOrder ||
    before.isNoPrice !== after.isNoPrice ||
    canonical(before.permissions) !== canonical(after.permissions)
  )
    return 'permissions-changed'
  return null
}

/** What makes up a user's rights, and whether they are active. */
export type ManagedState = Pick<AccountRow, 'active' | 'userType' | 'isPlaceOrder' | 'isNoPrice' | 'permissions'>

const rightsOf = (s: ManagedState) =>
  effectivePermissions(s.userType as UserType, { isPlaceOrder: s.isPlaceOrder, isNoPrice: s.isNoPrice }, s.permissions)

/** The state a change leaves: the patch over the current state. */
function nextState(current: ManagedState, patch: AccountPatch): ManagedState {
  return {
    active: patch.active ?? current.active,
    userType: patch.userType ?? current.userType,
    isPlaceOrder: patch.isPlaceOrder ?? current.isPlaceOrder,
    isNoPrice: patch.isNoPrice ?? current.isNoPrice,
    permissions: patch.permissions !== undefined ? patch.permissions : current.permissions,
  }
}

/**
 * A company admin's change to one of the company's users: what to store, the state it leaves, and
 * whether the user's sessions end. A new type without rights sent gives the type's default rights.
 */
export function planManagedUpdate(current: ManagedState, body: UserUpdate) {
  const patch: AccountPatch = settingsPatch(body)
  if (body.firstName !== undefined) patch.firstName = body.firstName
  if (body.lastName !== undefined) patch.lastName = body.lastName
  if (body.mobile !== undefined) patch.mobile = body.mobile
  if (body.active !== undefined) patch.active = body.active
  if (body.userType !== undefined) patch.userType = body.userType
  if (body.setting?.Is_PlaceOrder !== undefined) patch.isPlaceOrder = body.setting.Is_PlaceOrder
  if (body.setting?.Is_NoPrice !== undefined) patch.isNoPrice = body.setting.Is_NoPrice
  if (body.permissions !== undefined) patch.permissions = compactPermissions(body.permissions)
  else if (body.userType !== undefined && body.userType !== current.userType) patch.permissions = null
  const next = nextState(current, patch)
  return { patch, next, revoke: revokeReason(current, next) }
}

/** Every right on every module: what a full admin holds. */
const EVERY_RIGHT = expandPermissions(Object.fromEntries(MODULES.map((m) => [m, 'via'])))

/**
 * A full admin: user type admin, active, approved, and no right beyond them (`all` on every module
 * as the rights work, the setting rules applied: an admin who may not see prices is not full).
 * Only a full admin can manage every user of the company, so a company keeps at least one.
 */
export function isFullAdmin(u: ManagedState & Pick<AccountRow, 'approvalStatus'>): boolean {
  return (
    u.userType === 'admin' &&
    u.active &&
    u.approvalStatus === ApprovalStatus.approved &&
    rightsBeyond(rightsOf(u), EVERY_RIGHT).length === 0
  )
}

export type ManagementRefusal =
  /** The user holds rights the admin lacks (listed): the admin may not change them at all. */
  | { kind: 'outranked'; rights: string[] }
  /** The change grants rights the admin lacks (listed). */
  | { kind: 'beyond'; rights: string[] }
  /** The change would leave the company without a full admin. */
  | { kind: 'lastFullAdmin' }

/**
 * Whether a company admin may change another user of the company, from `current` to `next`
 * (issue 21): only a user whose rights are all within the admin's own; only to rights within them
 * (so rights are granted and taken only where the admin holds them); and never the company's last
 * full admin out of being one. `otherFullAdmins` counts the company's full admins but this user.
 */
export function managementRefusal(
  adminRights: UserPermissions,
  current: ManagedState & Pick<AccountRow, 'approvalStatus'>,
  next: ManagedState,
  otherFullAdmins: number,
): ManagementRefusal | null {
  const outranked = rightsBeyond(adminRights, rightsOf(current))
  if (outranked.length) return { kind: 'outranked', rights: outranked }
  const beyond = grantsBeyond(adminRights, rightsOf(current), rightsOf(next))
  if (beyond.length) return { kind: 'beyond', rights: beyond }
  if (
    otherFullAdmins === 0 &&
    isFullAdmin(current) &&
    !isFullAdmin({ ...next, approvalStatus: current.approvalStatus })
  )
    return { kind: 'lastFullAdmin' }
  return null
}

/** A new user of the company: their stored rights, and the rights beyond the admin's own. */
export function planNewUser(body: UserCreate, adminRights: UserPermissions) {
  const state: ManagedState = {
    active: true,
    userType: body.userType,
    isPlaceOrder: body.setting?.Is_PlaceOrder ?? true,
    isNoPrice: body.setting?.Is_NoPrice ?? false,
    permissions: body.permissions ? compactPermissions(body.permissions) : null,
  }
  return { state, beyond: rightsBeyond(adminRights, rightsOf(state)) }
}

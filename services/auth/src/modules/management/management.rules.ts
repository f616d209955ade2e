import type { UserCreate, UserUpdate } from '@diamond/contracts/http/account'
import { compactPermissions, MODULES, type CompactPermissions, type UserPermissions } from '@diamond/contracts/permissions'
import { effectivePermissions, rightsBeyond, type UserType } from '../users/permissions.rules'
import type { AccountPatch } from '../profile/accounts.repository'
import type { RevokeReason } from '../session/revoke'
import type { FieldProblem } from '../registration/registration.rules'

/** What user/update of one's own record may carry besides the id: the stock notification settings. */
export const OWN_SETTINGS = ['stkNotiDt', 'stkNoti', 'isStkNoti'] as const

/** How the caller stands to the user a call names: themselves, their company admin, or a stranger. */
export function relationTo(
  caller: { id: string; company_id: string | null; isCompanyAdmin: boolean },
  target: { id: string; company_id: string | null },
): 'self' | 'admin' | null {
  if (caller.id === target.id) return 'self'
  if (caller.isCompanyAdmin && caller.company_id !== null && caller.company_id === target.company_id) return 'admin'
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
  if (body.stkNotiDt === undefined) missing.push({ field: 'stkNotiDt', in: 'body', message: 'Please, select an option' })
  if (body.stkNoti === undefined) missing.push({ field: 'stkNoti', in: 'body', message: 'Please, select an option' })
  return { forbidden, missing }
}

/** The form sends the stock type as a one-element array; the number is stored. */
export function settingsPatch(body: Pick<UserUpdate, 'stkNotiDt' | 'stkNoti' | 'isStkNoti'>): AccountPatch {
  const patch: AccountPatch = {}
  if (body.stkNotiDt !== undefined) patch.stk_noti_dt = body.stkNotiDt
  if (body.stkNoti !== undefined) patch.stk_noti = body.stkNoti[0]!
  if (body.isStkNoti !== undefined) patch.is_stk_noti = body.isStkNoti
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
 * may not hand out what they do not hold, but may leave alone what someone else granted.
 */
export function grantsBeyond(admin: UserPermissions, current: UserPermissions, wanted: UserPermissions): string[] {
  const alreadyHeld = new Set(rightsBeyond(current, wanted))
  return rightsBeyond(admin, wanted).filter((r) => alreadyHeld.has(r))
}

const canonical = (p: CompactPermissions | null) =>
  p === null ? 'null' : JSON.stringify(Object.entries(p).filter(([, v]) => v).sort(([a], [b]) => a.localeCompare(b)))

/** Sessions end when the user is deactivated, or when anything that makes up their rights changes. */
export function revokeReason(
  before: { active: boolean; user_type: string; is_place_order: boolean; is_no_price: boolean; permissions: CompactPermissions | null },
  after: typeof before,
): RevokeReason | null {
  if (before.active && !after.active) return 'deactivated'
  if (
    before.user_type !== after.user_type ||
    before.is_place_order !== after.is_place_order ||
    before.is_no_price !== after.is_no_price ||
    canonical(before.permissions) !== canonical(after.permissions)
  ) return 'permissions-changed'
  return null
}

export interface ManagedState {
  active: boolean
  user_type: string
  is_place_order: boolean
  is_no_price: boolean
  permissions: CompactPermissions | null
}

const rightsOf = (s: ManagedState) =>
  effectivePermissions(s.user_type as UserType, { isPlaceOrder: s.is_place_order, isNoPrice: s.is_no_price }, s.permissions)

/**
 * A company admin's change to one of the company's users: what to store, whether their sessions
 * end, and which rights it would grant beyond the admin's own. A new type without rights sent
 * gives the type's default rights; rights are checked only when type, rights or settings change.
 */
export function planManagedUpdate(current: ManagedState, body: UserUpdate, adminRights: UserPermissions) {
  const patch: AccountPatch = settingsPatch(body)
  if (body.firstName !== undefined) patch.first_name = body.firstName
  if (body.lastName !== undefined) patch.last_name = body.lastName
  if (body.mobile !== undefined) patch.mobile = body.mobile
  if (body.active !== undefined) patch.active = body.active
  if (body.userType !== undefined) patch.user_type = body.userType
  if (body.setting?.Is_PlaceOrder !== undefined) patch.is_place_order = body.setting.Is_PlaceOrder
  if (body.setting?.Is_NoPrice !== undefined) patch.is_no_price = body.setting.Is_NoPrice
  if (body.permissions !== undefined) patch.permissions = compactPermissions(body.permissions)
  else if (body.userType !== undefined && body.userType !== current.user_type) patch.permissions = null

  const next: ManagedState = {
    active: patch.active ?? current.active,
    user_type: patch.user_type ?? current.user_type,
    is_place_order: patch.is_place_order ?? current.is_place_order,
    is_no_price: patch.is_no_price ?? current.is_no_price,
    permissions: patch.permissions !== undefined ? patch.permissions : current.permissions,
  }
  const touchesRights = body.permissions !== undefined || body.userType !== undefined || body.setting !== undefined
  const beyond = touchesRights ? grantsBeyond(adminRights, rightsOf(current), rightsOf(next)) : []
  return { patch, revoke: revokeReason(current, next), beyond }
}

/** A new user of the company: their stored rights, and the rights beyond the admin's own. */
export function planNewUser(body: UserCreate, adminRights: UserPermissions) {
  const state: ManagedState = {
    active: true,
    user_type: body.userType,
    is_place_order: body.setting?.Is_PlaceOrder ?? true,
    is_no_price: body.setting?.Is_NoPrice ?? false,
    permissions: body.permissions ? compactPermissions(body.permissions) : null,
  }
  return { state, beyond: rightsBeyond(adminRights, rightsOf(state)) }
}

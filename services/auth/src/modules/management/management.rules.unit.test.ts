import { describe, expect, it } from 'vitest'
import { compactPermissions, expandPermissions } from '@diamond/contracts/permissions'
import { permissionsFor } from '../users/permissions.rules'
import { grantsBeyond, ownUpdateProblems, planManagedUpdate, planNewUser, relationTo, revokeReason, settingsPatch, unknownModules, type ManagedState } from './management.rules'

const ID = '00000000-0000-4000-8000-000000000001'
const settings = { isPlaceOrder: true, isNoPrice: false }
const adminRights = permissionsFor('admin', settings)
const buyer: ManagedState = { active: true, user_type: 'buyer', is_place_order: true, is_no_price: false, permissions: null }

describe('how a caller stands to a user', () => {
  const admin = { id: 'a', company_id: 'c1', isCompanyAdmin: true }
  it('is themselves, their company admin, or nobody', () => {
    expect(relationTo(admin, { id: 'a', company_id: 'c1' })).toBe('self')
    expect(relationTo(admin, { id: 'b', company_id: 'c1' })).toBe('admin')
    expect(relationTo(admin, { id: 'b', company_id: 'c2' })).toBeNull()
    expect(relationTo({ ...admin, isCompanyAdmin: false }, { id: 'b', company_id: 'c1' })).toBeNull()
    expect(relationTo({ id: 'x', company_id: null, isCompanyAdmin: true }, { id: 'b', company_id: null })).toBeNull()
  })
})

describe("a user's own stock notification settings", () => {
  it('needs interval and stock type, and nothing beyond the three settings', () => {
    expect(ownUpdateProblems({ id: ID, stkNotiDt: 2, stkNoti: [1], isStkNoti: true })).toEqual({ forbidden: [], missing: [] })
    expect(ownUpdateProblems({ id: ID, isStkNoti: true }).missing.map((m) => [m.field, m.message])).toEqual([
      ['stkNotiDt', 'Please, select an option'],
      ['stkNoti', 'Please, select an option'],
    ])
    expect(ownUpdateProblems({ id: ID, stkNotiDt: 1, stkNoti: [0], active: false, userType: 'admin' }).forbidden).toEqual(['active', 'userType'])
  })

  it('stores the one-element stock type array as its number', () => {
    expect(settingsPatch({ stkNotiDt: 3, stkNoti: [0], isStkNoti: false })).toEqual({ stk_noti_dt: 3, stk_noti: 0, is_stk_noti: false })
    expect(settingsPatch({})).toEqual({})
  })
})

describe('rights an admin hands out', () => {
  it('refuses modules that do not exist', () => {
    expect(unknownModules({ hold: { view: true, insert: false, all: false }, nukes: { view: true, insert: true, all: true } }).map((p) => p.field)).toEqual([
      'permissions.nukes',
    ])
  })

  it('counts only rights the admin lacks and the user does not have yet', () => {
    const restricted = expandPermissions({ hold: 'v', cart: 'vi' })
    const wanted = expandPermissions({ hold: 'vi', cart: 'vi', memo: 'v' })
    expect(grantsBeyond(restricted, expandPermissions({}), wanted)).toEqual(['hold.insert', 'memo.view'])
    expect(grantsBeyond(restricted, expandPermissions({ memo: 'v' }), wanted)).toEqual(['hold.insert'])
  })

  it('checks a new user against the admin, type defaults included', () => {
    const restricted = expandPermissions(compactPermissions(permissionsFor('buyer', settings)))
    expect(planNewUser({ userType: 'buyer' } as never, restricted).beyond).toEqual([])
    expect(planNewUser({ userType: 'sales' } as never, restricted).beyond).toContain('hold.all')
    expect(planNewUser({ userType: 'buyer' } as never, adminRights).state).toEqual(buyer)
  })
})

describe("a company admin's change to a user", () => {
  it('ends sessions on deactivation and on any change to what makes up rights', () => {
    expect(revokeReason(buyer, { ...buyer, active: false })).toBe('deactivated')
    expect(revokeReason(buyer, { ...buyer, user_type: 'seller' })).toBe('permissions-changed')
    expect(revokeReason(buyer, { ...buyer, is_no_price: true })).toBe('permissions-changed')
    expect(revokeReason(buyer, { ...buyer, permissions: { hold: 'v' } })).toBe('permissions-changed')
    expect(revokeReason({ ...buyer, permissions: { hold: 'v', cart: 'v' } }, { ...buyer, permissions: { cart: 'v', hold: 'v' } })).toBeNull()
    expect(revokeReason({ ...buyer, active: false }, { ...buyer, active: true })).toBeNull()
  })

  it('leaves sessions alone for names and mobile, and checks no rights then', () => {
    const plan = planManagedUpdate(buyer, { id: ID, firstName: 'Neo', mobile: '+91 22 1234' }, expandPermissions({}))
    expect(plan).toEqual({ patch: { first_name: 'Neo', mobile: '+91 22 1234' }, revoke: null, beyond: [] })
  })

  it('resets rights to the new type unless rights are sent with it', () => {
    expect(planManagedUpdate({ ...buyer, permissions: { hold: 'v' } }, { id: ID, userType: 'seller' }, adminRights).patch).toEqual({
      user_type: 'seller',
      permissions: null,
    })
    const sent = planManagedUpdate(buyer, { id: ID, userType: 'seller', permissions: { hold: { view: true, insert: false, all: false } } }, adminRights)
    expect(sent.patch.permissions).toEqual({ hold: 'v' })
    expect(sent.revoke).toBe('permissions-changed')
  })

  it('names the rights a restricted admin may not grant', () => {
    const restricted = expandPermissions({ ...compactPermissions(permissionsFor('buyer', settings)), hold: 'v' })
    const plan = planManagedUpdate({ ...buyer, permissions: { hold: 'v' } }, { id: ID, userType: 'buyer', permissions: { hold: { view: true, insert: true, all: false } } }, restricted)
    expect(plan.beyond).toEqual(['hold.insert'])
  })
})

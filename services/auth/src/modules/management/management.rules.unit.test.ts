import { describe, expect, it } from 'vitest'
import { compactPermissions, expandPermissions } from '@diamond/contracts/permissions'
import { permissionsFor } from '../users/permissions.rules'
import {
  grantsBeyond,
  isFullAdmin,
  managementRefusal,
  ownUpdateProblems,
  planManagedUpdate,
  planNewUser,
  relationTo,
  revokeReason,
  settingsPatch,
  unknownModules,
  type ManagedState,
} from './management.rules'

const ID = '00000000-0000-4000-8000-000000000001'
const settings = { isPlaceOrder: true, isNoPrice: false }
const adminRights = permissionsFor('admin', settings)
const buyer: ManagedState = { active: true, userType: 'buyer', isPlaceOrder: true, isNoPrice: false, permissions: null }

describe('how a caller stands to a user', () => {
  const admin = { id: 'a', companyId: 'c1', isCompanyAdmin: true }
  it('is themselves, their company admin, or nobody', () => {
    expect(relationTo(admin, { id: 'a', companyId: 'c1' })).toBe('self')
    expect(relationTo(admin, { id: 'b', companyId: 'c1' })).toBe('admin')
    expect(relationTo(admin, { id: 'b', companyId: 'c2' })).toBeNull()
    expect(relationTo({ ...admin, isCompanyAdmin: false }, { id: 'b', companyId: 'c1' })).toBeNull()
    expect(relationTo({ id: 'x', companyId: null, isCompanyAdmin: true }, { id: 'b', companyId: null })).toBeNull()
  })
})

describe("a user's own stock notification settings", () => {
  it('needs interval and stock type, and nothing beyond the three settings', () => {
    expect(ownUpdateProblems({ id: ID, stkNotiDt: 2, stkNoti: [1], isStkNoti: true })).toEqual({
      forbidden: [],
      missing: [],
    })
    expect(ownUpdateProblems({ id: ID, isStkNoti: true }).missing.map((m) => [m.field, m.message])).toEqual([
      ['stkNotiDt', 'Please, select an option'],
      ['stkNoti', 'Please, select an option'],
    ])
    expect(
      ownUpdateProblems({ id: ID, stkNotiDt: 1, stkNoti: [0], active: false, userType: 'admin' }).forbidden,
    ).toEqual(['active', 'userType'])
  })

  it('stores the one-element stock type array as its number', () => {
    expect(settingsPatch({ stkNotiDt: 3, stkNoti: [0], isStkNoti: false })).toEqual({
      stkNotiDt: 3,
      stkNoti: 0,
      isStkNoti: false,
    })
    expect(settingsPatch({})).toEqual({})
  })
})

describe('rights an admin hands out', () => {
  it('refuses modules that do not exist', () => {
    expect(
      unknownModules({
        hold: { view: true, insert: false, all: false },
        nukes: { view: true, insert: true, all: true },
      }).map((p) => p.field),
    ).toEqual(['permissions.nukes'])
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
    expect(revokeReason(buyer, { ...buyer, userType: 'seller' })).toBe('permissions-changed')
    expect(revokeReason(buyer, { ...buyer, isNoPrice: true })).toBe('permissions-changed')
    expect(revokeReason(buyer, { ...buyer, permissions: { hold: 'v' } })).toBe('permissions-changed')
    expect(
      revokeReason(
        { ...buyer, permissions: { hold: 'v', cart: 'v' } },
        { ...buyer, permissions: { cart: 'v', hold: 'v' } },
      ),
    ).toBeNull()
    expect(revokeReason({ ...buyer, active: false }, { ...buyer, active: true })).toBeNull()
  })

  it('leaves sessions alone for names and mobile', () => {
    const plan = planManagedUpdate(buyer, { id: ID, firstName: 'Neo', mobile: '+91 22 1234' })
    expect(plan).toEqual({ patch: { firstName: 'Neo', mobile: '+91 22 1234' }, next: buyer, revoke: null })
  })

  it('resets rights to the new type unless rights are sent with it', () => {
    expect(planManagedUpdate({ ...buyer, permissions: { hold: 'v' } }, { id: ID, userType: 'seller' }).patch).toEqual({
      userType: 'seller',
      permissions: null,
    })
    const sent = planManagedUpdate(buyer, {
      id: ID,
      userType: 'seller',
      permissions: { hold: { view: true, insert: false, all: false } },
    })
    expect(sent.patch.permissions).toEqual({ hold: 'v' })
    expect(sent.revoke).toBe('permissions-changed')
  })

  it('names the rights a restricted admin may not grant', () => {
    const restricted = expandPermissions({ ...compactPermissions(permissionsFor('buyer', settings)), hold: 'v' })
    const current = { ...buyer, permissions: { hold: 'v' }, approvalStatus: 2 }
    const plan = planManagedUpdate(current, {
      id: ID,
      userType: 'buyer',
      permissions: { hold: { view: true, insert: true, all: false } },
    })
    expect(managementRefusal(restricted, current, plan.next, 1)).toEqual({ kind: 'beyond', rights: ['hold.insert'] })
  })
})

describe('whom a company admin may change (issue 21)', () => {
  const full = { ...buyer, userType: 'admin', approvalStatus: 2 }
  const few = expandPermissions({ searchList: 'v', dashboard: 'v', pricing: 'v', order: 'i' })
  const within = { ...buyer, permissions: { searchList: 'v' }, approvalStatus: 2 }

  it('calls full an active, approved admin with every right as the rights work', () => {
    expect(isFullAdmin(full)).toBe(true)
    expect(isFullAdmin({ ...full, active: false })).toBe(false)
    expect(isFullAdmin({ ...full, approvalStatus: 1 })).toBe(false)
    expect(isFullAdmin({ ...full, userType: 'sales' })).toBe(false)
    // Hidden prices take pricing's rights; one module short is not full.
    expect(isFullAdmin({ ...full, isNoPrice: true })).toBe(false)
    const allButMemo = Object.fromEntries(
      Object.keys(permissionsFor('admin', settings))
        .filter((m) => m !== 'memo')
        .map((m) => [m, 'via']),
    )
    expect(isFullAdmin({ ...full, permissions: allButMemo })).toBe(false)
    expect(isFullAdmin({ ...full, permissions: { ...allButMemo, memo: 'a' } })).toBe(true)
  })

  it('refuses any change to a user holding a right the admin lacks, naming those rights', () => {
    const refusal = managementRefusal(few, full, { ...full, userType: 'buyer' }, 1)
    expect(refusal).toMatchObject({ kind: 'outranked' })
    expect((refusal as { rights: string[] }).rights).toEqual(expect.arrayContaining(['hold.all', 'searchList.all']))
    // Even a change that takes only rights the admin holds, or none at all.
    expect(managementRefusal(few, full, full, 1)?.kind).toBe('outranked')
    expect(managementRefusal(expandPermissions({ searchList: 'v' }), within, within, 1)).toEqual({
      kind: 'outranked',
      rights: ['pricing.view', 'order.insert'],
    })
  })

  it('lets the admin take and grant, within its own rights, from a user within them', () => {
    expect(managementRefusal(few, within, { ...within, active: false }, 0)).toBeNull()
    expect(
      managementRefusal(few, within, { ...within, permissions: { searchList: 'v', dashboard: 'v' } }, 0),
    ).toBeNull()
    expect(managementRefusal(few, within, { ...within, permissions: {} }, 0)).toBeNull()
    expect(managementRefusal(few, within, { ...within, permissions: { cart: 'v' } }, 0)).toEqual({
      kind: 'beyond',
      rights: ['cart.view'],
    })
  })

  it("never takes the company's last full admin out of being one", () => {
    const everything = permissionsFor('admin', settings)
    for (const next of [
      { ...full, userType: 'buyer' },
      { ...full, active: false },
      { ...full, isNoPrice: true },
      { ...full, permissions: { searchList: 'v' } },
    ]) {
      expect(managementRefusal(everything, full, next, 0)).toEqual({ kind: 'lastFullAdmin' })
      expect(managementRefusal(everything, full, next, 1)).toBeNull()
    }
    expect(managementRefusal(everything, full, { ...full, isStkNoti: true } as ManagedState, 0)).toBeNull()
  })
})

import { MODULES, permissionsFor, type UserPermissions } from '@diamond/contracts/permissions.values'
import { describe, expect, it } from 'vitest'
import {
  emptyPermissions,
  holds,
  normalise,
  refusedRights,
  setRight,
  startingPermissions,
  userRefusal,
  withinHolder,
} from './permissions.rules'

describe('permission matrix', () => {
  it('ticks what a right includes, and unticks what depends on it', () => {
    let p = setRight(emptyPermissions(), 'cart', 'all', true)
    expect(p.cart).toEqual({ view: true, insert: true, all: true })
    p = setRight(p, 'cart', 'insert', false)
    expect(p.cart).toEqual({ view: true, insert: false, all: false })
    p = setRight(p, 'cart', 'insert', true)
    expect(p.cart).toEqual({ view: true, insert: true, all: false })
    p = setRight(p, 'cart', 'view', false)
    expect(p.cart).toEqual({ view: false, insert: false, all: false })
    // Other modules are untouched.
    expect(p.hold).toEqual({ view: false, insert: false, all: false })
  })

  it('treats all as every action of the holder', () => {
    const holder: UserPermissions = {
      cart: { view: false, insert: false, all: true },
      hold: { view: true, insert: false, all: false },
    }
    expect(holds(holder, 'cart', 'insert')).toBe(true)
    expect(holds(holder, 'hold', 'view')).toBe(true)
    expect(holds(holder, 'hold', 'insert')).toBe(false)
    expect(holds(holder, 'memo', 'view')).toBe(false)
  })

  it('never sends a right the admin lacks', () => {
    const holder: UserPermissions = { cart: { view: true, insert: true, all: false } }
    const wanted = setRight(setRight(emptyPermissions(), 'cart', 'all', true), 'memo', 'view', true)
    const sent = withinHolder(wanted, holder)
    expect(sent.cart).toEqual({ view: true, insert: true, all: false })
    expect(sent.memo).toEqual({ view: false, insert: false, all: false })
    expect(Object.keys(sent).sort()).toEqual([...MODULES].sort())
  })

  it('fills missing modules and implied rights', () => {
    const p = normalise({ quote: { view: false, insert: false, all: true } })
    expect(p.quote).toEqual({ view: true, insert: true, all: true })
    expect(p.cart).toEqual({ view: false, insert: false, all: false })
  })

  it("reads the server's refused rights", () => {
    expect(refusedRights({ rights: ['cart.all', 'memo.view'] })).toEqual([
      { module: 'cart', action: 'all' },
      { module: 'memo', action: 'view' },
    ])
    expect(refusedRights(null)).toEqual([])
  })

  it('tells a user the admin may not change at all from rights it may not grant', () => {
    expect(userRefusal({ outranked: ['hold.all'] })).toBe('outranked')
    expect(userRefusal({ lastFullAdmin: true })).toBe('lastFullAdmin')
    expect(userRefusal({ rights: ['cart.all'] })).toBeNull()
    expect(userRefusal(null)).toBeNull()
  })
})

describe("a new user's own rights", () => {
  it("start from the chosen type's rights and settings, within what the admin holds", () => {
    const admin = normalise(permissionsFor('admin', { isPlaceOrder: true, isNoPrice: false }))
    const buyer = startingPermissions('buyer', { Is_PlaceOrder: true, Is_NoPrice: false }, admin)
    expect(buyer.hold).toEqual({ view: true, insert: true, all: false })
    expect(buyer.diamondSearch).toEqual({ view: true, insert: false, all: false })
    expect(buyer.pricing?.view).toBe(true)
    expect(Object.values(buyer).some((r) => r.view)).toBe(true)
    // The settings apply as they would without a custom set.
    const noPrice = startingPermissions('buyer', { Is_PlaceOrder: false, Is_NoPrice: true }, admin)
    expect(noPrice.pricing).toEqual({ view: false, insert: false, all: false })
    expect(noPrice.order?.insert).toBe(false)
    // Never beyond the admin's own rights.
    const narrow = { ...emptyPermissions(), hold: { view: true, insert: false, all: false } }
    expect(startingPermissions('buyer', { Is_PlaceOrder: true, Is_NoPrice: false }, narrow).hold).toEqual({
      view: true,
      insert: false,
      all: false,
    })
  })
})

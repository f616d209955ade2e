import { describe, expect, it } from 'vitest'
import { can, compactPermissions, expandPermissions } from '@diamond/contracts/permissions'
import { permissionsFor } from './permissions.rules'

describe('permissions of a user type', () => {
  const buyer = permissionsFor('buyer', { isPlaceOrder: true, isNoPrice: false })

  it('lets a buyer browse and hold but not administer', () => {
    expect(buyer.searchList).toEqual({ view: true, insert: false, all: false })
    expect(buyer.hold).toEqual({ view: true, insert: true, all: false })
    expect(buyer.pricing).toEqual({ view: true, insert: false, all: false })
  })

  it('makes order insert follow Is_PlaceOrder', () => {
    expect(buyer.order?.insert).toBe(true)
    expect(permissionsFor('buyer', { isPlaceOrder: false, isNoPrice: false }).order?.insert).toBe(false)
  })

  it('makes pricing view and all the opposite of Is_NoPrice', () => {
    const hidden = permissionsFor('sales', { isPlaceOrder: true, isNoPrice: true })
    expect(hidden.pricing).toMatchObject({ view: false, all: false })
    expect(permissionsFor('sales', { isPlaceOrder: true, isNoPrice: false }).pricing).toMatchObject({
      view: true,
      all: true,
    })
  })

  it('lets a guest change nothing', () => {
    const guest = permissionsFor('guest', { isPlaceOrder: true, isNoPrice: false })
    for (const [module, rights] of Object.entries(guest)) {
      expect({ module, insert: rights.insert, all: rights.all }).toEqual({ module, insert: false, all: false })
    }
  })

  it('survives the compact form tokens carry', () => {
    const c = compactPermissions(buyer)
    expect(expandPermissions(c)).toEqual(buyer)
    expect(can(c, 'hold', 'insert')).toBe(true)
    expect(can(c, 'hold', 'all')).toBe(false)
    expect(can(c, 'dashboard', 'insert')).toBe(false)
    expect(can({ hold: 'a' }, 'hold', 'insert')).toBe(true)
  })
})

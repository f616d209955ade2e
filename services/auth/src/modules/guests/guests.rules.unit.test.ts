import { describe, expect, it } from 'vitest'
import { can } from '@diamond/contracts/permissions'
import { guestPermissions, guestPrincipal } from './guests.rules'

describe('a guest', () => {
  const perms = guestPermissions()
  const p = guestPrincipal('00000000-0000-4000-8000-000000000001', 'g@x.test', perms)

  it('may look at stock with prices', () => {
    expect(can(p.perms, 'searchList', 'view')).toBe(true)
    expect(can(p.perms, 'pricing', 'view')).toBe(true)
  })

  it('changes nothing and has no inbox', () => {
    for (const r of Object.values(perms)) expect([r.insert, r.all]).toEqual([false, false])
    expect(can(p.perms, 'hold', 'insert')).toBe(false)
    expect(can(p.perms, 'order', 'insert')).toBe(false)
    expect(can(p.perms, 'notifications', 'view')).toBe(false)
  })

  it('holds a trusted guest token', () => {
    expect(p).toMatchObject({ guest: true, trusted: true, userType: 'guest', ver: 0 })
  })
})

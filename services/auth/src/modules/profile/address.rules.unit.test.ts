import { describe, expect, it } from 'vitest'
import { planDefault } from './address.rules'

describe('the default address', () => {
  it('is the first address, whatever the form says', () => {
    expect(planDefault(0, null, undefined)).toEqual({ isDefault: true, clearOthers: false, promoteOther: false })
    expect(planDefault(0, null, false)).toEqual({ isDefault: true, clearOthers: false, promoteOther: false })
    expect(planDefault(0, true, false)).toEqual({ isDefault: true, clearOthers: false, promoteOther: false })
  })

  it('moves to an address chosen as default, taken from the one that had it', () => {
    expect(planDefault(2, null, true)).toEqual({ isDefault: true, clearOthers: true, promoteOther: false })
    expect(planDefault(2, false, true)).toEqual({ isDefault: true, clearOthers: true, promoteOther: false })
    expect(planDefault(2, true, true)).toEqual({ isDefault: true, clearOthers: false, promoteOther: false })
  })

  it('goes to the newest other address when the default is un-chosen', () => {
    expect(planDefault(1, true, false)).toEqual({ isDefault: false, clearOthers: false, promoteOther: true })
    expect(planDefault(1, false, false)).toEqual({ isDefault: false, clearOthers: false, promoteOther: false })
  })

  it('stays where it is when the form does not say', () => {
    expect(planDefault(3, null, undefined)).toEqual({ isDefault: false, clearOthers: false, promoteOther: false })
    expect(planDefault(3, true, undefined)).toEqual({ isDefault: true, clearOthers: false, promoteOther: false })
  })
})

import { describe, expect, it } from 'vitest'
import { billingLines, planDefault } from './address.rules'

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

describe('the billing address on an invoice (issue 26)', () => {
  const a = (type: string, isDefault: boolean, line1: string) => ({
    type,
    isDefault,
    street: '',
    line1,
    line2: '',
    line3: '',
    city: 'Mumbai',
    state: 'MH',
    country: 'India',
    pinCode: '400004',
  })

  it('is the default address when it is a billing one, else the first billing one, else the default', () => {
    expect(billingLines([a('shipping', false, 'S'), a('billing', true, 'B')])?.[0]).toBe('B')
    expect(billingLines([a('shipping', true, 'S'), a('billing', false, 'B')])?.[0]).toBe('B')
    expect(billingLines([a('office', false, 'O'), a('shipping', true, 'S')])?.[0]).toBe('S')
  })

  it('prints blank-free lines, and nothing for an empty book', () => {
    expect(billingLines([a('billing', true, '12 Opera House')])).toEqual([
      '12 Opera House',
      'Mumbai, MH, 400004',
      'India',
    ])
    expect(billingLines([])).toBeNull()
  })
})

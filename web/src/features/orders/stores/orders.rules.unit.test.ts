import { describe, expect, it } from 'vitest'
import {
  averageRap,
  averages,
  dollars,
  newConfirmKey,
  nextStep,
  noticeKeys,
  refusedNames,
  TRACKING_NO,
} from './orders.rules'

describe('confirm dialog rules', () => {
  it('turns cents into dollars and leaves hidden prices absent', () => {
    expect(dollars(123_456)).toBe(1234.56)
    expect(dollars(undefined)).toBeUndefined()
  })
  it('shows Rap of a selection per carat, weighted by carat', () => {
    expect(averageRap({ totals: { pcs: 2, crt: 1.15, rapCents: 275_500 } })).toBeCloseTo(2395.65, 2)
    expect(averageRap({ totals: { pcs: 1, crt: 1 } })).toBeUndefined()
  })
  it('averages discount and price per carat before the bill type', () => {
    expect(averages({ totals: { pcs: 2, crt: 1.15, rapCents: 275_500, amountCents: 191_219 } })).toEqual({
      back: -30.59,
      pricePerCarat: 191_219 / 100 / 1.15,
    })
    expect(averages({ totals: { pcs: 1, crt: 1 } })).toEqual({})
  })
  it('lists the notices that apply, in a fixed order', () => {
    expect(noticeKeys({ pricesFixed: true, outsideIndia: false, deliveryDays: true })).toEqual([
      'pricesFixed',
      'deliveryDays',
    ])
    expect(noticeKeys(undefined)).toEqual([])
  })
  it('names refused stones by their numbers', () => {
    const lines = [
      { id: 'a', vStnId: 'D1' },
      { id: 'b', vStnId: 'D2' },
    ]
    expect(refusedNames({ ids: ['b'], vStnIds: ['D2'] }, lines)).toEqual(['D2'])
    expect(refusedNames({ ids: ['b', 'z'] }, lines)).toEqual(['D2', 'z'])
    expect(refusedNames(null, lines)).toEqual([])
  })
  it('makes a new key each time, valid for the server', () => {
    const a = newConfirmKey()
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,100}$/)
    expect(newConfirmKey()).not.toBe(a)
  })
})

describe('moving a shipment on (issue 26)', () => {
  it('goes one step at a time and stops at delivered', () => {
    expect(nextStep('confirmed')).toBe('packed')
    expect(nextStep('packed')).toBe('shipped')
    expect(nextStep('shipped')).toBe('delivered')
    expect(nextStep('delivered')).toBeNull()
  })

  it('takes a tracking number of 3 to 60 letters, digits or hyphens', () => {
    expect(TRACKING_NO.test('MA-123456')).toBe(true)
    expect(TRACKING_NO.test('AB')).toBe(false)
    expect(TRACKING_NO.test('MA 123')).toBe(false)
  })
})

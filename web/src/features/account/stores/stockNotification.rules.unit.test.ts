import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  checkChoice,
  stockValuesFrom,
  storedSettingsFrom,
  toStockUpdate,
  validateStock,
} from './stockNotification.rules'

const en = JSON.parse(readFileSync(new URL('../locales/account.en.json', import.meta.url), 'utf8')) as {
  stockNotification: { errors: Record<string, string>; updated: string }
}

describe('stock notification rules', () => {
  it('asks for an option when nothing is chosen', () => {
    expect(validateStock({ stkNotiDt: '', stkNoti: '', isStkNoti: false })).toEqual({
      stkNotiDt: 'required',
      stkNoti: 'required',
    })
    expect(checkChoice(null, [1, 2, 3])).toBe('required')
    expect(checkChoice(undefined, [1, 0])).toBe('required')
    expect(checkChoice('  ', [1, 0])).toBe('required')
  })

  it('refuses values outside the lists', () => {
    expect(validateStock({ stkNotiDt: '4', stkNoti: '2', isStkNoti: true })).toEqual({
      stkNotiDt: 'invalid',
      stkNoti: 'invalid',
    })
    expect(validateStock({ stkNotiDt: 'x', stkNoti: 'new', isStkNoti: true })).toEqual({
      stkNotiDt: 'invalid',
      stkNoti: 'invalid',
    })
    expect(checkChoice('0', [1, 2, 3])).toBe('invalid')
    expect(checkChoice('1.5', [1, 2, 3])).toBe('invalid')
    expect(checkChoice(4, [1, 2, 3])).toBe('invalid')
  })

  it('accepts each interval and each stock type', () => {
    for (const dt of ['1', '2', '3'])
      for (const type of ['1', '0'])
        expect(validateStock({ stkNotiDt: dt, stkNoti: type, isStkNoti: false })).toEqual({})
    // Full Stock is 0: a real choice, not an empty one.
    expect(checkChoice(0, [1, 0])).toBeNull()
  })

  it('sends the interval as a number, the stock type as a one-element number array, the flag as a boolean', () => {
    expect(toStockUpdate('u-1', { stkNotiDt: '2', stkNoti: '0', isStkNoti: true })).toStrictEqual({
      id: 'u-1',
      stkNotiDt: 2,
      stkNoti: [0],
      isStkNoti: true,
    })
    expect(toStockUpdate('u-1', { stkNotiDt: '3', stkNoti: '1', isStkNoti: false })).toStrictEqual({
      id: 'u-1',
      stkNotiDt: 3,
      stkNoti: [1],
      isStkNoti: false,
    })
  })

  it('fills itself from the stored user, whichever shape the stock type has', () => {
    expect(stockValuesFrom({ stkNotiDt: 2, stkNoti: 0, isStkNoti: true })).toEqual({
      stkNotiDt: '2',
      stkNoti: '0',
      isStkNoti: true,
    })
    expect(stockValuesFrom({ stkNotiDt: 1, stkNoti: [1], isStkNoti: false })).toEqual({
      stkNotiDt: '1',
      stkNoti: '1',
      isStkNoti: false,
    })
    expect(stockValuesFrom({ stkNotiDt: null, stkNoti: null, isStkNoti: false })).toEqual({
      stkNotiDt: '',
      stkNoti: '',
      isStkNoti: false,
    })
    expect(stockValuesFrom(null)).toEqual({ stkNotiDt: '', stkNoti: '', isStkNoti: false })
  })

  it("reads user/update's answer back into the stored user's shape", () => {
    expect(storedSettingsFrom({ stkNotiDt: 3, stkNoti: [0], isStkNoti: true })).toEqual({
      stkNotiDt: 3,
      stkNoti: 0,
      isStkNoti: true,
    })
    expect(storedSettingsFrom({ stkNotiDt: 1, stkNoti: 1, isStkNoti: false })).toEqual({
      stkNotiDt: 1,
      stkNoti: 1,
      isStkNoti: false,
    })
  })

  it("keeps the spec's exact English texts", () => {
    expect(en.stockNotification.errors.required).toBe('Please, select an option')
    expect(en.stockNotification.errors.invalid).toBe('Please, select a valid option')
    expect(en.stockNotification.updated).toBe('Settings updated')
  })
})

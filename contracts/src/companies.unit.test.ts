import { describe, expect, it } from 'vitest'
import { cleanCompanyName, companyKey } from './companies'

describe('company names', () => {
  it('are one name however their spaces and letters are written', () => {
    const key = companyKey('Shah Diamonds')
    for (const v of [
      'shah diamonds',
      ' SHAH DIAMONDS ',
      'Shah\u00a0Diamonds',
      '\tShah Diamonds',
      'Shah Diamonds\u3000',
      'Shah  Diamonds',
      'Ｓｈａｈ Diamonds',
      'Shah\u200bDiamonds',
    ]) {
      expect(companyKey(v)).toBe(key)
    }
    expect(companyKey('Shah Diamond')).not.toBe(key)
  })
  it('are kept cleaned', () => {
    expect(cleanCompanyName('  Shah\u00a0\u00a0Diamonds\u0007 ')).toBe('Shah Diamonds')
  })
})

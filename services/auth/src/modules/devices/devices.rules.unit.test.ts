import { describe, expect, it } from 'vitest'
import { maskEmail, MAX_KEYS_PER_BROWSER, otpOpen, parseDeviceKeys, withDeviceKey } from './devices.rules'

const key = (c: string) => c.repeat(43)

describe('the trusted-device cookie', () => {
  it('reads well-formed keys and ignores the rest', () => {
    expect(parseDeviceKeys(undefined)).toEqual([])
    expect(parseDeviceKeys(`${key('a')}.junk.${key('b')}.${key('a')}`)).toEqual([key('a'), key('b')])
    expect(parseDeviceKeys(`${key('a')}x`)).toEqual([])
  })

  it('keeps the newest keys, a few per browser', () => {
    const keys = ['a', 'b', 'c', 'd', 'e'].map(key)
    const value = withDeviceKey(keys, key('f'))
    expect(parseDeviceKeys(value)).toEqual([key('f'), ...keys.slice(0, MAX_KEYS_PER_BROWSER - 1)])
    expect(withDeviceKey([key('a'), key('b')], key('b'))).toBe(`${key('b')}.${key('a')}`)
  })
})

describe('one-time codes', () => {
  it('masks the address the code went to', () => {
    expect(maskEmail('buyer1@demo.diamond-portal.test')).toBe('b***1@demo.diamond-portal.test')
    expect(maskEmail('a@x.test')).toBe('a***@x.test')
    expect(maskEmail('broken')).toBe('***')
  })

  it('treats a used, expired or worn-out code as over', () => {
    const open = { used: false, expired: false, attempts: 4 }
    expect(otpOpen(open)).toBe(true)
    expect(otpOpen(null)).toBe(false)
    expect(otpOpen({ ...open, used: true })).toBe(false)
    expect(otpOpen({ ...open, expired: true })).toBe(false)
    expect(otpOpen({ ...open, attempts: 5 })).toBe(false)
  })
})

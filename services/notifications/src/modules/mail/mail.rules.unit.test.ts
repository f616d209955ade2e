import { describe, expect, it } from 'vitest'
import type { Principal } from '@diamond/runtime'
import {
  afterFailure,
  isOperatorStaff,
  MAX_RETRY_DELAY_MS,
  messageIdFor,
  retryDelayMs,
  retrySchedule,
  smtpSettings,
} from './mail.rules'

const staff = (over: Partial<Principal> = {}): Principal => ({
  id: '00000000-0000-4000-8000-000000000001',
  username: 'admin1',
  userType: 'admin',
  perms: {},
  noPrice: false,
  ver: 0,
  guest: false,
  trusted: true,
  company: 'Diamond Portal',
  operator: true,
  ...over,
})

describe('mail retries', () => {
  it('waits the base after the first failure, doubling after each further one, at most an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000])
    expect(retryDelayMs(8, 30_000)).toBe(MAX_RETRY_DELAY_MS)
    expect(retryDelayMs(1000, 30_000)).toBe(MAX_RETRY_DELAY_MS)
  })

  it('retries until the last attempt, then fails the mail', () => {
    expect(afterFailure(1, 3, 100)).toEqual({ status: 'pending', retryInMs: 100 })
    expect(afterFailure(2, 3, 100)).toEqual({ status: 'pending', retryInMs: 200 })
    expect(afterFailure(3, 3, 100)).toEqual({ status: 'failed' })
    expect(afterFailure(1, 1, 100)).toEqual({ status: 'failed' })
  })

  it('has the documented default schedule: ten attempts over about three hours', () => {
    const waits = retrySchedule(10, 30_000)
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000])
    expect(waits.reduce((a, b) => a + b, 0) / 60_000).toBeCloseTo(183.5)
  })
})

describe('message ids', () => {
  it('is the mail id at the sending domain, the same for every retry', () => {
    const id = '5f0c7f4e-3d7a-4f61-9d0e-2b8f4b1f9a10'
    expect(messageIdFor(id, 'Diamond Portal <no-reply@Trade.Example.com>')).toBe(`<${id}@trade.example.com>`)
    expect(messageIdFor(id, 'no-reply@example.com')).toBe(`<${id}@example.com>`)
    expect(messageIdFor(id, 'nobody')).toBe(`<${id}@localhost>`)
  })
})

describe('who sees failed mail', () => {
  it('is the operator’s admins and sales people (the token’s operator claim) on a trusted device', () => {
    expect(isOperatorStaff(staff())).toBe(true)
    expect(isOperatorStaff(staff({ userType: 'sales' }))).toBe(true)
  })

  it('is nobody else: another company’s admin, a buyer, a guest, an untrusted device, no token', () => {
    expect(isOperatorStaff(staff({ operator: undefined, company: 'Diamond Portal' }))).toBe(false)
    expect(isOperatorStaff(staff({ operator: false }))).toBe(false)
    expect(isOperatorStaff(staff({ userType: 'buyer' }))).toBe(false)
    expect(isOperatorStaff(staff({ userType: 'seller' }))).toBe(false)
    expect(isOperatorStaff(staff({ guest: true }))).toBe(false)
    expect(isOperatorStaff(staff({ trusted: false }))).toBe(false)
    expect(isOperatorStaff(null)).toBe(false)
  })
})

describe('SMTP_URL', () => {
  it('reads host, port, TLS and percent-encoded credentials', () => {
    expect(smtpSettings('smtps://user%40example.com:p%2Fss%3Aw@smtp.example.com')).toEqual({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      requireTLS: false,
      auth: { user: 'user@example.com', pass: 'p/ss:w' },
    })
    expect(smtpSettings('smtp://relay.example.com')).toEqual({
      host: 'relay.example.com',
      port: 587,
      secure: false,
      requireTLS: false,
    })
    expect(smtpSettings('smtp://127.0.0.1:1025?starttls=required')).toMatchObject({
      port: 1025,
      secure: false,
      requireTLS: true,
    })
    expect(smtpSettings('smtp://[::1]:25')).toMatchObject({ host: '::1', port: 25 })
    expect(() => smtpSettings('http://x')).toThrow(/smtp:\/\/ or smtps:\/\//)
  })
})

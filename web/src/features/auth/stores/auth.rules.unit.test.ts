import { describe, expect, it } from 'vitest'
import * as contract from '@diamond/contracts/http/auth'
import {
  cleanOtp,
  guestFieldError,
  otpComplete,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  PASSWORD_PATTERN,
  passwordError,
  repeatError,
  retryAfterSeconds,
  secondsLeft,
} from './auth.rules'

describe('constants', () => {
  it('are the contract’s', () => {
    expect(PASSWORD_PATTERN).toBe(contract.PASSWORD_PATTERN)
    expect(OTP_LENGTH).toBe(contract.OTP_LENGTH)
    expect(OTP_RESEND_SECONDS).toBe(30)
  })
})

describe('guest fields', () => {
  it('requires each field', () => {
    expect(guestFieldError('name', '  ')).toBe('shell.guest.required.name')
    expect(guestFieldError('companyName', '')).toBe('shell.guest.required.companyName')
    expect(guestFieldError('contactNumber', '')).toBe('shell.guest.required.contactNumber')
    expect(guestFieldError('email', '')).toBe('shell.guest.required.email')
  })

  it('checks the email and the contact number', () => {
    expect(guestFieldError('email', 'someone@example')).toBe('shell.guest.invalid.email')
    expect(guestFieldError('email', 'someone@example.com')).toBeNull()
    expect(guestFieldError('contactNumber', 'call me')).toBe('shell.guest.invalid.contactNumber')
    expect(guestFieldError('contactNumber', '123')).toBe('shell.guest.invalid.contactNumber')
    expect(guestFieldError('contactNumber', '+91 (22) 555-0101')).toBeNull()
  })
})

describe('new passwords', () => {
  it('need eight characters with a letter and a digit', () => {
    expect(passwordError('')).toBe('shell.password.required')
    expect(passwordError('abcdefgh')).toBe('shell.password.rule')
    expect(passwordError('12345678')).toBe('shell.password.rule')
    expect(passwordError('abc1234')).toBe('shell.password.rule')
    expect(passwordError('abcd1234')).toBeNull()
  })

  it('must be repeated exactly', () => {
    expect(repeatError('abcd1234', '')).toBe('shell.password.repeatRequired')
    expect(repeatError('abcd1234', 'abcd1235')).toBe('shell.password.mismatch')
    expect(repeatError('abcd1234', 'abcd1234')).toBeNull()
  })
})

describe('one-time codes', () => {
  it('keep six digits of what was typed or pasted', () => {
    expect(cleanOtp(' 12a 34-56 78')).toBe('123456')
    expect(otpComplete('12345')).toBe(false)
    expect(otpComplete('123456')).toBe(true)
  })

  it('count the resend wait down in whole seconds, stopping at zero', () => {
    const sent = 1_000_000
    const resendAt = sent + OTP_RESEND_SECONDS * 1000
    expect(secondsLeft(resendAt, sent)).toBe(30)
    expect(secondsLeft(resendAt, sent + 100)).toBe(30)
    expect(secondsLeft(resendAt, sent + 29_001)).toBe(1)
    expect(secondsLeft(resendAt, resendAt)).toBe(0)
    expect(secondsLeft(resendAt, resendAt + 5_000)).toBe(0)
  })
})

describe('rate limits', () => {
  it('read the wait from data.retryAfter', () => {
    expect(retryAfterSeconds({ retryAfter: 42 })).toBe(42)
    expect(retryAfterSeconds({ retryAfter: 1.2 })).toBe(2)
    expect(retryAfterSeconds({})).toBeNull()
    expect(retryAfterSeconds(null)).toBeNull()
    expect(retryAfterSeconds({ retryAfter: '10' })).toBeNull()
  })
})

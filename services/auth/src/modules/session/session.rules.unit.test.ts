import { describe, expect, it } from 'vitest'
import { signInWait } from './limits.rules'
import { mastersFor, signInRefusal } from './session.rules'

describe('sign-in limits', () => {
  const none = { address: null, pair: null, account: null }

  it('lets a sign-in through when no limit holds (or a lock has run out)', () => {
    expect(signInWait(none, false)).toBeNull()
    expect(signInWait({ address: 0, pair: -3, account: null }, false)).toBeNull()
  })

  it('waits for the longest limit that holds', () => {
    expect(signInWait({ address: 20, pair: 600, account: 100 }, false)).toBe(600)
    expect(signInWait({ ...none, account: 100 }, false)).toBe(100)
  })

  it("spares the user's trusted browser the account-wide lock only", () => {
    expect(signInWait({ ...none, account: 100 }, true)).toBeNull()
    expect(signInWait({ address: 30, pair: null, account: 100 }, true)).toBe(30)
    expect(signInWait({ address: null, pair: 700, account: 100 }, true)).toBe(700)
  })
})

describe('account states at sign-in', () => {
  const fine = { emailVerified: true, approvalStatus: 2, active: true }

  it('tells an unverified email first, then approval, then activity', () => {
    expect(signInRefusal(fine)).toBeNull()
    expect(signInRefusal({ emailVerified: false, approvalStatus: 1, active: false })?.code).toBe('EMAIL_NOT_VERIFIED')
    expect(signInRefusal({ ...fine, approvalStatus: 3, active: false })).toEqual({
      code: 'E_ACCOUNT_NOT_APPROVED',
      data: { approvalStatus: 3 },
    })
    for (const s of [1, 4]) expect(signInRefusal({ ...fine, approvalStatus: s })?.code).toBe('E_ACCOUNT_NOT_APPROVED')
    expect(signInRefusal({ ...fine, active: false })?.code).toBe('E_ACCOUNT_INACTIVE')
  })
})

describe('master lists at sign-in', () => {
  it('answers the lists asked for, skipping unknown names', () => {
    expect(Object.keys(mastersFor(['COLOR', 'NOPE', 'toString', '__proto__']))).toEqual(['COLOR'])
  })

  it('answers every list when none (or none known) is asked for', () => {
    const all = Object.keys(mastersFor(undefined))
    expect(all).toContain('SHAPE')
    expect(Object.keys(mastersFor(['NOPE']))).toEqual(all)
  })
})

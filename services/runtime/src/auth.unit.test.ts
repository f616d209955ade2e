import { createSigner } from 'fast-jwt'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authenticate, createTokenService, TOKEN_ISSUER, type Principal } from './auth'

const SECRET = 'a-test-secret-of-enough-length-0123456789'
const who: Principal = {
  id: '11111111-1111-4111-8111-111111111111',
  username: 'buyer1',
  userType: 'buyer',
  perms: {},
  noPrice: false,
  ver: 3,
  guest: false,
  trusted: true,
  company: 'Acme',
}

describe('token service', () => {
  afterEach(() => vi.useRealTimers())

  it('answers the same principal for a token seen before, and refuses it once it expired', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') })
    const tokens = createTokenService(SECRET, 60)
    const t = tokens.sign(who)
    expect(tokens.verify(t)).toEqual(who)
    expect(tokens.verify(t)).toEqual(who)
    vi.setSystemTime(new Date('2026-11-25T12:00:59Z'))
    expect(tokens.verify(t).id).toBe(who.id)
    vi.setSystemTime(new Date('2026-11-25T12:01:01Z'))
    expect(() => tokens.verify(t)).toThrow()
    expect(() => tokens.verify(t)).toThrow()
  })

  it('carries the operator claim of staff, and none for anyone else', () => {
    const tokens = createTokenService(SECRET, 60)
    const staff: Principal = { ...who, userType: 'sales', company: 'Diamond Portal', operator: true }
    expect(tokens.verify(tokens.sign(staff))).toEqual(staff)
    expect(tokens.verify(tokens.sign(who)).operator).toBeUndefined()
  })

  it("carries the company id, which other services own data by (a seller's stones)", () => {
    const tokens = createTokenService(SECRET, 60)
    const seller: Principal = { ...who, userType: 'seller', companyId: '5e11e500-0000-4000-8000-000000000001' }
    expect(tokens.verify(tokens.sign(seller))).toEqual(seller)
    expect(tokens.verify(tokens.sign(who)).companyId).toBeUndefined()
  })

  it('refuses a token that differs from a verified one by one character of its signature', () => {
    const tokens = createTokenService(SECRET, 60)
    const t = tokens.sign(who)
    tokens.verify(t)
    const last = t.at(-2) === 'A' ? 'B' : 'A'
    const forged = `${t.slice(0, -2)}${last}${t.at(-1)}`
    expect(() => tokens.verify(forged)).toThrow()
    expect(() => authenticate(tokens, `JWT ${forged}`)).toThrow(expect.objectContaining({ code: 'E_UNAUTHORIZED' }))
  })

  it("refuses a verified token once its user's floor rises above it", () => {
    const tokens = createTokenService(SECRET, 60)
    const t = tokens.sign(who)
    expect(tokens.verify(t).ver).toBe(3)
    tokens.revoke(who.id, 4)
    expect(() => tokens.verify(t)).toThrow('token revoked')
  })

  it('refuses the tokens of an ended session only; another session of the same user lives on', () => {
    const tokens = createTokenService(SECRET, 60)
    const a = tokens.sign({ ...who, sid: '22222222-2222-4222-8222-222222222222' })
    const b = tokens.sign({ ...who, sid: '33333333-3333-4333-8333-333333333333' })
    expect(tokens.verify(a).sid).toBe('22222222-2222-4222-8222-222222222222')
    tokens.endSession('22222222-2222-4222-8222-222222222222')
    expect(() => tokens.verify(a)).toThrow()
    expect(tokens.verify(b).sid).toBe('33333333-3333-4333-8333-333333333333')
    expect(tokens.isEnded('22222222-2222-4222-8222-222222222222')).toBe(true)
  })

  it('forgets an ended session once its tokens have expired anyway', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') })
    const tokens = createTokenService(SECRET, 60)
    tokens.endSession('22222222-2222-4222-8222-222222222222')
    expect(tokens.isEnded('22222222-2222-4222-8222-222222222222')).toBe(true)
    vi.setSystemTime(new Date('2026-11-25T12:01:01Z'))
    expect(tokens.isEnded('22222222-2222-4222-8222-222222222222')).toBe(false)
  })

  it('refuses another secret, another issuer, another algorithm and a token without expiry', () => {
    const tokens = createTokenService(SECRET, 60)
    const claims = { sub: who.id, usr: 'x', typ: 'buyer', prm: {}, np: false, ver: 0, trs: true }
    expect(() => tokens.verify(createTokenService('another-secret-of-enough-length-987654', 60).sign(who))).toThrow()
    expect(() =>
      tokens.verify(createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 60_000, iss: 'someone-else' })(claims)),
    ).toThrow()
    expect(() =>
      tokens.verify(createSigner({ key: SECRET, algorithm: 'HS512', expiresIn: 60_000, iss: TOKEN_ISSUER })(claims)),
    ).toThrow()
    expect(() => tokens.verify(createSigner({ key: SECRET, algorithm: 'HS256', iss: TOKEN_ISSUER })(claims))).toThrow()
  })

  it('keeps verifying correctly past the size of its memory of tokens', () => {
    const tokens = createTokenService(SECRET, 60)
    const many = Array.from({ length: 10_050 }, (_, i) =>
      tokens.sign({ ...who, id: `11111111-1111-4111-8111-${String(i).padStart(12, '0')}` }),
    )
    for (const t of many) tokens.verify(t)
    expect(tokens.verify(many[0]!).id).toBe('11111111-1111-4111-8111-000000000000')
    expect(tokens.verify(many.at(-1)!).id).toBe('11111111-1111-4111-8111-000000010049')
  })
})

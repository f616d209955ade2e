import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deviceCookieOf, startTestPortal, type TestPortal } from '../../../test/portal'
import { headersOf, makeUser, newAddress, signIn, signInWithCode, type TestUser } from './accounts'

describe('device trust', () => {
  let portal: TestPortal

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5 })
  })
  afterAll(() => portal?.close())

  /** A new browser's sign-in: the untrusted token and the mailed code. */
  async function untrusted(user: TestUser) {
    const r = await signIn(portal, user.username, user.password, { address: newAddress() })
    return { r, token: r.body.data.token.jwt as string, code: await portal.latestCode(user.email) }
  }
  const verify = (token: string, otp: string, trust: 'always' | 'once' = 'once') =>
    portal.callRaw('verifyfingerprint', { otp, trust }, { token })
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  it('answers a new browser an untrusted token and mails it a code', async () => {
    const u = await makeUser(portal)
    const { r, code } = await untrusted(u)
    expect(r.body.code).toBe('OK')
    expect(r.body.data.isTrusted).toBe(false)
    expect(r.body.data.otp).toEqual({
      sentTo: `${u.username[0]}***${u.username.at(-1)}@example.test`,
      resendInSeconds: 30,
    })
    expect(r.body.data.user.username).toBe(u.username)
    expect(code).toMatch(/^\d{6}$/)
    const mail = await portal.readMail(u.email)
    expect(mail).toMatchObject({ template: 'device-otp', to: u.email })
    // Only the code's hash is stored.
    const rows = await portal.sql`select code_hash from auth.device_otps where user_id = ${u.id}`
    expect(rows).toHaveLength(1)
    expect(rows[0]!.code_hash).not.toContain(code)
  })

  it('refuses the untrusted token everywhere but the code calls and logout', async () => {
    const u = await makeUser(portal)
    const { token } = await untrusted(u)
    expect(await portal.call('diamond/paginate', { limit: 1 }, token)).toMatchObject({
      status: 403,
      body: { code: 'E_DEVICE_UNTRUSTED' },
    })
    const change = await portal.call(
      'auth/reset-password-by-user',
      { currentPassword: u.password, newPassword: 'Another-pass2', confirmPassword: 'Another-pass2' },
      token,
    )
    expect(change.body.code).toBe('E_DEVICE_UNTRUSTED')
  })

  it('refuses a wrong code and counts the attempt', async () => {
    const u = await makeUser(portal)
    const { token, code } = await untrusted(u)
    const r = await verify(token, wrongCode(code))
    expect(r).toMatchObject({ status: 400, body: { code: 'E_OTP_INVALID' } })
    const [row] = await portal.sql`select attempts, used_at from auth.device_otps where user_id = ${u.id}`
    expect(row).toEqual({ attempts: 1, used_at: null })
    expect((await verify(token, code)).body.code).toBe('OK')
  })

  it('ends the code after five wrong attempts, even for the right code', async () => {
    const u = await makeUser(portal)
    const { token, code } = await untrusted(u)
    for (let i = 0; i < 5; i++) expect((await verify(token, wrongCode(code))).body.code).toBe('E_OTP_INVALID')
    expect((await verify(token, code)).body).toMatchObject({ code: 'E_OTP_EXPIRED' })
  })

  it('refuses an expired code', async () => {
    const u = await makeUser(portal)
    const { token, code } = await untrusted(u)
    await portal.sql`update auth.device_otps set expires_at = now() - interval '1 second' where user_id = ${u.id}`
    expect(await verify(token, code)).toMatchObject({ status: 400, body: { code: 'E_OTP_EXPIRED' } })
  })

  it('uses a code once', async () => {
    const u = await makeUser(portal)
    const { token, code } = await untrusted(u)
    expect((await verify(token, code)).body.code).toBe('OK')
    expect((await verify(token, code)).body.code).toBe('E_OTP_EXPIRED')
  })

  it('keeps the code to the sign-in it was sent for (token version)', async () => {
    const u = await makeUser(portal)
    const { code } = await untrusted(u)
    await portal.sql`update auth.device_otps set token_version = token_version + 1 where user_id = ${u.id}`
    const [{ token_version }] = await portal.sql<
      [{ token_version: number }]
    >`select token_version from auth.users where id = ${u.id}`
    const other = portal.tokens.sign({
      id: u.id,
      username: u.username,
      userType: 'buyer',
      perms: {},
      noPrice: false,
      ver: token_version,
      guest: false,
      trusted: false,
    })
    expect((await verify(other, code)).body.code).toBe('E_OTP_EXPIRED')
  })

  it('validates the code format and the trust choice', async () => {
    const u = await makeUser(portal)
    const { token } = await untrusted(u)
    expect((await portal.call('verifyfingerprint', { otp: '12345', trust: 'once' }, token)).body).toMatchObject({
      code: 'E_VALIDATION',
      data: { fields: [{ field: 'otp' }] },
    })
    expect((await portal.call('verifyfingerprint', { otp: '123456', trust: 'forever' }, token)).body.code).toBe(
      'E_VALIDATION',
    )
    expect((await portal.call('verifyfingerprint', { otp: '123456', trust: 'once' })).body.code).toBe('E_UNAUTHORIZED')
  })

  it("trusts the browser 'always': a cookie, and the next sign-in is trusted at once", async () => {
    const u = await makeUser(portal)
    const address = newAddress()
    const { verified, cookie } = await signInWithCode(portal, u, 'always', { address })
    expect(verified.body.code).toBe('OK')
    expect(verified.body.data.isTrusted).toBe(true)
    expect(verified.headers.get('access-token')).toBe(`JWT ${verified.body.data.token.jwt}`)
    const setCookie = verified.headers.getSetCookie().find((c) => c.startsWith('dp_device='))!
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Strict/i)
    expect(setCookie).toMatch(/Path=\/web\/v1/)
    expect(setCookie).toMatch(/Max-Age=15552000/)
    expect(setCookie).not.toMatch(/Secure/i) // test mode; production adds it
    expect((await portal.call('diamond/paginate', { limit: 1 }, verified.body.data.token.jwt)).body.code).toBe('OK')
    const [device] = await portal.sql`select key_hash from auth.trusted_devices where user_id = ${u.id}`
    expect(cookie).not.toContain(device!.key_hash)

    const codes = async () =>
      (await portal.sql`select count(*)::int as n from auth.device_otps where user_id = ${u.id}`)[0]!.n
    const sent = await codes()
    const again = await signIn(portal, u.username, u.password, { address, cookie })
    expect(again.body.data.isTrusted).toBe(true)
    expect(again.body.data.otp).toBeUndefined()
    expect((await portal.call('diamond/paginate', { limit: 1 }, again.body.data.token.jwt)).body.code).toBe('OK')
    expect(await codes()).toBe(sent)
  })

  it("trusts the browser 'once': a trusted token, no cookie, and the next sign-in asks again", async () => {
    const u = await makeUser(portal)
    const { verified } = await signInWithCode(portal, u, 'once')
    expect(verified.body.data.isTrusted).toBe(true)
    expect(deviceCookieOf(verified.headers)).toBeNull()
    expect((await portal.call('diamond/paginate', { limit: 1 }, verified.body.data.token.jwt)).body.code).toBe('OK')
    expect(await portal.sql`select 1 from auth.trusted_devices where user_id = ${u.id}`).toHaveLength(0)
    expect((await signIn(portal, u.username, u.password, { address: newAddress() })).body.data.isTrusted).toBe(false)
  })

  it('does not trust a browser for a user who did not trust it, nor a made-up key', async () => {
    const [a, b] = [await makeUser(portal), await makeUser(portal)]
    const { cookie } = await signInWithCode(portal, a, 'always')
    expect((await signIn(portal, b.username, b.password, { cookie })).body.data.isTrusted).toBe(false)
    const forged = `dp_device=${'A'.repeat(43)}`
    expect((await signIn(portal, a.username, a.password, { cookie: forged })).body.data.isTrusted).toBe(false)
    // One office browser can be trusted by both: the cookie keeps a key per user.
    const both = await signInWithCode(portal, b, 'always', { cookie })
    expect((await signIn(portal, a.username, a.password, { cookie: both.cookie })).body.data.isTrusted).toBe(true)
    expect((await signIn(portal, b.username, b.password, { cookie: both.cookie })).body.data.isTrusted).toBe(true)
  })

  it('answers a trusted token that calls verifyfingerprint E_BAD_REQUEST', async () => {
    const token = await portal.login('buyer2')
    expect(await portal.call('verifyfingerprint', { otp: '123456', trust: 'always' }, token)).toMatchObject({
      status: 400,
      body: { code: 'E_BAD_REQUEST' },
    })
    expect((await portal.call('resend-fp-otp', {}, token)).body.code).toBe('E_BAD_REQUEST')
  })

  describe('resend', () => {
    it('refuses a resend within 30 seconds, saying when to come back', async () => {
      const u = await makeUser(portal)
      const { token } = await untrusted(u)
      const r = await portal.callRaw('resend-fp-otp', {}, { token })
      expect(r.status).toBe(429)
      expect(r.body.code).toBe('E_RATE_LIMITED')
      expect(r.body.data.retryAfter).toBeGreaterThan(0)
      expect(r.body.data.retryAfter).toBeLessThanOrEqual(30)
      expect(r.headers.get('retry-after')).toBe(String(r.body.data.retryAfter))
    })

    it('sends a new code after the pause; the old one stops working', async () => {
      const u = await makeUser(portal)
      const { token, code: first } = await untrusted(u)
      await portal.sql`update auth.device_otps set sent_at = sent_at - interval '31 seconds' where user_id = ${u.id}`
      const r = await portal.call('resend-fp-otp', {}, token)
      expect(r.body).toMatchObject({
        code: 'OK',
        data: { resendInSeconds: 30, sentTo: expect.stringContaining('***') },
      })
      const second = await portal.latestCode(u.email)
      if (second !== first) expect((await verify(token, first)).body.code).toBe('E_OTP_INVALID')
      expect((await verify(token, second)).body.code).toBe('OK')
    })

    it('sends at most five codes in fifteen minutes', async () => {
      const u = await makeUser(portal)
      const { token } = await untrusted(u)
      for (let i = 0; i < 4; i++) {
        await portal.sql`update auth.device_otps set sent_at = sent_at - interval '31 seconds' where user_id = ${u.id}`
        expect((await portal.call('resend-fp-otp', {}, token)).body.code).toBe('OK')
      }
      await portal.sql`update auth.device_otps set sent_at = sent_at - interval '31 seconds' where user_id = ${u.id}`
      const capped = await portal.call('resend-fp-otp', {}, token)
      expect(capped.body.code).toBe('E_RATE_LIMITED')
      expect(capped.body.data.retryAfter).toBeGreaterThan(30)
    })

    it('needs a token', async () => {
      expect((await portal.call('resend-fp-otp', {})).body.code).toBe('E_UNAUTHORIZED')
    })
  })

  it('lets an untrusted browser log out', async () => {
    const u = await makeUser(portal)
    const { token, code } = await untrusted(u)
    expect((await portal.callRaw('auth/logout', {}, { token, headers: headersOf() })).body.code).toBe('OK')
    expect((await verify(token, code)).body.code).toBe('E_UNAUTHORIZED')
  })
})

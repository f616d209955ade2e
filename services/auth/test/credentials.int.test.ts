import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, startTestPortal, waitFor, type TestPortal } from '../../../test/portal'
import { makeUser, newAddress, signIn, signInWithCode, type TestUser } from './accounts'

describe('passwords and email verification', () => {
  let portal: TestPortal

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5 })
  })
  afterAll(() => portal?.close())

  const from = () => ({ headers: { 'x-forwarded-for': newAddress() } })
  const resetTokenIn = (text: string) => /\/reset-password\/([A-Za-z0-9_-]{20,})/.exec(text)![1]!
  const verifyTokenIn = (text: string) =>
    decodeURIComponent(/\/verify-email\?token=([A-Za-z0-9_%-]{20,})/.exec(text)![1]!)

  /** Asks for a reset link and answers the token in the mail. */
  async function resetToken(u: TestUser): Promise<string> {
    const seen = await portal.mailIds(u.email)
    expect((await portal.callRaw('auth/forgot-password', { username: u.username }, from())).body.code).toBe('OK')
    return resetTokenIn((await portal.nextMail(u.email, seen, 'reset-password')).text)
  }
  const canSignIn = async (u: TestUser, password: string) =>
    (await signIn(portal, u.username, password, { address: newAddress() })).body.code === 'OK'

  describe('forgotten password', () => {
    it('answers the same for an unknown account, and mails a link only to a real one', async () => {
      const u = await makeUser(portal)
      const seen = await portal.mailIds(u.email)
      const known = await portal.callRaw('auth/forgot-password', { username: u.email.toUpperCase() }, from())
      const unknown = await portal.callRaw('auth/forgot-password', { username: 'nobody@nowhere.example' }, from())
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body })
      expect(known.body).toMatchObject({ code: 'OK', data: null })
      const mail = await portal.nextMail(u.email, seen, 'reset-password')
      expect(mail.text).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}/)
      expect(await portal.mails('nobody@nowhere.example')).toEqual([])
      // Only the hash of the link's token is kept.
      const token = resetTokenIn(mail.text)
      expect(await portal.sql`select 1 from auth.mail_tokens where token_hash = ${token}`).toHaveLength(0)
    })

    it('sets a new password once per link and ends every session', async () => {
      const u = await makeUser(portal)
      const before = (await signInWithCode(portal, u, 'once')).verified.body.data.token.jwt
      const token = await resetToken(u)
      const seen = await portal.mailIds(u.email)
      const r = await portal.call('auth/reset-password', {
        token,
        password: 'Brand-new-pass3',
        confirmPassword: 'Brand-new-pass3',
      })
      expect(r.body.code).toBe('OK')
      expect(await canSignIn(u, 'Brand-new-pass3')).toBe(true)
      expect(await canSignIn(u, u.password)).toBe(false)
      expect((await portal.call('auth/logout', {}, before)).body.code).toBe('E_UNAUTHORIZED')
      expect((await portal.nextMail(u.email, seen, 'password-changed')).to).toBe(u.email)

      const again = await portal.call('auth/reset-password', {
        token,
        password: 'Third-pass44',
        confirmPassword: 'Third-pass44',
      })
      expect(again).toMatchObject({ status: 400, body: { code: 'E_LINK_INVALID' } })
      expect(await canSignIn(u, 'Brand-new-pass3')).toBe(true)
    })

    it('refuses a mismatched repeat and changes nothing', async () => {
      const u = await makeUser(portal)
      const token = await resetToken(u)
      const r = await portal.call('auth/reset-password', {
        token,
        password: 'Brand-new-pass3',
        confirmPassword: 'Brand-new-pass4',
      })
      expect(r).toMatchObject({
        status: 400,
        body: { code: 'E_VALIDATION', data: { fields: [{ field: 'confirmPassword' }] } },
      })
      expect(await canSignIn(u, u.password)).toBe(true)
      // The link was not used up by the refused try.
      expect(
        (
          await portal.call('auth/reset-password', {
            token,
            password: 'Brand-new-pass3',
            confirmPassword: 'Brand-new-pass3',
          })
        ).body.code,
      ).toBe('OK')
    })

    it('refuses a weak password, an unknown, an expired and a replaced link', async () => {
      const u = await makeUser(portal)
      const first = await resetToken(u)
      const weak = await portal.call('auth/reset-password', {
        token: first,
        password: 'short',
        confirmPassword: 'short',
      })
      expect(weak.body.code).toBe('E_VALIDATION')
      expect(weak.body.data.fields).toContainEqual(expect.objectContaining({ field: 'password' }))
      const second = await resetToken(u)
      const ok = { password: 'Brand-new-pass3', confirmPassword: 'Brand-new-pass3' }
      expect((await portal.call('auth/reset-password', { token: first, ...ok })).body.code).toBe('E_LINK_INVALID')
      expect((await portal.call('auth/reset-password', { token: 'x'.repeat(43), ...ok })).body.code).toBe(
        'E_LINK_INVALID',
      )
      await portal.sql`update auth.mail_tokens set expires_at = now() - interval '1 second' where user_id = ${u.id}`
      expect((await portal.call('auth/reset-password', { token: second, ...ok })).body.code).toBe('E_LINK_INVALID')
      expect(await canSignIn(u, u.password)).toBe(true)
    })

    it('limits forgotten-password requests per address', async () => {
      const headers = { 'x-forwarded-for': newAddress() }
      for (let i = 0; i < 5; i++)
        expect((await portal.callRaw('auth/forgot-password', { username: `nobody${i}` }, { headers })).body.code).toBe(
          'OK',
        )
      const r = await portal.callRaw('auth/forgot-password', { username: 'nobody' }, { headers })
      expect(r.body.code).toBe('E_RATE_LIMITED')
      expect(r.headers.get('retry-after')).toBe(String(r.body.data.retryAfter))
    })
  })

  describe('changing the password while signed in', () => {
    let u: TestUser
    let token: string

    beforeAll(async () => {
      u = await makeUser(portal)
      token = (await signInWithCode(portal, u, 'once')).verified.body.data.token.jwt
    })
    const change = (body: Record<string, string>, t = token) => portal.call('auth/reset-password-by-user', body, t)

    it('refuses a wrong current password', async () => {
      const r = await change({
        currentPassword: 'Not-mine-1',
        newPassword: 'Changed-pass5',
        confirmPassword: 'Changed-pass5',
      })
      expect(r).toMatchObject({ status: 400, body: { code: 'E_WRONG_PASSWORD' } })
      expect(await canSignIn(u, u.password)).toBe(true)
    })

    it('refuses a repeat that does not match, and a new password equal to the current one', async () => {
      const mismatch = await change({
        currentPassword: u.password,
        newPassword: 'Changed-pass5',
        confirmPassword: 'Changed-pass6',
      })
      expect(mismatch).toMatchObject({
        status: 400,
        body: { code: 'E_VALIDATION', data: { fields: [{ field: 'confirmPassword' }] } },
      })
      const same = await change({ currentPassword: u.password, newPassword: u.password, confirmPassword: u.password })
      expect(same).toMatchObject({
        status: 400,
        body: { code: 'E_VALIDATION', data: { fields: [{ field: 'newPassword' }] } },
      })
      const weak = await change({
        currentPassword: u.password,
        newPassword: 'letters-only',
        confirmPassword: 'letters-only',
      })
      expect(weak.body).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'newPassword' }] } })
      expect(await canSignIn(u, u.password)).toBe(true)
    })

    it('changes it: old tokens die on auth and on stock, the fresh token works', async () => {
      const second = await signInWithCode(portal, u, 'once')
      expect(second.verified.body).toMatchObject({ code: 'OK' })
      const other = second.verified.body.data.token.jwt
      const r = await change({
        currentPassword: u.password,
        newPassword: 'Changed-pass5',
        confirmPassword: 'Changed-pass5',
      })
      expect(r.body.code).toBe('OK')
      const fresh = r.body.data.token.jwt as string
      expect(fresh).not.toBe(token)
      expect(
        (
          await change({
            currentPassword: 'Changed-pass5',
            newPassword: 'Changed-pass6',
            confirmPassword: 'Changed-pass6',
          })
        ).body.code,
      ).toBe('E_UNAUTHORIZED')
      for (const old of [token, other]) {
        await waitFor(
          async () => (await portal.call('diamond/paginate', { limit: 1 }, old)).body.code === 'E_UNAUTHORIZED',
          15_000,
          'old token refused by stock',
        )
      }
      expect((await portal.call('diamond/paginate', { limit: 1 }, fresh)).body.code).toBe('OK')
      expect(await canSignIn(u, 'Changed-pass5')).toBe(true)
      expect(await canSignIn(u, u.password)).toBe(false)
      const [floor] = await portal.sql`select min_version from stock.token_floors where user_id = ${u.id}`
      const [user] = await portal.sql`select token_version from auth.users where id = ${u.id}`
      expect(floor!.min_version).toBe(user!.token_version)
    })

    it('counts wrong current passwords like failed sign-ins', async () => {
      const v = await makeUser(portal)
      const t = (await signInWithCode(portal, v, 'once')).verified.body.data.token.jwt
      const codes = []
      for (let i = 0; i < 11; i++)
        codes.push(
          (
            await change(
              { currentPassword: `Guess-${i}-x`, newPassword: 'Changed-pass5', confirmPassword: 'Changed-pass5' },
              t,
            )
          ).body.code,
        )
      expect(codes.filter((c) => c === 'E_WRONG_PASSWORD').length).toBeLessThanOrEqual(10)
      expect(codes.at(-1)).toBe('E_RATE_LIMITED')
    })
  })

  describe('email verification', () => {
    const resend = (username: string) => portal.callRaw('admin/v1/user/resendVerificationEmail', { username }, from())

    it('verifies an email with the mailed link, once', async () => {
      expect((await signIn(portal, 'unverified1', DEMO_PASSWORD, { address: newAddress() })).body.code).toBe(
        'EMAIL_NOT_VERIFIED',
      )
      const email = 'unverified1@demo.diamond-portal.test'
      const seen = await portal.mailIds(email)
      expect((await resend('unverified1')).body.code).toBe('OK')
      const mail = await portal.nextMail(email, seen, 'verify-email')
      const token = verifyTokenIn(mail.text)
      expect(await portal.call('auth/verify-email', { token })).toMatchObject({ status: 200, body: { code: 'OK' } })
      const login = await signIn(portal, 'unverified1', DEMO_PASSWORD, { address: newAddress() })
      expect(login.body.code).toBe('OK')
      expect((await portal.call('auth/verify-email', { token })).body.code).toBe('E_LINK_INVALID')
    })

    it('refuses an unknown or expired link', async () => {
      expect(await portal.call('auth/verify-email', { token: 'y'.repeat(43) })).toMatchObject({
        status: 400,
        body: { code: 'E_LINK_INVALID' },
      })
      const u = await makeUser(portal, { email_verified: false })
      const seen = await portal.mailIds(u.email)
      await resend(u.username)
      const token = verifyTokenIn((await portal.nextMail(u.email, seen, 'verify-email')).text)
      await portal.sql`update auth.mail_tokens set expires_at = now() - interval '1 second' where user_id = ${u.id}`
      expect((await portal.call('auth/verify-email', { token })).body.code).toBe('E_LINK_INVALID')
      const [row] = await portal.sql`select email_verified from auth.users where id = ${u.id}`
      expect(row!.email_verified).toBe(false)
      // A reset link is no verification link.
      const reset = await resetToken(u)
      expect((await portal.call('auth/verify-email', { token: reset })).body.code).toBe('E_LINK_INVALID')
    })

    it('answers a resend the same for unknown, verified and unverified accounts', async () => {
      const unverified = await makeUser(portal, { email_verified: false })
      const verified = await makeUser(portal)
      const seen = await portal.mailIds(verified.email)
      const answers = await Promise.all([
        resend(unverified.username),
        resend(verified.username),
        resend('no-one-by-that-name'),
      ])
      for (const a of answers)
        expect({ status: a.status, body: a.body }).toEqual({ status: answers[0]!.status, body: answers[0]!.body })
      expect(answers[0]!.body.code).toBe('OK')
      await portal.nextMail(unverified.email, new Set(), 'verify-email')
      expect(await portal.mailIds(verified.email)).toEqual(seen)
      // The mail goes out through the outbox: a verified account got no event at all.
      const events = await portal.sql`select 1 from auth.outbox where key = ${verified.email}`
      expect(events).toHaveLength(0)
    })

    it('limits resends per address', async () => {
      const headers = { 'x-forwarded-for': newAddress() }
      for (let i = 0; i < 5; i++)
        await portal.callRaw('admin/v1/user/resendVerificationEmail', { username: 'x' }, { headers })
      expect(
        (await portal.callRaw('admin/v1/user/resendVerificationEmail', { username: 'x' }, { headers })).body.code,
      ).toBe('E_RATE_LIMITED')
    })
  })
})

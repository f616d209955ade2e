import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCodes } from '@diamond/contracts/errors'
import { DEMO_PASSWORD, startTestPortal, type TestPortal } from '../../../test/portal'
import { makeUser, newAddress, signIn, signInWithCode, type TestUser } from './accounts'

describe('sign-in', () => {
  let portal: TestPortal

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5 })
  })
  afterAll(() => portal?.close())

  const answer = (r: { status: number; body: { code: string; message: string; data: unknown } }) => ({
    status: r.status,
    body: r.body,
  })

  describe('credentials and account states', () => {
    it('answers a wrong password and an unknown user alike', async () => {
      const wrong = await signIn(portal, 'buyer2', 'Wrong-pass1', { address: newAddress() })
      const unknown = await signIn(portal, 'nobody-at-all', 'Wrong-pass1', { address: newAddress() })
      const unknownEmail = await signIn(portal, 'nobody@example.test', 'Wrong-pass1', { address: newAddress() })
      expect(answer(wrong)).toEqual({
        status: 401,
        body: { code: 'E_INVALID_CREDENTIALS', message: ErrorCodes.E_INVALID_CREDENTIALS.message, data: null },
      })
      expect(answer(unknown)).toEqual(answer(wrong))
      expect(answer(unknownEmail)).toEqual(answer(wrong))
      expect(wrong.headers.get('access-token')).toBeNull()
    })

    it('tells an unverified email with the spec text, only to someone who knows the password', async () => {
      const r = await signIn(portal, 'unverified1', DEMO_PASSWORD, { address: newAddress() })
      expect(answer(r)).toEqual({
        status: 403,
        body: {
          code: 'EMAIL_NOT_VERIFIED',
          message:
            "Your registered email hasn't verified yet. Please contact Admin or check your mail for verification link.",
          data: null,
        },
      })
      const guess = await signIn(portal, 'unverified1', 'Wrong-pass1', { address: newAddress() })
      expect(guess.body.code).toBe('E_INVALID_CREDENTIALS')
    })

    it('refuses an account waiting for approval, rejected or expired', async () => {
      const pending = await signIn(portal, 'pending1', DEMO_PASSWORD, { address: newAddress() })
      expect(answer(pending)).toMatchObject({
        status: 403,
        body: { code: 'E_ACCOUNT_NOT_APPROVED', data: { approvalStatus: 1 } },
      })
      for (const approval_status of [3, 4]) {
        const u = await makeUser(portal, { approval_status })
        const r = await signIn(portal, u.username, u.password, { address: newAddress() })
        expect(answer(r)).toMatchObject({
          status: 403,
          body: { code: 'E_ACCOUNT_NOT_APPROVED', data: { approvalStatus: approval_status } },
        })
      }
    })

    it('checks email verification before approval, and approval before activity', async () => {
      const both = await makeUser(portal, { email_verified: false, approval_status: 1 })
      expect((await signIn(portal, both.username, both.password, { address: newAddress() })).body.code).toBe(
        'EMAIL_NOT_VERIFIED',
      )
      const inactive = await makeUser(portal, { active: false })
      const r = await signIn(portal, inactive.username, inactive.password, { address: newAddress() })
      expect(answer(r)).toMatchObject({ status: 403, body: { code: 'E_ACCOUNT_INACTIVE' } })
      const pendingInactive = await makeUser(portal, { active: false, approval_status: 1 })
      expect(
        (await signIn(portal, pendingInactive.username, pendingInactive.password, { address: newAddress() })).body.code,
      ).toBe('E_ACCOUNT_NOT_APPROVED')
    })

    it('accepts the email or the username in any letter case', async () => {
      const byEmail = await signIn(portal, 'BUYER2@demo.diamond-portal.test', DEMO_PASSWORD, { address: newAddress() })
      expect(byEmail.body.code).toBe('OK')
      expect(byEmail.body.data.user.username).toBe('buyer2')
      const byName = await signIn(portal, '  Buyer2 ', DEMO_PASSWORD, { address: newAddress() })
      expect(byName.body.data.user.username).toBe('buyer2')
    })

    it('refuses a login without the required fields', async () => {
      const r = await portal.call('auth/login', { username: 'buyer1' })
      expect(r).toMatchObject({
        status: 400,
        body: { code: 'E_VALIDATION', data: { fields: [{ field: 'password' }] } },
      })
      const extra = await portal.call('auth/login', { username: 'buyer1', password: 'x', isAdmin: true })
      expect(extra.body.code).toBe('E_VALIDATION')
    })
  })

  describe('the session it answers', () => {
    it('fills the stored user, rights, masters and the access-token header', async () => {
      const trusted = await portal.login('buyer1')
      const again = await portal.callRaw(
        'auth/login',
        {
          username: 'buyer1',
          password: DEMO_PASSWORD,
          captcha: '0000',
          masters: ['SHAPE', 'COLOR', 'NOPE', 'toString'],
        },
        {
          headers: { cookie: portal.deviceCookies.get('buyer1')! },
        },
      )
      expect(trusted).toBeTruthy()
      expect(again.body.code).toBe('OK')
      const d = again.body.data
      expect(again.headers.get('access-token')).toBe(`JWT ${d.token.jwt}`)
      expect(d.isTrusted).toBe(true)
      expect(d.otp).toBeUndefined()
      expect(d.user).toEqual({
        id: expect.any(String),
        username: 'buyer1',
        firstName: 'Asha',
        lastName: 'Mehta',
        companyName: 'Mehta Jewels',
        userType: 'buyer',
        email: 'buyer1@demo.diamond-portal.test',
        stkNotiDt: 2,
        stkNoti: 1,
        isStkNoti: true,
        account: { companyName: 'Mehta Jewels' },
        setting: { Is_PlaceOrder: true, Is_NoPrice: false },
        accountTerm: null,
        isOperator: false,
      })
      expect(Object.keys(d.masters).sort()).toEqual(['COLOR', 'SHAPE'])
      expect(d.columns).toContain('vStnId')
      expect(d.keywords).toEqual([])
      expect(d.userPermissions.hold).toEqual({ view: true, insert: true, all: false })
      expect((await portal.call('diamond/paginate', { limit: 2 }, d.token.jwt)).body.code).toBe('OK')
    })

    it('names the company from the companies table', async () => {
      const [c] =
        await portal.sql`select c.name, c.code from auth.companies c join auth.users u on u.company_id = c.id where u.username = 'admin1'`
      expect(c).toEqual({ name: 'Diamond Portal', code: 'DIAMOND-PORTAL' })
      await portal.sql`update auth.companies set name = 'Diamond Portal Ltd' where code = 'DIAMOND-PORTAL'`
      const u = await makeUser(portal)
      await portal.sql`update auth.users set company_id = (select id from auth.companies where code = 'DIAMOND-PORTAL'), company_name = '' where id = ${u.id}`
      const r = await signIn(portal, u.username, u.password, { address: newAddress() })
      expect(r.body.data.user.account).toEqual({ companyName: 'Diamond Portal Ltd' })
      expect(r.body.data.user.companyName).toBe('Diamond Portal Ltd')
    })

    it('gives a no-price user no pricing view and no order insert', async () => {
      const r = await signIn(portal, 'noprice1', DEMO_PASSWORD, { address: newAddress() })
      expect(r.body.code).toBe('OK')
      expect(r.body.data.user.setting).toEqual({ Is_PlaceOrder: false, Is_NoPrice: true })
      expect(r.body.data.userPermissions.pricing).toMatchObject({ view: false, all: false })
      expect(r.body.data.userPermissions.order.insert).toBe(false)
    })

    it('uses the rights a company admin stored for the user', async () => {
      const u = await makeUser(portal)
      await portal.sql`update auth.users set permissions = ${portal.sql.json({ searchList: 'v', hold: 'v' })} where id = ${u.id}`
      const r = await signIn(portal, u.username, u.password, { address: newAddress() })
      expect(r.body.data.userPermissions.hold).toEqual({ view: true, insert: false, all: false })
      expect(r.body.data.userPermissions.cart).toEqual({ view: false, insert: false, all: false })
    })
  })

  describe('limits', () => {
    const fail = (login: string, address: string) => signIn(portal, login, 'Wrong-pass1', { address })

    it('allows ten failures a minute from one address, then refuses every login from it', async () => {
      const address = newAddress()
      for (let i = 0; i < 10; i++) expect((await fail(`ghost-${i}`, address)).body.code).toBe('E_INVALID_CREDENTIALS')
      const limited = await signIn(portal, 'buyer2', DEMO_PASSWORD, { address })
      expect(limited.status).toBe(429)
      expect(limited.body.code).toBe('E_RATE_LIMITED')
      expect(limited.body.data.retryAfter).toBeGreaterThan(0)
      expect(limited.body.data.retryAfter).toBeLessThanOrEqual(60)
      expect(limited.headers.get('retry-after')).toBe(String(limited.body.data.retryAfter))
      // Another address is not affected.
      expect((await signIn(portal, 'buyer2', DEMO_PASSWORD, { address: newAddress() })).body.code).toBe('OK')
    })

    it('locks an account for one address after five failures, alike for a real and an unknown login', async () => {
      const u = await makeUser(portal)
      const [a, b] = [newAddress(), newAddress()]
      const answers = []
      for (const login of [u.username, 'no-such-user-here']) {
        const address = login === u.username ? a : b
        for (let i = 0; i < 5; i++) expect((await fail(login, address)).body.code).toBe('E_INVALID_CREDENTIALS')
        answers.push(await fail(login, address))
      }
      for (const r of answers) {
        expect(r.status).toBe(429)
        expect({ code: r.body.code, message: r.body.message }).toEqual({
          code: 'E_RATE_LIMITED',
          message: ErrorCodes.E_RATE_LIMITED.message,
        })
        expect(r.body.data.retryAfter).toBeGreaterThan(14 * 60)
        expect(r.body.data.retryAfter).toBeLessThanOrEqual(15 * 60)
      }
      // Locked even with the right password, from that address; elsewhere the account works.
      expect((await signIn(portal, u.username, u.password, { address: a })).body.code).toBe('E_RATE_LIMITED')
      expect((await signIn(portal, u.username.toUpperCase(), u.password, { address: a })).body.code).toBe(
        'E_RATE_LIMITED',
      )
      expect((await signIn(portal, u.username, u.password, { address: newAddress() })).body.code).toBe('OK')
    })

    it('counts parallel guesses too', async () => {
      const u = await makeUser(portal)
      const address = newAddress()
      const all = await Promise.all(Array.from({ length: 12 }, () => fail(u.username, address)))
      const codes = all.map((r) => r.body.code)
      expect(codes.filter((c) => c === 'E_INVALID_CREDENTIALS')).toHaveLength(5)
      expect(codes.filter((c) => c === 'E_RATE_LIMITED')).toHaveLength(7)
    })

    describe('account-wide lock', () => {
      let victim: TestUser
      let trustedCookie: string

      beforeAll(async () => {
        victim = await makeUser(portal)
        const trusted = await signInWithCode(portal, victim, 'always', { address: newAddress() })
        trustedCookie = trusted.cookie!
        // Twenty failures from four addresses (each address stops at its own lock of five).
        for (let n = 0; n < 4; n++) {
          const address = newAddress()
          for (let i = 0; i < 5; i++)
            expect((await fail(victim.username, address)).body.code).toBe('E_INVALID_CREDENTIALS')
        }
      })

      it('keeps everyone else out, even with the right password', async () => {
        const r = await signIn(portal, victim.username, victim.password, { address: newAddress() })
        expect(r.status).toBe(429)
        expect(r.body.code).toBe('E_RATE_LIMITED')
        expect(r.body.data.retryAfter).toBeGreaterThan(0)
        expect(r.body.data.retryAfter).toBeLessThanOrEqual(5 * 60)
        // A cookie of another user's trusted browser does not open it.
        const other = await makeUser(portal)
        const otherCookie = (await signInWithCode(portal, other, 'always', { address: newAddress() })).cookie!
        expect(
          (await signIn(portal, victim.username, victim.password, { address: newAddress(), cookie: otherCookie })).body
            .code,
        ).toBe('E_RATE_LIMITED')
      })

      it('answers an unknown login under the same lock alike', async () => {
        const ghost = 'ghost-account-wide'
        for (let n = 0; n < 4; n++) {
          const address = newAddress()
          for (let i = 0; i < 5; i++) await fail(ghost, address)
        }
        const r = await signIn(portal, ghost, 'Whatever-1', { address: newAddress() })
        expect({ status: r.status, code: r.body.code, message: r.body.message }).toEqual({
          status: 429,
          code: 'E_RATE_LIMITED',
          message: ErrorCodes.E_RATE_LIMITED.message,
        })
        expect(r.body.data.retryAfter).toBeLessThanOrEqual(5 * 60)
      })

      it("lets the user's trusted browser in, and that success lifts the lock", async () => {
        const r = await signIn(portal, victim.username, victim.password, {
          address: newAddress(),
          cookie: trustedCookie,
        })
        expect(r.body.code).toBe('OK')
        expect(r.body.data.isTrusted).toBe(true)
        const [{ n }] = await portal.sql<
          [{ n: number }]
        >`select count(*)::int as n from auth.login_failures where login = ${victim.username}`
        expect(n).toBe(0)
        expect((await signIn(portal, victim.username, victim.password, { address: newAddress() })).body.code).toBe('OK')
      })
    })
  })
})

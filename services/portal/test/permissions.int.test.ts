import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expandPermissions } from '@diamond/contracts/permissions'
import { startTestPortal, type TestPortal } from '../../../test/portal'

/**
 * Rights are checked by each service on its own routes, from the token: a user a company admin
 * created with view-only rights cannot hold, a guest changes nothing anywhere, and an untrusted
 * device opens nothing but the code calls.
 */
describe('module rights, enforced by every service', () => {
  let portal: TestPortal
  let viewer: string
  beforeAll(async () => {
    portal = await startTestPortal({ stones: 20 })
    const admin = await portal.login('admin1')
    const email = 'viewer@example.test'
    const seen = await portal.mailIds(email)
    // Only view on hold and pricing, nothing else.
    const rights = expandPermissions({ hold: 'v', searchList: 'v', dashboard: 'v' })
    const created = await portal.call(
      'user/create',
      {
        username: 'viewer1',
        email,
        password: 'Viewer#2026',
        firstName: 'Vic',
        lastName: 'Viewer',
        mobile: '+91 22 5555 0101',
        userType: 'buyer',
        permissions: rights,
      },
      admin,
    )
    expect(created.body.code).toBe('OK')
    const mail = await portal.nextMail(email, seen, 'verify-email')
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]
    expect((await portal.call('auth/verify-email', { token })).body.code).toBe('OK')
    viewer = await portal.login('viewer1', { email, password: 'Viewer#2026' })
  }, 120_000)
  afterAll(() => portal?.close())

  it('lets a view-only user list stones but not hold or release one', async () => {
    const [stone] = await portal.stones(viewer, 1)
    expect(stone).toBeDefined()
    expect(await portal.call('diamond/hold', { id: stone!.id }, viewer)).toMatchObject({
      status: 403,
      body: { code: 'E_FORBIDDEN' },
    })
    expect(await portal.call('diamond/hold/release', { id: stone!.id }, viewer)).toMatchObject({
      status: 403,
      body: { code: 'E_FORBIDDEN' },
    })
    const [row] = await portal.sql`select w_sts from stock.stones where id = ${stone!.id}`
    expect(row!.w_sts).toBe('A')
  })

  it('refuses a guest on every changing route, in every service', async () => {
    const guest = await portal.call('guest/auth/login', {
      name: 'Gil',
      companyName: 'Gil Gems',
      contactNumber: '+972 3 555 0100',
      email: 'gil@example.test',
    })
    const token = guest.body.data.token.jwt as string
    const [stone] = await portal.stones(token, 1)
    expect(stone).toBeDefined()
    const changing: [string, unknown][] = [
      ['diamond/hold', { id: stone!.id }],
      ['diamond/hold/release', { id: stone!.id }],
      ['notification/markAsRead', { ids: [stone!.id] }],
      ['account/update', { firstName: 'X' }],
      ['address/upsert', { type: 'office', line1: 'a', city: 'b', state: 'c', country: 'd', pinCode: '400001' }],
      ['auth/reset-password-by-user', { currentPassword: 'x', newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' }],
      [
        'user/create',
        {
          username: 'gg',
          email: 'gg@example.test',
          password: 'Abcdefg1',
          firstName: 'a',
          lastName: 'b',
          mobile: '+1 555 0100',
          userType: 'buyer',
        },
      ],
    ]
    for (const [path, body] of changing) {
      const r = await portal.call(path, body, token)
      expect({ path, status: r.status, ok: r.body.code === 'OK' }).toEqual({ path, status: 403, ok: false })
    }
  })

  it('hides prices from a user whose settings say so, in the API itself', async () => {
    const noprice = await portal.login('noprice1')
    const list = await portal.stones(noprice, 5)
    expect(list.length).toBeGreaterThan(0)
    for (const s of list as unknown as Record<string, unknown>[]) {
      // Not even null: the price fields are absent from what the API sends.
      for (const field of ['rap', 'back', 'amt', 'ctPr', 'rapAvg', 'fnDis', 'fnAmt', 'fnCtpr'])
        expect(Object.keys(s)).not.toContain(field)
    }
    const profile = await portal.call('user/profile', {}, noprice)
    expect(profile.body.data.userPermissions.pricing).toMatchObject({ view: false, all: false })
    expect(profile.body.data.userPermissions.order.insert).toBe(false)
  })

  it('opens nothing but the code calls to a device that is not verified yet', async () => {
    const r = await portal.call('auth/login', { username: 'buyer2', password: 'Diamond@2026', captcha: '1234' })
    expect(r.body.data.isTrusted).toBe(false)
    const untrusted = r.body.data.token.jwt as string
    for (const path of ['diamond/paginate', 'notification/list', 'user/profile']) {
      expect({ path, ...(await portal.call(path, {}, untrusted)) }).toMatchObject({
        path,
        status: 403,
        body: { code: 'E_DEVICE_UNTRUSTED' },
      })
    }
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, type TestPortal } from '../../../test/portal'
import { newAddress } from './accounts'

describe('guest sign-in', () => {
  let portal: TestPortal
  let token: string
  let data: any

  const guest = {
    name: 'Noa Katz',
    companyName: 'Katz Gems',
    contactNumber: '+972 3 555 0101',
    email: 'Noa@Katz.example',
  }
  const asGuest = (body: unknown, address = newAddress()) =>
    portal.callRaw('guest/auth/login', body, { headers: { 'x-forwarded-for': address } })

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5 })
    const r = await asGuest(guest)
    expect(r.body.code).toBe('OK')
    data = r.body.data
    token = data.token.jwt
    expect(r.headers.get('access-token')).toBe(`JWT ${token}`)
  })
  afterAll(() => portal?.close())

  it('answers a trusted guest session without a code', async () => {
    expect(data.isTrusted).toBe(true)
    expect(data.otp).toBeUndefined()
    expect(data.user).toMatchObject({
      username: 'Noa@Katz.example',
      firstName: 'Noa Katz',
      companyName: 'Katz Gems',
      userType: 'guest',
      isStkNoti: false,
      account: { companyName: 'Katz Gems' },
      setting: { Is_PlaceOrder: false, Is_NoPrice: false },
    })
    expect(Object.keys(data.masters).length).toBeGreaterThan(0)
    for (const [module, rights] of Object.entries(
      data.userPermissions as Record<string, { insert: boolean; all: boolean }>,
    )) {
      expect({ module, insert: rights.insert, all: rights.all }).toEqual({ module, insert: false, all: false })
    }
    const [row] =
      await portal.sql`select name, company_name, contact_number, email from auth.guests where id = ${data.user.id}`
    expect(row).toEqual({
      name: 'Noa Katz',
      company_name: 'Katz Gems',
      contact_number: '+972 3 555 0101',
      email: 'noa@katz.example',
    })
  })

  it('lets a guest look at stock, with prices', async () => {
    const r = await portal.call('diamond/paginate', { limit: 3 }, token)
    expect(r.body.code).toBe('OK')
    expect(r.body.data.list).toHaveLength(3)
  })

  it('refuses a guest a hold', async () => {
    const [stone] = await portal.stones(token, 1)
    expect(await portal.call('diamond/hold', { id: stone!.id }, token)).toMatchObject({
      status: 403,
      body: { code: 'E_GUEST_FORBIDDEN' },
    })
    const [row] = await portal.sql`select w_sts from stock.stones where id = ${stone!.id}`
    expect(row!.w_sts).toBe('A')
  })

  it('gives a guest no inbox', async () => {
    expect(data.userPermissions.notifications).toEqual({ view: false, insert: false, all: false })
    expect((await portal.call('notification/markAsRead', { ids: [data.user.id] }, token)).body.code).toBe('E_FORBIDDEN')
    expect((await portal.call('notification/list', {}, token)).body.code).toBe('E_FORBIDDEN')
  })

  it('refuses a guest the member calls', async () => {
    const r = await portal.call(
      'auth/reset-password-by-user',
      { currentPassword: 'x', newPassword: 'Another-pass2', confirmPassword: 'Another-pass2' },
      token,
    )
    expect(r).toMatchObject({ status: 403, body: { code: 'E_GUEST_FORBIDDEN' } })
  })

  it('logs a guest out', async () => {
    const other = (await asGuest(guest)).body.data.token.jwt
    expect((await portal.call('auth/logout', {}, other)).body.code).toBe('OK')
  })

  it('checks the guest form', async () => {
    const bad = await asGuest({ ...guest, email: 'not-an-email', contactNumber: 'call me' })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('E_VALIDATION')
    expect(bad.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['contactNumber', 'email'])
    const missing = await asGuest({ name: 'A' })
    expect(missing.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'companyName',
      'contactNumber',
      'email',
    ])
    expect((await asGuest({ ...guest, userType: 'admin' })).body.code).toBe('E_VALIDATION')
  })

  it('allows ten guest sign-ins a minute from one address', async () => {
    const address = newAddress()
    for (let i = 0; i < 10; i++) expect((await asGuest(guest, address)).body.code).toBe('OK')
    const r = await asGuest(guest, address)
    expect(r.status).toBe(429)
    expect(r.body.code).toBe('E_RATE_LIMITED')
    expect(r.body.data.retryAfter).toBeLessThanOrEqual(60)
    expect(r.headers.get('retry-after')).toBe(String(r.body.data.retryAfter))
    expect((await asGuest(guest)).body.code).toBe('OK')
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, type TestPortal } from '../../../test/portal'
import { guestToken, png, upload } from './account-fixtures'

const address = (over: Record<string, unknown> = {}) => ({
  type: 'shipping',
  line1: '12 Hoveniersstraat',
  city: 'Antwerp',
  state: 'Antwerp',
  country: 'Belgium',
  pinCode: '2018',
  ...over,
})

describe('profile, account and addresses', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string
  let admin1: string
  let sales1: string
  let guest: string
  const idOf = async (username: string) =>
    (await portal.sql`select id from auth.users where username = ${username}`)[0]!.id as string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5 })
    ;[buyer1, buyer2, admin1, sales1] = await Promise.all([
      portal.login('buyer1'),
      portal.login('buyer2'),
      portal.login('admin1'),
      portal.login('sales1'),
    ])
    guest = await guestToken(portal)
  })
  afterAll(() => portal?.close())

  describe('user/profile', () => {
    it("answers the caller's own profile with company, settings and rights", async () => {
      const r = await portal.call('user/profile', {}, buyer1)
      expect(r.body).toMatchObject({
        code: 'OK',
        data: {
          username: 'buyer1',
          userType: 'buyer',
          approvalStatus: 2,
          active: true,
          stkNotiDt: 2,
          stkNoti: 1,
          isStkNoti: true,
          setting: { Is_PlaceOrder: true, Is_NoPrice: false },
          company: { name: 'Mehta Jewels', code: 'MEHTA-JEWELS' },
          addresses: [],
        },
      })
      expect(r.body.data.userPermissions.hold).toEqual({ view: true, insert: true, all: false })
    })

    it('shows rights as the settings make them', async () => {
      const noprice = await portal.login('noprice1')
      const r = await portal.call('user/profile', {}, noprice)
      expect(r.body.data.userPermissions.pricing).toMatchObject({ view: false, all: false })
      expect(r.body.data.userPermissions.order.insert).toBe(false)
    })

    it('refuses a guest and a caller without a token', async () => {
      expect((await portal.call('user/profile', {}, guest)).body.code).toBe('E_GUEST_FORBIDDEN')
      expect((await portal.call('user/profile', {})).body.code).toBe('E_UNAUTHORIZED')
    })
  })

  describe('user/view', () => {
    it('shows a member themselves, and nobody else', async () => {
      expect((await portal.call('user/view', { id: await idOf('buyer1') }, buyer1)).body.data).toMatchObject({
        username: 'buyer1',
      })
      expect(await portal.call('user/view', { id: await idOf('buyer2') }, buyer1)).toMatchObject({
        status: 404,
        body: { code: 'E_NOT_FOUND' },
      })
      expect((await portal.call('user/view', { id: await idOf('admin1') }, sales1)).body.code).toBe('E_NOT_FOUND')
    })

    it("shows the company admin every user of the company, and no one else's", async () => {
      expect((await portal.call('user/view', { id: await idOf('sales1') }, admin1)).body.data).toMatchObject({
        username: 'sales1',
        userType: 'sales',
        emailVerified: true,
      })
      expect((await portal.call('user/view', { id: await idOf('buyer1') }, admin1)).body.code).toBe('E_NOT_FOUND')
      expect((await portal.call('user/view', { id: '00000000-0000-4000-8000-000000000000' }, admin1)).body.code).toBe(
        'E_NOT_FOUND',
      )
    })
  })

  describe('account/update', () => {
    it("changes the caller's personal information and answers the profile", async () => {
      const r = await portal.call(
        'account/update',
        { firstName: 'Asha R.', designation: 'Buyer', birthDate: '1985-04-12', skype: 'asha.m' },
        buyer1,
      )
      expect(r.body).toMatchObject({
        code: 'OK',
        data: {
          firstName: 'Asha R.',
          designation: 'Buyer',
          birthDate: '1985-04-12',
          skype: 'asha.m',
          lastName: 'Mehta',
        },
      })
      expect((await portal.call('user/profile', {}, buyer1)).body.data.birthDate).toBe('1985-04-12')
      const cleared = await portal.call('account/update', { birthDate: null }, buyer1)
      expect(cleared.body.data.birthDate).toBeNull()
    })

    it('refuses the company part to anyone but the company admin', async () => {
      const r = await portal.call('account/update', { company: { description: 'We sell the best stones' } }, buyer1)
      expect(r).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } })
      expect((await portal.call('account/update', { company: { name: 'Sales Co' } }, sales1)).body.code).toBe(
        'E_FORBIDDEN',
      )
      const [c] = await portal.sql`select description from auth.companies where name = 'Mehta Jewels'`
      expect(c!.description).toBe('')
    })

    it("lets the company admin edit the company, with the admin's own logo upload", async () => {
      const logo = await upload(portal, { purpose: 'logo', name: 'logo.png', content: png(160, 160), token: admin1 })
      const r = await portal.call(
        'account/update',
        { company: { name: 'Diamond Portal Ltd', isPublic: true, foundedYear: 1998, logoFileId: logo.body.data.id } },
        admin1,
      )
      expect(r.body).toMatchObject({
        code: 'OK',
        data: {
          company: { name: 'Diamond Portal Ltd', isPublic: true, foundedYear: 1998, logoFileId: logo.body.data.id },
        },
      })
      // Sign-in shows the company name from the company.
      const [sales] = await portal.sql`select company_name from auth.users where username = 'sales1'`
      expect(sales!.company_name).toBe('Diamond Portal Ltd')
      // The name it registered under stays known (its stones may carry it), and rides in the token.
      expect(
        (await portal.sql`select registered_name from auth.companies where name = 'Diamond Portal Ltd'`)[0]!
          .registered_name,
      ).toBe('Diamond Portal')
      const token = (await portal.call('auth/login', { username: 'sales1', password: 'Diamond@2026' })).body.data.token
        .jwt
      expect(portal.tokens.verify(token)).toMatchObject({
        company: 'Diamond Portal Ltd',
        registeredCompany: 'Diamond Portal',
      })
    })

    it("refuses a company another company's name, present or registered, whatever its letter case", async () => {
      const [shah] = await portal.sql`select name from auth.companies where name = 'Shah Diamonds'`
      expect(shah).toBeTruthy()
      for (const name of [
        ' shah DIAMONDS ',
        'Shah\u00a0Diamonds',
        '\tShah Diamonds',
        'Shah Diamonds\u3000',
        'Shah  Diamonds',
      ]) {
        const r = await portal.call('account/update', { company: { name } }, admin1)
        expect(r.body, name).toMatchObject({
          code: 'E_VALIDATION',
          data: { fields: [{ field: 'company.name', message: 'is the name of another company' }] },
        })
      }
      expect((await portal.call('account/update', { company: { name: '\u00a0\u3000' } }, admin1)).body).toMatchObject({
        code: 'E_VALIDATION',
        data: { fields: [{ field: 'company.name', message: 'must not be blank' }] },
      })
      expect(
        (await portal.sql`select count(*)::int as n from auth.companies where lower(btrim(name)) = 'shah diamonds'`)[0]!
          .n,
      ).toBe(1)
      // Its own earlier name is its own to take back; a name is kept cleaned.
      expect(
        (await portal.call('account/update', { company: { name: ' Diamond\u00a0 Portal ' } }, admin1)).body.code,
      ).toBe('OK')
      expect(
        (await portal.sql`select name from auth.companies where registered_name = 'Diamond Portal'`)[0]!.name,
      ).toBe('Diamond Portal')
    })

    it("refuses someone else's upload, or an upload of another purpose, as the logo or cover", async () => {
      const theirs = await upload(portal, { purpose: 'logo', name: 'theirs.png', content: png(10, 10), token: buyer2 })
      const r = await portal.call('account/update', { company: { logoFileId: theirs.body.data.id } }, admin1)
      expect(r.body).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'company.logoFileId' }] } })
      const cover = await upload(portal, { purpose: 'cover', name: 'cover.png', content: png(10, 10), token: admin1 })
      const wrongPurpose = await portal.call('account/update', { company: { logoFileId: cover.body.data.id } }, admin1)
      expect(wrongPurpose.body).toMatchObject({
        code: 'E_VALIDATION',
        data: { fields: [{ field: 'company.logoFileId' }] },
      })
    })

    it('refuses a guest', async () => {
      expect(await portal.call('account/update', { firstName: 'Gil' }, guest)).toMatchObject({
        status: 403,
        body: { code: 'E_GUEST_FORBIDDEN' },
      })
    })

    it('refuses unknown fields and wrong types', async () => {
      expect((await portal.call('account/update', { userType: 'admin' }, buyer1)).body).toMatchObject({
        code: 'E_VALIDATION',
        data: { fields: [{ field: 'userType' }] },
      })
      expect((await portal.call('account/update', { company: { code: 'X' } }, admin1)).body.code).toBe('E_VALIDATION')
    })
  })

  describe('addresses', () => {
    const list = async (token: string) =>
      (await portal.call('address/paginate', { page: 1, limit: 50 }, token)).body.data as { list: any[]; count: number }

    it('makes the first address the default, and moves the default when another is chosen', async () => {
      const first = await portal.call('address/upsert', address({ isDefault: false }), buyer2)
      expect(first.body).toMatchObject({ code: 'OK', data: { isDefault: true, line2: '', street: '' } })
      const second = await portal.call('address/upsert', address({ line1: '2 Pelikaanstraat' }), buyer2)
      expect(second.body.data.isDefault).toBe(false)
      const third = await portal.call('address/upsert', address({ line1: '3 Schupstraat', isDefault: true }), buyer2)
      expect(third.body.data.isDefault).toBe(true)

      const page = await list(buyer2)
      expect(page.count).toBe(3)
      expect(page.list.filter((a) => a.isDefault).map((a) => a.id)).toEqual([third.body.data.id])
      expect(page.list[0].id).toBe(third.body.data.id)
    })

    it('hands the default to the newest other address when it is un-chosen or deleted', async () => {
      const token = await portal.login('seller1')
      const a = (await portal.call('address/upsert', address({ line1: 'A' }), token)).body.data
      const b = (await portal.call('address/upsert', address({ line1: 'B' }), token)).body.data
      const c = (await portal.call('address/upsert', address({ line1: 'C' }), token)).body.data
      expect(a.isDefault).toBe(true)

      const unchosen = await portal.call('address/upsert', address({ id: a.id, line1: 'A2', isDefault: false }), token)
      expect(unchosen.body.data).toMatchObject({ id: a.id, line1: 'A2', isDefault: false })
      expect((await list(token)).list.find((x) => x.isDefault)!.id).toBe(c.id)

      expect((await portal.call('address/delete', { id: c.id }, token)).body).toMatchObject({
        code: 'OK',
        data: { id: c.id },
      })
      const after = await list(token)
      expect(after.count).toBe(2)
      expect(after.list.find((x) => x.isDefault)!.id).toBe(b.id)
    })

    it("treats someone else's address as not found, and leaves it alone", async () => {
      const mine = (await portal.call('address/upsert', address({ line1: 'Mine' }), sales1)).body.data
      const edit = await portal.call('address/upsert', address({ id: mine.id, line1: 'Hijacked' }), buyer1)
      expect(edit).toMatchObject({ status: 404, body: { code: 'E_NOT_FOUND' } })
      expect((await portal.call('address/delete', { id: mine.id }, buyer1)).body.code).toBe('E_NOT_FOUND')
      expect((await list(buyer1)).list.map((a) => a.id)).not.toContain(mine.id)
      const [row] = await portal.sql`select line1 from auth.addresses where id = ${mine.id}`
      expect(row!.line1).toBe('Mine')
    })

    it('shows the addresses in the profile, the default first', async () => {
      const profile = (await portal.call('user/profile', {}, buyer2)).body.data
      expect(profile.addresses).toHaveLength(3)
      expect(profile.addresses[0].isDefault).toBe(true)
    })

    it('validates the form and refuses a guest', async () => {
      const bad = await portal.call('address/upsert', address({ type: 'moon base', pinCode: '!' }), buyer1)
      expect(bad.body.code).toBe('E_VALIDATION')
      expect(bad.body.data.fields.map((f: { field: string }) => f.field)).toEqual(
        expect.arrayContaining(['type', 'pinCode']),
      )
      expect((await portal.call('address/upsert', address(), guest)).body.code).toBe('E_GUEST_FORBIDDEN')
    })
  })
})

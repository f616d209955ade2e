import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expandPermissions } from '@diamond/contracts/permissions'
import { startTestPortal, type TestPortal } from '../../../test/portal'
import { callWith, guestToken } from './account-fixtures'

const rights = (compact: Record<string, string>) => expandPermissions(compact)

describe('user settings and user management', () => {
  let portal: TestPortal
  let buyer1: string
  let admin1: string
  const idOf = async (username: string) =>
    (await portal.sql`select id from auth.users where username = ${username}`)[0]!.id as string
  const update = (body: unknown, token: string) => callWith(portal, 'PUT', 'user/update', body, token)

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5 })
    ;[buyer1, admin1] = await Promise.all([portal.login('buyer1'), portal.login('admin1')])
  })
  afterAll(() => portal?.close())

  /** A user admin1 created, with the email verified through the mailed link, signed in. */
  async function invitedUser(username: string, extra: Record<string, unknown> = {}) {
    const email = `${username}@example.test`
    const created = await portal.call(
      'user/create',
      {
        username,
        email,
        password: 'Invited#2026',
        firstName: 'Ira',
        lastName: 'Invited',
        mobile: '+32 3 555 0199',
        userType: 'buyer',
        ...extra,
      },
      admin1,
    )
    expect(created.body.code).toBe('OK')
    const verify = await portal.nextMail(email, new Set(), 'verify-email')
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(verify.text)![1]!)
    expect((await portal.call('auth/verify-email', { token })).body.code).toBe('OK')
    return {
      id: created.body.data.id as string,
      email,
      token: await portal.login(username, { email, password: 'Invited#2026' }),
    }
  }

  describe("PUT user/update of one's own stock notification settings", () => {
    it("takes the spec's shape, answers data[0] with 'Settings updated', and keeps it", async () => {
      const id = await idOf('buyer1')
      const r = await update({ id, stkNotiDt: 3, stkNoti: [0], isStkNoti: false }, buyer1)
      expect(r).toMatchObject({ status: 200, body: { code: 'OK', message: 'Settings updated' } })
      expect(r.body.data[0]).toMatchObject({ id, stkNotiDt: 3, stkNoti: 0, isStkNoti: false })
      const [row] = await portal.sql`select stk_noti_dt, stk_noti, is_stk_noti from auth.users where id = ${id}`
      expect(row).toEqual({ stk_noti_dt: 3, stk_noti: 0, is_stk_noti: false })
      expect((await portal.call('user/profile', {}, buyer1)).body.data).toMatchObject({
        stkNotiDt: 3,
        stkNoti: 0,
        isStkNoti: false,
      })
    })

    it('refuses an invalid interval or stock type, naming the field', async () => {
      const id = await idOf('buyer1')
      const interval = await update({ id, stkNotiDt: 4, stkNoti: [1] }, buyer1)
      expect(interval).toMatchObject({ status: 400, body: { code: 'E_VALIDATION' } })
      expect(interval.body.data.fields.map((f: { field: string }) => f.field)).toContain('stkNotiDt')
      const type = await update({ id, stkNotiDt: 1, stkNoti: [2] }, buyer1)
      expect(type.body.data.fields.map((f: { field: string }) => f.field)).toContain('stkNoti.0')
      const two = await update({ id, stkNotiDt: 1, stkNoti: [1, 0] }, buyer1)
      expect(two.body.code).toBe('E_VALIDATION')
    })

    it('needs interval and stock type', async () => {
      const r = await update({ id: await idOf('buyer1'), isStkNoti: true }, buyer1)
      expect(r.body).toMatchObject({
        code: 'E_VALIDATION',
        data: { fields: [{ field: 'stkNotiDt', message: 'Please, select an option' }, { field: 'stkNoti' }] },
      })
    })

    it("refuses anything but the settings on one's own record", async () => {
      const id = await idOf('buyer1')
      const r = await update({ id, stkNotiDt: 1, stkNoti: [1], userType: 'admin', active: true }, buyer1)
      expect(r).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } })
      expect(r.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['userType', 'active'])
      const [row] = await portal.sql`select user_type from auth.users where id = ${id}`
      expect(row!.user_type).toBe('buyer')
    })

    it('refuses a guest', async () => {
      const r = await update({ id: await idOf('buyer1'), stkNotiDt: 1, stkNoti: [1] }, await guestToken(portal))
      expect(r.body.code).toBe('E_GUEST_FORBIDDEN')
    })

    it("treats another user's record as not found for anyone but their company admin", async () => {
      const r = await update({ id: await idOf('buyer2'), stkNotiDt: 1, stkNoti: [1] }, buyer1)
      expect(r).toMatchObject({ status: 404, body: { code: 'E_NOT_FOUND' } })
      expect((await update({ id: await idOf('buyer2'), active: false }, admin1)).body.code).toBe('E_NOT_FOUND')
    })
  })

  describe('user/create and user/paginate', () => {
    it('refuses both to anyone but a company admin', async () => {
      const r = await portal.call(
        'user/create',
        {
          username: 'sneaky',
          email: 'sneaky@example.test',
          password: 'Sneaky#2026',
          firstName: 'S',
          lastName: 'N',
          mobile: '+1 555 0101',
          userType: 'admin',
        },
        buyer1,
      )
      expect(r).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } })
      expect((await portal.call('user/paginate', { page: 1 }, buyer1)).body.code).toBe('E_FORBIDDEN')
      expect((await portal.sql`select 1 from auth.users where username = 'sneaky'`).length).toBe(0)
    })

    it("adds an approved, unverified user to the admin's company, with an invitation", async () => {
      const email = 'newsales@example.test'
      const r = await portal.call(
        'user/create',
        {
          username: 'newsales',
          email,
          password: 'NewSales#2026',
          firstName: 'Nia',
          lastName: 'Sales',
          mobile: '+32 3 555 0100',
          userType: 'sales',
          setting: { Is_NoPrice: true },
        },
        admin1,
      )
      expect(r.body).toMatchObject({
        code: 'OK',
        data: {
          username: 'newsales',
          userType: 'sales',
          approvalStatus: 2,
          active: true,
          emailVerified: false,
          setting: { Is_PlaceOrder: true, Is_NoPrice: true },
        },
      })
      expect(r.body.data.userPermissions.pricing.view).toBe(false)
      const [row] = await portal.sql`
        select u.company_id = a.company_id as same_company, u.created_by = a.id as by_admin
          from auth.users u, auth.users a where u.username = 'newsales' and a.username = 'admin1'`
      expect(row).toEqual({ same_company: true, by_admin: true })
      await portal.nextMail(email, new Set(), 'user-invited')
      await portal.nextMail(email, new Set(), 'verify-email')
      expect(
        (await portal.call('auth/login', { username: 'newsales', password: 'NewSales#2026', captcha: '1234' })).body
          .code,
      ).toBe('EMAIL_NOT_VERIFIED')

      const page = await portal.call('user/paginate', { page: 1, limit: 50 }, admin1)
      expect(page.body.data.list.map((u: { username: string }) => u.username)).toEqual(
        expect.arrayContaining(['admin1', 'sales1', 'newsales']),
      )
      expect(page.body.data.list.map((u: { username: string }) => u.username)).not.toContain('buyer1')
      expect(page.body.data.count).toBe(page.body.data.list.length)
    })

    it('refuses a taken username', async () => {
      const r = await portal.call(
        'user/create',
        {
          username: 'Sales1',
          email: 'other@example.test',
          password: 'Other#20266',
          firstName: 'O',
          lastName: 'T',
          mobile: '+1 555 0102',
          userType: 'buyer',
        },
        admin1,
      )
      expect(r.body).toMatchObject({ code: 'E_ALREADY_EXISTS', data: { fields: [{ field: 'username' }] } })
    })

    it('refuses rights the admin lacks, naming them, and creates nothing', async () => {
      // admin1 restricted (by SQL) to a few rights, hold without insert: granting hold insert, or a
      // sales user's default rights, goes beyond them.
      const restricted = { searchList: 'v', cart: 'vi', hold: 'v', pricing: 'v', order: 'vi' }
      await portal.sql`update auth.users set permissions = ${portal.sql.json(restricted)} where username = 'admin1'`
      try {
        const body = {
          username: 'overreach',
          email: 'overreach@example.test',
          password: 'Over#reach2026',
          firstName: 'O',
          lastName: 'R',
          mobile: '+1 555 0103',
          userType: 'buyer',
        }
        const r = await portal.call(
          'user/create',
          { ...body, permissions: rights({ searchList: 'v', hold: 'vi' }) },
          admin1,
        )
        expect(r).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN', data: { rights: ['hold.insert'] } } })
        const byType = await portal.call('user/create', { ...body, userType: 'sales' }, admin1)
        expect(byType.body.code).toBe('E_FORBIDDEN')
        expect(byType.body.data.rights).toEqual(expect.arrayContaining(['hold.all', 'memo.view']))
        expect((await portal.sql`select 1 from auth.users where username = 'overreach'`).length).toBe(0)
        // Within the admin's rights it works.
        const fine = await portal.call(
          'user/create',
          { ...body, permissions: rights({ searchList: 'v', cart: 'vi', hold: 'v' }) },
          admin1,
        )
        expect(fine.body.code).toBe('OK')
        expect(fine.body.data.userPermissions.hold).toEqual({ view: true, insert: false, all: false })
        const [stored] = await portal.sql`select permissions from auth.users where username = 'overreach'`
        expect(stored!.permissions).toMatchObject({ searchList: 'v', cart: 'vi', hold: 'v' })
      } finally {
        await portal.sql`update auth.users set permissions = null where username = 'admin1'`
      }
    })

    it('refuses rights for modules that do not exist', async () => {
      const r = await portal.call(
        'user/create',
        {
          username: 'modless',
          email: 'modless@example.test',
          password: 'Modless#2026',
          firstName: 'M',
          lastName: 'L',
          mobile: '+1 555 0104',
          userType: 'buyer',
          permissions: { teleport: { view: true, insert: false, all: false } },
        },
        admin1,
      )
      expect(r.body).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'permissions.teleport' }] } })
    })
  })

  describe("a company admin's changes to a user", () => {
    it("ends the user's sessions on deactivation: their token stops working at once", async () => {
      const user = await invitedUser('tobedeactivated')
      expect((await portal.call('user/profile', {}, user.token)).body.code).toBe('OK')
      const r = await update({ id: user.id, active: false }, admin1)
      expect(r.body).toMatchObject({ code: 'OK', data: [{ id: user.id, active: false }] })
      expect(await portal.call('user/profile', {}, user.token)).toMatchObject({
        status: 401,
        body: { code: 'E_UNAUTHORIZED' },
      })
      const [event] =
        await portal.sql`select event from auth.outbox where type = 'auth.session.revoked' and key = ${user.id} order by seq desc limit 1`
      expect(event!.event.data).toMatchObject({ userId: user.id, reason: 'deactivated' })
      expect(
        (await portal.call('auth/login', { username: 'tobedeactivated', password: 'Invited#2026', captcha: '1234' }))
          .body.code,
      ).toBe('E_ACCOUNT_INACTIVE')
    })

    it('ends sessions when rights change, and stores them in compact form', async () => {
      const user = await invitedUser('rightschanged')
      const r = await update({ id: user.id, permissions: rights({ searchList: 'v', hold: 'v' }) }, admin1)
      expect(r.body.data[0].userPermissions.hold).toEqual({ view: true, insert: false, all: false })
      const [row] = await portal.sql`select permissions from auth.users where id = ${user.id}`
      expect(row!.permissions).toEqual({ searchList: 'v', hold: 'v' })
      expect((await portal.call('user/profile', {}, user.token)).body.code).toBe('E_UNAUTHORIZED')
      // The next sign-in carries the new rights.
      const fresh = await portal.login('rightschanged', { email: user.email, password: 'Invited#2026' })
      expect((await portal.call('user/profile', {}, fresh)).body.data.userPermissions.cart).toEqual({
        view: false,
        insert: false,
        all: false,
      })
    })

    it('keeps sessions for a change of name or mobile', async () => {
      const user = await invitedUser('renamed')
      const r = await update({ id: user.id, firstName: 'Irina', mobile: '+32 3 555 0123' }, admin1)
      expect(r.body).toMatchObject({ code: 'OK', data: [{ firstName: 'Irina', mobile: '+32 3 555 0123' }] })
      expect((await portal.call('user/profile', {}, user.token)).body.code).toBe('OK')
    })

    it('refuses to grant rights beyond its own, naming them, and grants what it holds', async () => {
      const created = await portal.call(
        'user/create',
        {
          username: 'narrow',
          email: 'narrow@example.test',
          password: 'Narrow#2026',
          firstName: 'N',
          lastName: 'A',
          mobile: '+1 555 0105',
          userType: 'buyer',
          permissions: rights({ searchList: 'v' }),
        },
        admin1,
      )
      const target = created.body.data.id as string
      await portal.sql`update auth.users set permissions = ${portal.sql.json({ searchList: 'v', hold: 'v', pricing: 'v', order: 'vi' })} where username = 'admin1'`
      try {
        const r = await update({ id: target, permissions: rights({ searchList: 'v', cart: 'vi' }) }, admin1)
        expect(r).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } })
        expect(r.body.data.rights).toEqual(['cart.view', 'cart.insert'])
        const [row] = await portal.sql`select permissions from auth.users where id = ${target}`
        expect(row!.permissions).toEqual({ searchList: 'v' })
        const ok = await update({ id: target, permissions: rights({ searchList: 'v', hold: 'v' }) }, admin1)
        expect(ok.body.code).toBe('OK')
      } finally {
        await portal.sql`update auth.users set permissions = null where username = 'admin1'`
      }
    })

    it('refuses any change to a user who holds a right it lacks, naming those rights', async () => {
      // Issue 21: an admin changes only users whose rights are within its own (it used to leave
      // such rights alone and change the rest).
      const created = await portal.call(
        'user/create',
        {
          username: 'widerthanadmin',
          email: 'wider@example.test',
          password: 'Wider#20266',
          firstName: 'W',
          lastName: 'A',
          mobile: '+1 555 0106',
          userType: 'buyer',
          permissions: rights({ searchList: 'v', memo: 'v' }),
        },
        admin1,
      )
      const target = created.body.data.id as string
      await portal.sql`update auth.users set permissions = ${portal.sql.json({ searchList: 'v', hold: 'v', pricing: 'v', order: 'vi' })} where username = 'admin1'`
      try {
        for (const change of [
          { permissions: rights({ searchList: 'v', memo: 'v', hold: 'v' }) },
          { active: false },
          { firstName: 'Renamed' },
        ]) {
          const r = await update({ id: target, ...change }, admin1)
          expect(r).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN', data: { outranked: ['memo.view'] } } })
        }
        const [row] = await portal.sql`select permissions, active, first_name from auth.users where id = ${target}`
        expect(row).toEqual({ permissions: { searchList: 'v', memo: 'v' }, active: true, first_name: 'W' })
      } finally {
        await portal.sql`update auth.users set permissions = null where username = 'admin1'`
      }
    })
  })

  describe('an admin of the company with almost no rights', () => {
    let low: { id: string; token: string }
    beforeAll(async () => {
      low = await invitedUser('lowadmin', {
        userType: 'admin',
        permissions: rights({ searchList: 'v', dashboard: 'v' }),
      })
    })

    it('can neither demote, deactivate, narrow nor rename admin1, nor change sales1', async () => {
      const admin1Id = await idOf('admin1')
      for (const change of [
        { userType: 'buyer' },
        { active: false },
        { permissions: rights({ searchList: 'v' }) },
        { permissions: rights({}) },
        { setting: { Is_NoPrice: true } },
        { firstName: 'Mallory' },
      ]) {
        const r = await update({ id: admin1Id, ...change }, low.token)
        expect(r).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } })
        expect(r.body.data.outranked).toEqual(expect.arrayContaining(['hold.all', 'searchList.all']))
      }
      expect((await update({ id: await idOf('sales1'), active: false }, low.token)).body.code).toBe('E_FORBIDDEN')
      const [row] =
        await portal.sql`select user_type, active, permissions, is_no_price, first_name from auth.users where username = 'admin1'`
      expect(row).toEqual({
        user_type: 'admin',
        active: true,
        permissions: null,
        is_no_price: false,
        first_name: 'Sara',
      })
      // admin1's session was not touched either.
      expect((await portal.call('user/profile', {}, admin1)).body.code).toBe('OK')
    })

    it('manages a user within its rights, granting and taking only rights it holds', async () => {
      const user = await invitedUser('lowadminsuser', { permissions: rights({ searchList: 'v' }) })
      const grant = await update({ id: user.id, permissions: rights({ searchList: 'v', dashboard: 'v' }) }, low.token)
      expect(grant.body).toMatchObject({ code: 'OK', data: [{ userPermissions: { dashboard: { view: true } } }] })
      const beyond = await update({ id: user.id, permissions: rights({ searchList: 'v', cart: 'v' }) }, low.token)
      expect(beyond).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN', data: { rights: ['cart.view'] } } })
      // A type's defaults are rights too: making the user a seller, with a seller's default rights, grants more than it holds.
      expect((await update({ id: user.id, userType: 'seller' }, low.token)).body.code).toBe('E_FORBIDDEN')
      const off = await update({ id: user.id, active: false }, low.token)
      expect(off.body).toMatchObject({ code: 'OK', data: [{ active: false }] })
    })

    it('creates users only within its rights', async () => {
      const body = {
        username: 'lowcreated',
        email: 'lowcreated@example.test',
        password: 'LowCreated#2026',
        firstName: 'L',
        lastName: 'C',
        mobile: '+1 555 0107',
      }
      const asAdmin = await portal.call('user/create', { ...body, userType: 'admin' }, low.token)
      expect(asAdmin).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } })
      expect(asAdmin.body.data.rights).toEqual(expect.arrayContaining(['hold.all']))
      const within = await portal.call(
        'user/create',
        { ...body, userType: 'admin', permissions: rights({ dashboard: 'v' }) },
        low.token,
      )
      expect(within.body.code).toBe('OK')
    })
  })

  describe("the company's last full admin", () => {
    it('stays when two full admins demote each other at the same moment', async () => {
      const second = await invitedUser('fulladmin2', { userType: 'admin' })
      const admin1Id = await idOf('admin1')
      try {
        const answers = await Promise.all([
          update({ id: second.id, userType: 'buyer' }, admin1),
          update({ id: admin1Id, userType: 'buyer' }, second.token),
        ])
        expect(answers.filter((a) => a.body.code === 'OK')).toHaveLength(1)
        const admins =
          await portal.sql`select username from auth.users where username in ('admin1', 'fulladmin2') and user_type = 'admin'`
        expect(admins).toHaveLength(1)
      } finally {
        await portal.sql`update auth.users set user_type = 'admin', permissions = null where username = 'admin1'`
        admin1 = await portal.login('admin1')
      }
    })
  })
})

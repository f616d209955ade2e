import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, type TestPortal } from '../../../test/portal'
import { download, freshAddress, guestToken, png, registrationForm, upload } from './account-fixtures'
import { makeUser } from './accounts'

/**
 * The last step of registration: operator staff (approved admins and sales people of the company
 * that runs the portal) approve or reject Pending accounts, and read their documents.
 */
describe('approving registrations', () => {
  let portal: TestPortal
  let sales1: string
  let admin1: string
  let buyer1: string
  /** The company admin of another company: an admin, but not operator staff. */
  let otherAdmin: string
  let n = 0

  const registrations = (body: unknown, token: string) => portal.call('admin/v1/user/registrations', body, token)
  const decide = (body: unknown, token: string) => portal.call('admin/v1/user/approval', body, token)

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5 })
    const other = await makeUser(portal, { user_type: 'admin' })
    await portal.sql`update auth.users set company_id = (select id from auth.companies where code = 'COHEN-SONS') where id = ${other.id}`
    ;[sales1, admin1, buyer1, otherAdmin] = await Promise.all([
      portal.login('sales1'),
      portal.login('admin1'),
      portal.login('buyer1'),
      portal.login(other.username, { email: other.email, password: other.password }),
    ])
  })
  afterAll(() => portal?.close())

  /** A registration sent through the API, as the sign-up form sends it: photo ID first, then the form. */
  async function register(opts: { locale?: string; path?: string } = {}) {
    const id = `ap${++n}`
    const photo = await upload(portal, {
      purpose: 'photoId',
      name: `passport-${id}.png`,
      content: png(40, 30),
      from: freshAddress(),
    })
    expect(photo.body.code).toBe('OK')
    const form = registrationForm(id, photo.body.data.id)
    const r = await portal.call(opts.path ?? 'register/register', form, undefined, {
      'x-forwarded-for': freshAddress(),
      'accept-language': opts.locale ?? 'en',
    })
    expect(r.body.code).toBe('OK')
    return { id: r.body.data.id as string, form, photoId: photo.body.data.id as string }
  }

  /** Follows the verification link of the registration mail. */
  async function verifyEmail(email: string) {
    const mail = await portal.nextMail(email, new Set(), 'verify-email')
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail.text)![1]!)
    expect((await portal.call('auth/verify-email', { token })).body.code).toBe('OK')
  }

  const idOf = async (username: string) =>
    (await portal.sql`select id from auth.users where username = ${username}`)[0]!.id as string

  it('tells operator staff apart at sign-in', async () => {
    const login = async (username: string) =>
      (
        await portal.callRaw(
          'auth/login',
          { username, password: 'Diamond@2026' },
          { headers: { cookie: portal.deviceCookies.get(username)! } },
        )
      ).body.data.user
    expect(await login('sales1')).toMatchObject({ username: 'sales1', isOperator: true })
    expect(await login('admin1')).toMatchObject({ isOperator: true })
    expect(await login('buyer1')).toMatchObject({ isOperator: false })
    const guest = await portal.call('guest/auth/login', {
      name: 'Gil',
      companyName: 'Just Looking',
      contactNumber: '+1 555 0100',
      email: 'gil@example.test',
    })
    expect(guest.body.data.user.isOperator).toBe(false)
  })

  it('refuses a buyer, the admin of another company and a guest', async () => {
    const { id } = await register()
    for (const token of [buyer1, otherAdmin]) {
      expect(await registrations({}, token)).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } })
      expect(await decide({ id, approvalStatus: 2 }, token)).toMatchObject({
        status: 403,
        body: { code: 'E_FORBIDDEN' },
      })
    }
    const guest = await guestToken(portal)
    expect((await registrations({}, guest)).body.code).toBe('E_GUEST_FORBIDDEN')
    expect((await registrations({}, '')).body.code).toBe('E_UNAUTHORIZED')
    const [row] = await portal.sql`select approval_status, approved_by from auth.users where id = ${id}`
    expect(row).toEqual({ approval_status: 1, approved_by: null })
  })

  it('asks the database, not the token, who is operator staff', async () => {
    await portal.sql`update auth.companies set is_operator = false where code = 'DIAMOND-PORTAL'`
    try {
      expect((await registrations({}, sales1)).body.code).toBe('E_FORBIDDEN')
    } finally {
      await portal.sql`update auth.companies set is_operator = true where code = 'DIAMOND-PORTAL'`
    }
    await portal.sql`update auth.users set active = false where username = 'admin1'`
    try {
      expect((await registrations({}, admin1)).body.code).toBe('E_FORBIDDEN')
    } finally {
      await portal.sql`update auth.users set active = true where username = 'admin1'`
    }
    expect((await registrations({}, sales1)).body.code).toBe('OK')
  })

  it('needs the registrations right: view to list and read documents, all to decide (issue 21)', async () => {
    // An admin of the operator company with two view rights, and none on registrations.
    const staff = await makeUser(portal, { user_type: 'admin' })
    const setRights = (rights: Record<string, string>) =>
      portal.sql`update auth.users set permissions = ${portal.sql.json(rights)}, company_id = (select id from auth.companies where code = 'DIAMOND-PORTAL') where id = ${staff.id}`
    await setRights({ searchList: 'v', dashboard: 'v' })
    const token = await portal.login(staff.username, { email: staff.email, password: staff.password })
    const { id, photoId } = await register()

    expect(await registrations({}, token)).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } })
    expect(await decide({ id, approvalStatus: 2 }, token)).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } })
    expect((await download(portal, photoId, token)).status).toBe(404)

    // Rights are read from the database at each call, as staff is.
    await setRights({ searchList: 'v', dashboard: 'v', registrations: 'v' })
    expect((await registrations({}, token)).body.code).toBe('OK')
    expect((await download(portal, photoId, token)).status).toBe(200)
    expect(await decide({ id, approvalStatus: 3 }, token)).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } })
    const [row] = await portal.sql`select approval_status, approved_by from auth.users where id = ${id}`
    expect(row).toEqual({ approval_status: 1, approved_by: null })

    await setRights({ searchList: 'v', dashboard: 'v', registrations: 'a' })
    expect((await decide({ id, approvalStatus: 2 }, token)).body.code).toBe('OK')
  })

  it("keeps the demo staff, with their types' default rights, able to list and decide", async () => {
    for (const [username, token] of [
      ['sales1', sales1],
      ['admin1', admin1],
    ] as const) {
      const [row] = await portal.sql`select permissions from auth.users where username = ${username}`
      expect(row!.permissions).toBeNull()
      expect((await registrations({}, token)).body.code).toBe('OK')
      const { id } = await register()
      expect((await decide({ id, approvalStatus: 2 }, token)).body.code).toBe('OK')
    }
  })

  it('lists Pending registrations newest first, with company, contact, address, document type and files', async () => {
    const older = await register()
    const newer = await register({ path: 'register/sellers' })
    const r = await registrations({}, sales1)
    expect(r).toMatchObject({ status: 200, body: { code: 'OK' } })
    const list = r.body.data.list as { id: string; username: string; approvalStatus: number }[]
    expect(r.body.data.count).toBe(list.length)
    expect(list.every((x) => x.approvalStatus === 1)).toBe(true)
    expect(list.findIndex((x) => x.id === newer.id)).toBeLessThan(list.findIndex((x) => x.id === older.id))
    expect(list.map((x) => x.username)).toContain('pending1')
    // Approved accounts and users a company admin added are not in the Pending list.
    expect(list.map((x) => x.username)).not.toContain('buyer1')

    const shown = list.find((x) => x.id === newer.id)
    const f = newer.form
    expect(shown).toEqual({
      id: newer.id,
      username: f.username,
      email: f.email,
      emailVerified: false,
      firstName: f.firstName,
      middleName: f.middleName,
      lastName: f.lastName,
      userType: 'seller',
      approvalStatus: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      companyName: f.companyName,
      businessType: 'wholesaler',
      designation: '',
      contact: { mobile: f.mobile, telephone: '', whatsapp: '', skype: '' },
      address: {
        line1: f.addressLine1,
        line2: f.addressLine2,
        line3: '',
        city: f.city,
        state: f.state,
        country: f.country,
        pinCode: f.pinCode,
      },
      documentType: 'passport',
      files: [
        {
          id: newer.photoId,
          purpose: 'photoId',
          name: `passport-ap${n}.png`,
          mimeType: 'image/png',
          size: png(40, 30).length,
        },
      ],
      decidedBy: null,
      decidedAt: null,
      note: '',
    })

    const page = await registrations({ page: 1, limit: 1 }, sales1)
    expect(page.body.data.list).toHaveLength(1)
    expect(page.body.data.count).toBe(list.length)
    expect((await registrations({ status: 2 }, sales1)).body.data.list.map((x: { id: string }) => x.id)).not.toContain(
      newer.id,
    )
    const bad = await registrations({ status: 5 }, sales1)
    expect(bad).toMatchObject({ status: 400, body: { code: 'E_VALIDATION' } })
    expect(bad.body.data.fields.map((x: { field: string }) => x.field)).toContain('status')
  })

  it('approves: the registrant is mailed, verifies the email and can then sign in', async () => {
    const { id, form } = await register({ locale: 'fr' })
    const approved = await decide({ id, approvalStatus: 2 }, sales1)
    expect(approved).toMatchObject({ status: 200, body: { code: 'OK', message: 'Account approved.' } })
    expect(approved.body.data).toMatchObject({
      id,
      approvalStatus: 2,
      decidedBy: 'sales1',
      decidedAt: expect.any(String),
      note: '',
    })
    const [row] = await portal.sql`select approval_status, approved_by, approved_at from auth.users where id = ${id}`
    expect(row).toMatchObject({ approval_status: 2, approved_by: await idOf('sales1'), approved_at: expect.any(Date) })

    const mail = await portal.nextMail(form.email, new Set(), 'account-approved')
    expect(mail.subject).toBe('Votre compte a été approuvé | Portail Diamant')
    expect(mail.text).toContain(form.username)
    expect(mail.text).toMatch(/https?:\/\/[^\s]+\/signin/)

    // Approved but not verified yet: sign-in still asks for the email first.
    const early = await portal.call('auth/login', { username: form.username, password: form.password })
    expect(early.body.code).toBe('EMAIL_NOT_VERIFIED')
    await verifyEmail(form.email)
    const token = await portal.login(form.username, { email: form.email, password: form.password })
    expect((await portal.call('user/profile', {}, token)).body.data).toMatchObject({
      username: form.username,
      approvalStatus: 2,
    })

    expect((await registrations({}, sales1)).body.data.list.map((x: { id: string }) => x.id)).not.toContain(id)
    expect((await registrations({ status: 2 }, admin1)).body.data.list.map((x: { id: string }) => x.id)).toContain(id)
  })

  it('refuses to decide a registration twice, or anything that is not a registration', async () => {
    const { id } = await register()
    expect((await decide({ id, approvalStatus: 2 }, admin1)).body.code).toBe('OK')
    for (const approvalStatus of [2, 3]) {
      const again = await decide({ id, approvalStatus }, sales1)
      expect(again).toMatchObject({
        status: 409,
        body: {
          code: 'E_ALREADY_DECIDED',
          message: 'This registration has been decided already.',
          data: { approvalStatus: 2 },
        },
      })
    }
    const [row] = await portal.sql`select approval_status, approved_by from auth.users where id = ${id}`
    expect(row).toEqual({ approval_status: 2, approved_by: await idOf('admin1') })

    expect((await decide({ id: '00000000-0000-4000-8000-000000000000', approvalStatus: 2 }, sales1)).body.code).toBe(
      'E_NOT_FOUND',
    )
    // Staff are not registrations; buyer1 was approved long ago.
    expect((await decide({ id: await idOf('admin1'), approvalStatus: 3 }, sales1)).body.code).toBe('E_NOT_FOUND')
    expect((await decide({ id: await idOf('buyer1'), approvalStatus: 3 }, sales1)).body.code).toBe('E_ALREADY_DECIDED')
  })

  it('decides a registration once when two staff decide it at the same time', async () => {
    const { id } = await register()
    const answers = await Promise.all([
      decide({ id, approvalStatus: 2 }, sales1),
      decide({ id, approvalStatus: 3 }, admin1),
    ])
    expect(answers.map((a) => a.body.code).sort()).toEqual(['E_ALREADY_DECIDED', 'OK'])
    const [row] = await portal.sql`select approval_status from auth.users where id = ${id}`
    expect(row!.approval_status).toBe(answers.find((a) => a.body.code === 'OK')!.body.data.approvalStatus)
  })

  it('takes only approval or rejection, and a note of reasonable length', async () => {
    const { id } = await register()
    for (const body of [{ id, approvalStatus: 1 }, { id, approvalStatus: 4 }, { id }]) {
      const r = await decide(body, sales1)
      expect(r).toMatchObject({ status: 400, body: { code: 'E_VALIDATION' } })
      expect(r.body.data.fields.map((x: { field: string }) => x.field)).toContain('approvalStatus')
    }
    const long = await decide({ id, approvalStatus: 3, note: 'x'.repeat(501) }, sales1)
    expect(long.body.data.fields.map((x: { field: string }) => x.field)).toContain('note')
    expect((await portal.sql`select approval_status from auth.users where id = ${id}`)[0]!.approval_status).toBe(1)
  })

  it('rejects with a note: the registrant is mailed the note, sessions end, and sign-in says not approved', async () => {
    const { id, form } = await register()
    await verifyEmail(form.email)
    const before = (await portal.sql`select token_version from auth.users where id = ${id}`)[0]!.token_version as number
    const rejected = await decide(
      { id, approvalStatus: 3, note: '  The photo ID is unreadable.\nPlease send a clearer scan.  ' },
      admin1,
    )
    expect(rejected).toMatchObject({ status: 200, body: { code: 'OK', message: 'Account rejected.' } })
    expect(rejected.body.data).toMatchObject({
      approvalStatus: 3,
      decidedBy: 'admin1',
      note: 'The photo ID is unreadable.\nPlease send a clearer scan.',
    })
    const [row] = await portal.sql`select token_version, approval_note from auth.users where id = ${id}`
    expect(row!.token_version).toBe(before + 1)

    const mail = await portal.nextMail(form.email, new Set(), 'account-rejected')
    expect(mail.subject).toBe('Your registration was not approved | Diamond Portal')
    expect(mail.text).toContain('Note from our team: The photo ID is unreadable.\nPlease send a clearer scan.')

    const login = await portal.call('auth/login', { username: form.username, password: form.password })
    expect(login).toMatchObject({ status: 403, body: { code: 'E_ACCOUNT_NOT_APPROVED', data: { approvalStatus: 3 } } })
    expect((await registrations({ status: 3 }, sales1)).body.data.list.map((x: { id: string }) => x.id)).toContain(id)
  })

  it("lets operator staff read a registrant's documents, and nobody else", async () => {
    const { photoId } = await register()
    for (const token of [sales1, admin1]) {
      const r = await download(portal, photoId, token)
      expect(r).toMatchObject({ status: 200, type: 'image/png' })
      expect(r.bytes.equals(png(40, 30))).toBe(true)
    }
    for (const token of [buyer1, otherAdmin]) expect((await download(portal, photoId, token)).status).toBe(404)

    // A company's logo is not a registration document: it stays its company's.
    const logo = await upload(portal, { purpose: 'logo', name: 'logo.png', content: png(160, 160), token: buyer1 })
    expect(logo.body.code).toBe('OK')
    expect((await download(portal, logo.body.data.id, sales1)).status).toBe(404)
    expect((await download(portal, logo.body.data.id, buyer1)).status).toBe(200)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import { startTestPortal, type TestPortal } from '../../../test/portal'
import { guestToken } from './account-fixtures'

/**
 * My account → Manufacturing (company/facility/*) on the whole portal with a real PostgreSQL:
 * members of a company read its facilities, only its admin changes them, another company's facility
 * is not found, bad fields are named, a refusal changes nothing, and the member profile shows only
 * the public ones.
 */
const SHAH = DEMO_COMPANY_IDS['Shah Diamonds']!

const facility = (over: Record<string, unknown> = {}) => ({
  name: 'Ramat Gan polishing floor',
  city: 'Ramat Gan',
  country: 'Israel',
  activities: ['cuttingPolishing', 'planning'],
  workers: 35,
  monthlyCapacityCt: 400,
  certifications: 'RJC certified',
  isPublic: true,
  ...over,
})

describe('company/facility: a company’s manufacturing facilities', () => {
  let portal: TestPortal
  let admin1: string
  let sales1: string
  let seller1: string
  let buyer1: string
  let operator: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5 })
    ;[admin1, sales1, seller1, buyer1] = await Promise.all([
      portal.login('admin1'),
      portal.login('sales1'),
      portal.login('seller1'),
      portal.login('buyer1'),
    ])
    operator = (await portal.sql`select company_id from auth.users where username = 'admin1'`)[0]!.company_id as string
  })
  afterAll(() => portal?.close())

  const rows = async () =>
    (await portal.sql`select id, name, workers from auth.facilities where company_id = ${operator} order by id`).map(
      (r) => ({ ...r }),
    )

  it('lets the company admin add, change and delete; its members read them, by name', async () => {
    const added = (await portal.call('company/facility/save', facility({ name: '  Zeta lab ' }), admin1)).body
    expect(added).toMatchObject({
      code: 'OK',
      message: 'Facility saved.',
      data: {
        name: 'Zeta lab',
        city: 'Ramat Gan',
        activities: ['planning', 'cuttingPolishing'],
        workers: 35,
        monthlyCapacityCt: 400,
        certifications: 'RJC certified',
        isPublic: true,
      },
    })
    const id = added.data.id as string
    const second = (
      await portal.call(
        'company/facility/save',
        facility({ name: 'Alpha grading', activities: ['grading'], monthlyCapacityCt: null, isPublic: false }),
        admin1,
      )
    ).body
    expect(second.code).toBe('OK')

    // sales1 is a member of the same company, not its admin: reads all, the hidden one too.
    const read = (await portal.call('company/facility/paginate', {}, sales1)).body
    expect(read.code).toBe('OK')
    expect(read.data.count).toBe(2)
    expect(read.data.list.map((f: { name: string }) => f.name)).toEqual(['Alpha grading', 'Zeta lab'])

    const changed = (
      await portal.call('company/facility/save', facility({ id, name: 'Zeta lab', workers: 40 }), admin1)
    ).body
    expect(changed).toMatchObject({ code: 'OK', data: { id, workers: 40 } })
    expect((await rows()).find((r) => r.id === id)).toMatchObject({ workers: 40 })

    const gone = (await portal.call('company/facility/delete', { id: second.data.id }, admin1)).body
    expect(gone).toMatchObject({ code: 'OK', message: 'Facility deleted.', data: { id: second.data.id } })
    expect((await portal.call('company/facility/paginate', {}, admin1)).body.data.list).toEqual([
      expect.objectContaining({ id, name: 'Zeta lab' }),
    ])
  })

  it('refuses a member who is not the company admin, and changes nothing', async () => {
    const before = await rows()
    const [id] = before.map((r) => r.id as string)
    for (const [call, body] of [
      ['company/facility/save', facility()],
      ['company/facility/save', facility({ id })],
      ['company/facility/delete', { id }],
    ] as const) {
      const r = await portal.call(call, body, sales1)
      expect(r.status).toBe(403)
      expect(r.body.code).toBe('E_FORBIDDEN')
    }
    expect(await rows()).toEqual(before)
    // seller1 belongs to Shah Diamonds, not its admin either.
    expect((await portal.call('company/facility/save', facility(), seller1)).body.code).toBe('E_FORBIDDEN')
  })

  it('answers another company’s facility as not found, and leaves it as it was', async () => {
    const shah = await portal.sql`select id, name, workers from auth.facilities where company_id = ${SHAH} order by id`
    expect(shah.length).toBe(2)
    const theirs = shah[0]!.id as string
    const save = await portal.call('company/facility/save', facility({ id: theirs, workers: 1 }), admin1)
    expect(save.status).toBe(404)
    expect(save.body.code).toBe('E_NOT_FOUND')
    expect((await portal.call('company/facility/delete', { id: theirs }, admin1)).body.code).toBe('E_NOT_FOUND')
    expect(
      await portal.sql`select id, name, workers from auth.facilities where company_id = ${SHAH} order by id`,
    ).toEqual(shah)
    // seller1 reads its own company's two, not ours.
    const mine = (await portal.call('company/facility/paginate', {}, seller1)).body.data
    expect(mine.count).toBe(2)
    expect(mine.list.every((f: { id: string }) => shah.some((s) => s.id === f.id))).toBe(true)
  })

  it('names each bad field, blank texts included, and stores nothing', async () => {
    const before = await rows()
    const bad = (
      await portal.call(
        'company/facility/save',
        facility({
          name: '',
          activities: ['polishing', 'planning'],
          workers: -1,
          monthlyCapacityCt: 2.5,
          certifications: 'x'.repeat(301),
          colour: 'red',
        }),
        admin1,
      )
    ).body
    expect(bad.code).toBe('E_VALIDATION')
    const fields = (bad.data.fields as { field: string }[]).map((f) => f.field)
    for (const f of ['name', 'activities.0', 'workers', 'monthlyCapacityCt', 'certifications', 'colour'])
      expect(fields, f).toContain(f)
    const blank = (await portal.call('company/facility/save', facility({ name: '   ', city: ' \t' }), admin1)).body
    expect(blank).toMatchObject({
      code: 'E_VALIDATION',
      data: {
        fields: [
          { field: 'name', in: 'body', message: 'must not be blank' },
          { field: 'city', in: 'body', message: 'must not be blank' },
        ],
      },
    })
    const none = (await portal.call('company/facility/save', facility({ activities: [] }), admin1)).body
    expect(none.data.fields).toEqual([expect.objectContaining({ field: 'activities' })])
    const twice = (await portal.call('company/facility/save', facility({ activities: ['grading', 'grading'] }), admin1))
      .body
    expect(twice.data.fields).toEqual([expect.objectContaining({ field: 'activities' })])
    expect(await rows()).toEqual(before)
  })

  it('keeps at most 20 per company: the 21st is refused on id', async () => {
    const have = (await rows()).length
    for (let i = have; i < 20; i++)
      expect((await portal.call('company/facility/save', facility({ name: `Unit ${i}` }), admin1)).body.code).toBe('OK')
    const full = (await portal.call('company/facility/save', facility({ name: 'One too many' }), admin1)).body
    expect(full).toMatchObject({
      code: 'E_VALIDATION',
      data: { fields: [{ field: 'id', in: 'body', message: 'at most 20 facilities per company' }] },
    })
    expect((await rows()).length).toBe(20)
    // Changing one of the twenty is still allowed.
    const [first] = await rows()
    expect(
      (await portal.call('company/facility/save', facility({ id: first!.id, workers: 2 }), admin1)).body.code,
    ).toBe('OK')
  })

  it('member/view shows a company’s public facilities only, by name', async () => {
    const shah = (await portal.call('member/view', { companyId: SHAH }, buyer1)).body.data
    expect(shah.manufacturing).toContain('Surat')
    expect(shah.facilities).toEqual([
      {
        id: expect.any(String),
        name: 'Bharat Diamond Bourse grading office',
        city: 'Mumbai',
        country: 'India',
        activities: ['grading'],
        workers: 8,
        monthlyCapacityCt: null,
        certifications: 'GJEPC member',
      },
      expect.objectContaining({
        name: 'Varachha cutting works',
        activities: ['planning', 'cuttingPolishing', 'laserSawing'],
        workers: 120,
        monthlyCapacityCt: 1500,
      }),
    ])
    // A hidden facility of Shah's is not on its profile.
    await portal.sql`update auth.facilities set is_public = false where company_id = ${SHAH} and city = 'Mumbai'`
    const after = (await portal.call('member/view', { companyId: SHAH }, buyer1)).body.data
    expect(after.facilities.map((f: { name: string }) => f.name)).toEqual(['Varachha cutting works'])
    expect(JSON.stringify(after.facilities)).not.toContain('isPublic')
  })

  it('is for signed-in members only', async () => {
    expect((await portal.call('company/facility/paginate', {})).status).toBe(401)
    const guest = await guestToken(portal)
    expect((await portal.call('company/facility/paginate', {}, guest)).body.code).not.toBe('OK')
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { USER_SETTING_DEFAULTS } from '@diamond/contracts/http/user-settings'
import { startTestPortal, type TestPortal } from '../../../test/portal'
import { guestToken } from './account-fixtures'

describe('user-setting/paginate and /upsert: my own settings', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string
  let guest: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5 })
    ;[buyer1, buyer2] = await Promise.all([portal.login('buyer1'), portal.login('buyer2')])
    guest = await guestToken(portal)
  })
  afterAll(() => portal?.close())

  const list = async (token: string, body: Record<string, unknown> = {}) =>
    (await portal.call('user-setting/paginate', body, token)).body

  it('answers the defaults for what was never saved', async () => {
    const r = await list(buyer1)
    expect(r.code).toBe('OK')
    expect(r.data).toEqual({
      count: 3,
      list: [
        { key: 'preferences', value: USER_SETTING_DEFAULTS.preferences, updatedAt: null },
        { key: 'diamondSequence', value: USER_SETTING_DEFAULTS.diamondSequence, updatedAt: null },
        { key: 'matchPair', value: USER_SETTING_DEFAULTS.matchPair, updatedAt: null },
      ],
    })
  })

  it('saves a value in its shape, for me alone, and answers it next time', async () => {
    const sequence = {
      sort: [
        { field: 'crt', dir: 'desc' },
        { field: 'colNm', dir: 'asc' },
      ],
    }
    const saved = (await portal.call('user-setting/upsert', { key: 'diamondSequence', value: sequence }, buyer1)).body
    expect(saved).toMatchObject({
      code: 'OK',
      message: 'Settings updated',
      data: { key: 'diamondSequence', value: sequence },
    })
    const again = (
      await portal.call('user-setting/upsert', { key: 'diamondSequence', value: { sort: [{ field: 'amt' }] } }, buyer1)
    ).body
    expect(again.code).toBe('OK')
    const mine = await list(buyer1, { keys: ['diamondSequence'] })
    expect(mine.data.list).toEqual([
      { key: 'diamondSequence', value: { sort: [{ field: 'amt' }] }, updatedAt: expect.any(String) },
    ])
    expect((await list(buyer2, { keys: ['diamondSequence'] })).data.list[0].updatedAt).toBeNull()
  })

  it('refuses a wrong value naming each field, and changes nothing', async () => {
    const before = await portal.sql`select count(*)::int as n from auth.user_settings`
    const bad = (
      await portal.call(
        'user-setting/upsert',
        { key: 'matchPair', value: { caratDiffPct: 90, colorSteps: 1, claritySteps: 1 } },
        buyer2,
      )
    ).body
    expect(bad.code).toBe('E_VALIDATION')
    expect(bad.data.fields).toEqual(
      expect.arrayContaining([
        { field: 'value.caratDiffPct', in: 'body', message: 'must be <= 20' },
        { field: 'value.sameLab', in: 'body', message: 'is required' },
      ]),
    )
    const twice = (
      await portal.call(
        'user-setting/upsert',
        { key: 'diamondSequence', value: { sort: [{ field: 'crt' }, { field: 'crt' }] } },
        buyer2,
      )
    ).body
    expect(twice.data.fields).toEqual([
      { field: 'value.sort.1.field', in: 'body', message: 'names a column already in the sequence' },
    ])
    expect((await portal.call('user-setting/upsert', { key: 'theme', value: {} }, buyer2)).body.code).toBe(
      'E_VALIDATION',
    )
    expect(await portal.sql`select count(*)::int as n from auth.user_settings`).toEqual(before)
  })

  it('is for members: a guest or a stranger is refused', async () => {
    expect((await portal.call('user-setting/paginate', {}, guest)).body.code).not.toBe('OK')
    expect(
      (
        await portal.call(
          'user-setting/upsert',
          { key: 'preferences', value: USER_SETTING_DEFAULTS.preferences },
          guest,
        )
      ).body.code,
    ).not.toBe('OK')
    expect((await portal.callRaw('user-setting/paginate', {})).status).toBe(401)
  })
})

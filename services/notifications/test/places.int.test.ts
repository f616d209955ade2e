import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOCUMENT_TYPES } from '@diamond/contracts/http/account'
import { MASTERS } from '@diamond/contracts/masters'
import type { Place } from '@diamond/contracts/http/misc'
import { startTestPortal, type TestPortal } from '../../../test/portal'

describe('location and master data, signed out', () => {
  let portal: TestPortal

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 1 })
  })
  afterAll(() => portal?.close())

  it('lists every country on one default page, and finds one by name', async () => {
    const r = await portal.call('country/paginate', {})
    expect(r.body.code).toBe('OK')
    expect(r.body.data.count).toBe(249)
    expect(r.body.data.list).toHaveLength(249)
    expect(r.body.data.list).toContainEqual({ id: 'IN', name: 'India' })
    const hk = await portal.call('country/paginate', { search: 'HONG', page: 1, limit: 10 })
    expect(hk.body.data.list).toEqual([{ id: 'HK', name: 'Hong Kong SAR' }])
  })

  it("lists a country's states and a state's cities", async () => {
    const states = await portal.call('state/paginate', { countryId: 'IN' })
    expect(states.body.data.count).toBe(36)
    expect(states.body.data.list).toContainEqual({
      id: 'IN-MH',
      name: 'Maharashtra',
      countryId: 'IN',
      countryName: 'India',
    })
    const cities = await portal.call('city/paginate', { stateId: 'BE-VAN' })
    expect(cities.body.data.list.map((c: Place) => c.name)).toEqual(['Antwerp', 'Mechelen', 'Turnhout'])
    expect(cities.body.data.list[0]).toEqual({
      id: 'BE-VAN-ANTWERP',
      name: 'Antwerp',
      countryId: 'BE',
      countryName: 'Belgium',
      stateId: 'BE-VAN',
      stateName: 'Antwerp',
    })
    expect((await portal.call('state/paginate', { countryId: 'ZZ' })).body.data).toEqual({ list: [], count: 0 })
  })

  it('searches cities by the start of their name first', async () => {
    const r = await portal.call('city/search', { search: 'ramat' })
    expect(r.body.data.list[0]).toMatchObject({ name: 'Ramat Gan', stateId: 'IL-TA', countryName: 'Israel' })
    const mum = await portal.call('city/search', { search: 'MUM', limit: 5 })
    expect(mum.body.data.list[0]).toMatchObject({ id: 'IN-MH-MUMBAI', stateName: 'Maharashtra' })
    const many = await portal.call('city/search', { search: 'a' })
    expect(many.body.data.list).toHaveLength(20)
    expect(many.body.data.count).toBeGreaterThan(20)
  })

  it('names the missing field when a call lacks what it needs, and refuses a bad limit', async () => {
    for (const [path, field] of [
      ['state/paginate', 'countryId'],
      ['city/paginate', 'stateId'],
      ['city/search', 'search'],
    ] as const) {
      const r = await portal.call(path, {})
      expect(r.status, path).toBe(400)
      expect(r.body, path).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field }] } })
    }
    expect((await portal.call('country/paginate', { limit: 1001 })).body).toMatchObject({
      code: 'E_VALIDATION',
      data: { fields: [{ field: 'limit' }] },
    })
  })

  it('tells the server time whatever random query value is sent', async () => {
    const res = await fetch(`${portal.base}/web/v1/common/server-time?${Math.random()}`)
    const body = await res.json()
    expect(res.status).toBe(200)
    expect(body.code).toBe('OK')
    expect(body.data.timeZone).toBe('Asia/Kolkata')
    expect(body.data.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(Date.parse(body.data.time)).toBe(body.data.epochMs)
    expect((await (await fetch(`${portal.base}/web/v1/common/server-time?_=123`)).json()).code).toBe('OK')
  })

  it('answers master lists by code and refuses an unknown code', async () => {
    expect((await portal.call('master/list-by-code-no-auth', { code: 'DOCUMENT_TYPE' })).body).toMatchObject({
      code: 'OK',
      data: { list: [...DOCUMENT_TYPES] },
    })
    expect((await portal.call('master/list-by-code-no-auth', { code: 'CLARITY' })).body.data.list).toEqual([
      ...MASTERS.CLARITY,
    ])
    const bad = await portal.call('master/list-by-code-no-auth', { code: 'PASSWORDS' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'code' }] } })
  })
})

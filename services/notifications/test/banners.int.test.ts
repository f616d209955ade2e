import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BannerKind, type Banner } from '@diamond/contracts/http/misc'
import { createDatabase } from '@diamond/runtime'
import { BannerService } from '../src/modules/banners/banners.service'
import { startTestPortal, type TestPortal } from '../../../test/portal'

const WEB_PUBLIC = fileURLToPath(new URL('../../../web/public', import.meta.url))
const LANGUAGES = ['en', 'fr', 'zh', 'ja', 'it', 'es', 'de', 'he', 'ar']

describe('banners', () => {
  let portal: TestPortal
  const page = async (body: unknown) => portal.call('banner/paginate', body)

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 1 })
  })
  afterAll(() => portal?.close())

  it('answers the demo banners of the web portal, signed out, as the sign-in page asks', async () => {
    const r = await page({ page: 1, limit: 100, filter: { bannerType: 1 } })
    expect(r.status).toBe(200)
    expect(r.body.code).toBe('OK')
    const list = r.body.data.list as Banner[]
    expect(r.body.data.count).toBe(3)
    expect(list.map((b) => b.type)).toEqual([BannerKind.popup, BannerKind.marquee, BannerKind.loginImages])
    for (const b of list) {
      expect(b).toMatchObject({ bannerType: 1, isActive: true })
      expect(Object.keys(b.description).sort()).toEqual([...LANGUAGES].sort())
      for (const lang of LANGUAGES) expect(b.description[lang]!.length, `${b.type}/${lang}`).toBeGreaterThan(10)
      for (const image of b.images) expect(existsSync(`${WEB_PUBLIC}${image}`), image).toBe(true)
    }
    expect(list[2]!.images).toEqual(['/banners/login-1.svg', '/banners/login-2.svg', '/banners/login-3.svg'])
    expect(list[1]!.description.en).toContain('Prices per 3 June 2020 Rap list')
  })

  it('filters by kind and leaves out inactive banners and those of other places', async () => {
    await portal.sql`insert into notifications.banners (type, banner_type, images, description, is_active)
                     values (25, 1, '{}', '{"en":"switched off"}', false), (25, 2, '{}', '{"en":"another app"}', true)`
    const marquee = await page({ filter: { bannerType: 1, type: BannerKind.marquee } })
    expect(marquee.body.data.count).toBe(1)
    expect(marquee.body.data.list[0].description.en).toMatch(/^New arrivals every Monday/)
    const elsewhere = await page({ filter: { bannerType: 2 } })
    expect(elsewhere.body.data.list.map((b: Banner) => b.description.en)).toEqual(['another app'])
    const all = await page({})
    expect(all.body.data.count).toBe(4)
    expect(all.body.data.list.some((b: Banner) => b.description.en === 'switched off')).toBe(false)
  })

  it('pages the list', async () => {
    const second = await page({ page: 2, limit: 1, filter: { bannerType: 1 } })
    expect(second.body.data.count).toBe(3)
    expect(second.body.data.list.map((b: Banner) => b.type)).toEqual([BannerKind.marquee])
    expect((await page({ page: 9, limit: 100 })).body.data.list).toEqual([])
  })

  it('refuses a limit above 100 and unknown filters', async () => {
    const r = await page({ page: 1, limit: 101 })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'limit' }] } })
    expect((await page({ filter: { colour: 'D' } })).body).toMatchObject({
      code: 'E_VALIDATION',
      data: { fields: [{ field: 'filter.colour' }] },
    })
  })

  it('seeds demo banners only into an empty table', async () => {
    const database = createDatabase(portal.databaseUrl, 'notifications', { max: 1 })
    try {
      expect(await new BannerService(database).seedDemo()).toBe(0)
      await portal.sql`delete from notifications.banners`
      expect(await new BannerService(database).seedDemo()).toBe(3)
    } finally {
      await database.end()
    }
    expect((await page({ filter: { bannerType: 1 } })).body.data.count).toBe(3)
  })
})

import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import { ARTICLE_PHOTO_MAX_BYTES } from '@diamond/contracts/http/articles'
import { numbersIn, startTestPortal, type TestPortal } from '../../../test/portal'

const JPEG = (size = 2000) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size)])
const PNG = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(900)])
const PDF = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1500)])

const SHAH = DEMO_COMPANY_IDS['Shah Diamonds']!
const SURAT = DEMO_COMPANY_IDS['Surat Gems']!

describe('seller articles: create, list, change, photos, who sees what', () => {
  let portal: TestPortal
  let mediaDir: string
  let seller: string
  let staff: string
  let buyer: string
  let noPrice: string

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'articles-int-'))
    portal = await startTestPortal({ stones: 40, env: { STOCK_MEDIA_DIR: mediaDir } })
    ;[seller, staff, buyer, noPrice] = (await Promise.all(
      ['seller1', 'admin1', 'buyer1', 'noprice1'].map((u) => portal.login(u)),
    )) as [string, string, string, string]
  }, 180_000)
  afterAll(async () => {
    await portal?.close()
    await rm(mediaDir, { recursive: true, force: true })
  })

  const call = (path: string, body: unknown, token: string) => portal.call(`article/${path}`, body, token)
  const count = async () => (await portal.sql<{ n: number }[]>`select count(*)::int as n from stock.articles`)[0]!.n
  const events = async (articleId: string) =>
    (
      await portal.sql<{ change: string }[]>`
        select event->'data'->>'change' as change from stock.outbox
         where type = 'stock.article.changed' and key = ${articleId} order by seq`
    ).map((e) => e.change)

  async function upload(token: string, fields: [string, string][], file?: [string, Buffer]) {
    const form = new FormData()
    for (const [k, v] of fields) form.append(k, v)
    if (file) form.append('file', new Blob([new Uint8Array(file[1])]), file[0])
    const res = await fetch(`${portal.base}/web/v1/article/photo/upload`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}` },
      body: form,
    })
    return { status: res.status, body: (await res.json()) as { code: string; data: any } }
  }
  const get = async (url: string) => {
    const res = await fetch(`${portal.base}${url}`)
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
  }

  it('creates, lists, changes and deletes a seller’s own article, telling each change', async () => {
    const created = await call(
      'create',
      { kind: 'jewellery', name: '  Emerald ring  ', description: 'Platinum, 2.1 ct emerald', priceUsd: 12500.5 },
      seller,
    )
    expect(created.body.code).toBe('OK')
    const a = created.body.data
    expect(a).toMatchObject({
      sellerCompanyId: SHAH,
      sellerName: 'Shah Diamonds',
      kind: 'jewellery',
      name: 'Emerald ring',
      priceUsd: 12500.5,
      status: 'draft',
      photos: [],
      mine: true,
    })
    const mine = await call('paginate', { mine: true }, seller)
    expect(mine.body.data.list.map((x: any) => x.id)).toContain(a.id)

    const updated = await call('update', { id: a.id, status: 'listed', priceUsd: 13000 }, seller)
    expect(updated.body.data).toMatchObject({ status: 'listed', priceUsd: 13000, name: 'Emerald ring' })
    const viewed = await call('view', { id: a.id }, buyer)
    expect(viewed.body.data).toMatchObject({ id: a.id, status: 'listed', priceUsd: 13000, mine: false })

    const deleted = await call('delete', { ids: [a.id] }, seller)
    expect(deleted.body.data).toEqual({ deleted: 1 })
    expect((await call('view', { id: a.id }, seller)).body.code).toBe('E_NOT_FOUND')
    expect(await events(a.id)).toEqual(['created', 'updated', 'deleted'])
  })

  it('shows a seller’s listed articles to buyers, never its drafts, and finds them by name and kind', async () => {
    const listed = (
      await call('create', { kind: 'parcel', name: 'Melee parcel QX7', priceUsd: 980, status: 'listed' }, seller)
    ).body.data
    const draft = (await call('create', { kind: 'other', name: 'Loupe set', priceUsd: 45 }, seller)).body.data
    const page = await call('paginate', { sellerCompanyId: SHAH }, buyer)
    expect(page.body.data.sellerName).toBe('Shah Diamonds')
    const ids = page.body.data.list.map((x: any) => x.id)
    expect(ids).toContain(listed.id)
    expect(ids).not.toContain(draft.id)
    expect((await call('view', { id: draft.id }, buyer)).body.code).toBe('E_NOT_FOUND')
    expect((await call('view', { id: draft.id }, seller)).body.data.status).toBe('draft')

    const byName = await call('paginate', { sellerCompanyId: SHAH, search: 'qx7' }, buyer)
    expect(byName.body.data.list.map((x: any) => x.id)).toEqual([listed.id])
    const byKind = await call('paginate', { sellerCompanyId: SHAH, kind: 'jewellery' }, buyer)
    expect(byKind.body.data.list.map((x: any) => x.id)).not.toContain(listed.id)
    // Neither mine nor a seller: which seller's articles is the question.
    const none = await call('paginate', {}, buyer)
    expect(none.body.code).toBe('E_VALIDATION')
    expect(none.body.data.fields.map((f: any) => f.field)).toEqual(['sellerCompanyId'])
  })

  it('lists the demo sellers’ articles with a drawn photo that is served as a PNG', async () => {
    const page = await call('paginate', { sellerCompanyId: SHAH, kind: 'jewellery' }, buyer)
    const ring = page.body.data.list.find((x: any) => x.name === 'Solitaire engagement ring, 1.02 ct')
    expect(ring).toMatchObject({
      status: 'listed',
      priceUsd: 8950,
      photos: [expect.objectContaining({ url: expect.any(String) })],
    })
    const photo = await fetch(`${portal.base}${ring.photos[0].url}`)
    expect(photo.status).toBe(200)
    expect(photo.headers.get('content-type')).toBe('image/png')
    expect(
      Buffer.from(await photo.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG')
  })

  it('hides the price from a member who may not see prices, in the answer itself', async () => {
    const a = (
      await call('create', { kind: 'jewellery', name: 'Tennis bracelet', priceUsd: 7200, status: 'listed' }, seller)
    ).body.data
    expect((await call('view', { id: a.id }, noPrice)).body.data.priceUsd).toBeNull()
    const page = await call('paginate', { sellerCompanyId: SHAH }, noPrice)
    const row = page.body.data.list.find((x: any) => x.id === a.id)
    expect(row.priceUsd).toBeNull()
    expect(numbersIn(page.body)).not.toContain(7200)
    expect((await call('view', { id: a.id }, buyer)).body.data.priceUsd).toBe(7200)
  })

  it('lets staff act for any seller by naming it, and keeps another seller’s article out of reach', async () => {
    const needsSeller = await call('create', { kind: 'other', name: 'x', priceUsd: 1 }, staff)
    expect(needsSeller.body.code).toBe('E_VALIDATION')
    const theirs = (
      await call('create', { kind: 'jewellery', name: 'Surat pendant', priceUsd: 300, sellerCompanyId: SURAT }, staff)
    ).body.data
    expect(theirs).toMatchObject({ sellerCompanyId: SURAT, status: 'draft', mine: true })
    const staffList = await call('paginate', { mine: true, sellerCompanyId: SURAT }, staff)
    // Surat Gems' own: the new draft among them (the demo lists one of Surat's parcels too), no one else's.
    expect(staffList.body.data.list.map((x: any) => x.id)).toContain(theirs.id)
    expect(new Set(staffList.body.data.list.map((x: any) => x.sellerCompanyId))).toEqual(new Set([SURAT]))

    // seller1 (Shah Diamonds) meets Surat Gems' draft as nothing at all, whichever way it asks.
    for (const [path, body] of [
      ['view', { id: theirs.id }],
      ['update', { id: theirs.id, name: 'mine now' }],
      ['delete', { ids: [theirs.id] }],
      ['photo/delete', { id: theirs.id, photo: theirs.id }],
      ['paginate', { mine: true, sellerCompanyId: SURAT }],
    ] as const) {
      const r = await call(path, body, seller)
      expect(r.body.code, path).toBe('E_NOT_FOUND')
    }
    const upload1 = await upload(seller, [['articleId', theirs.id]], ['p.jpg', JPEG()])
    expect(upload1.body.code).toBe('E_NOT_FOUND')
    // A delete naming one of its own and one of another's deletes neither.
    const own = (await call('create', { kind: 'other', name: 'Own', priceUsd: 5 }, seller)).body.data
    expect((await call('delete', { ids: [own.id, theirs.id] }, seller)).body.code).toBe('E_NOT_FOUND')
    expect((await call('view', { id: own.id }, seller)).body.code).toBe('OK')
    // A buyer changes nothing.
    for (const [path, body] of [
      ['create', { kind: 'other', name: 'Nope', priceUsd: 5 }],
      ['update', { id: own.id, name: 'Nope' }],
      ['delete', { ids: [own.id] }],
    ] as const) {
      const r = await call(path, body, buyer)
      expect(['E_FORBIDDEN', 'E_NOT_FOUND'], path).toContain(r.body.code)
    }
    expect((await call('view', { id: own.id }, seller)).body.data.name).toBe('Own')
    // Staff change Surat Gems' article naming it, and list it.
    const changed = await call('update', { id: theirs.id, status: 'listed', sellerCompanyId: SURAT }, staff)
    expect(changed.body.data.status).toBe('listed')
    expect((await call('view', { id: theirs.id }, seller)).body.data).toMatchObject({ status: 'listed', mine: false })
  })

  it('refuses bad fields by name and stores nothing', async () => {
    const before = await count()
    const bad = await call('create', { kind: 'jewellery', name: '   ', priceUsd: 12.345, description: 'ok' }, seller)
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('E_VALIDATION')
    expect(bad.body.data.fields.map((f: any) => f.field).sort()).toEqual(['name', 'priceUsd'])
    const kind = await call('create', { kind: 'watch', name: 'Watch', priceUsd: 10 }, seller)
    expect(kind.body.code).toBe('E_VALIDATION')
    expect(JSON.stringify(kind.body.data)).toContain('kind')
    const big = await call('create', { kind: 'other', name: 'Big', priceUsd: 100_000_000.5 }, seller)
    expect(big.body.data.fields.map((f: any) => f.field)).toEqual(['priceUsd'])
    const long = await call('create', { kind: 'other', name: 'n'.repeat(121), priceUsd: 1 }, seller)
    expect(long.body.data.fields.map((f: any) => f.field)).toEqual(['name'])
    expect(await count()).toBe(before)

    const a = (await call('create', { kind: 'other', name: 'Kept', priceUsd: 10 }, seller)).body.data
    const badUpdate = await call('update', { id: a.id, priceUsd: -1, name: 'Changed' }, seller)
    expect(badUpdate.body.data.fields.map((f: any) => f.field)).toEqual(['priceUsd'])
    expect((await call('view', { id: a.id }, seller)).body.data).toMatchObject({ name: 'Kept', priceUsd: 10 })
  })

  it('takes jpg and png photos by their content, serves them, deletes them, and holds at most 8', async () => {
    const a = (
      await call('create', { kind: 'jewellery', name: 'Photo ring', priceUsd: 99.99, status: 'listed' }, seller)
    ).body.data
    const jpeg = JPEG()
    const first = await upload(seller, [['articleId', a.id]], ['ring.jpg', jpeg])
    expect(first.body.code).toBe('OK')
    expect(first.body.data.photos).toHaveLength(1)
    const photo = first.body.data.photos[0]
    expect(photo.url).toMatch(new RegExp(`^/web/v1/article-media/${a.id}/[0-9a-f-]{36}\\.jpg$`))
    const served = await get(photo.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(served.body.equals(jpeg)).toBe(true)
    // A buyer's page shows it, with the same address.
    const page = await call('paginate', { sellerCompanyId: SHAH }, buyer)
    expect(page.body.data.list.find((x: any) => x.id === a.id).photos).toEqual([photo])

    // A PDF named .jpg, a GIF, a PNG named .jpg: refused by content, nothing stored.
    for (const [name, data] of [
      ['fake.jpg', PDF()],
      ['anim.gif', Buffer.from('GIF89a.............')],
      ['swapped.jpg', PNG()],
    ] as const) {
      const r = await upload(seller, [['articleId', a.id]], [name, data])
      expect(r.body.code, name).toBe('E_VALIDATION')
      expect(r.body.data.fields.map((f: any) => f.field)).toEqual(['file'])
    }
    const tooBig = await upload(seller, [['articleId', a.id]], ['big.jpg', JPEG(ARTICLE_PHOTO_MAX_BYTES)])
    expect(tooBig.body.code).toBe('E_FILE_TOO_LARGE')
    expect((await call('view', { id: a.id }, seller)).body.data.photos).toHaveLength(1)
    // A part after the photo was dropped unseen and the photo kept: refused, nothing stored.
    for (const [k, v] of [
      ['x', '1'],
      ['file', new Blob([new Uint8Array(JPEG())])],
    ] as const) {
      const form = new FormData()
      form.append('articleId', a.id)
      form.append('file', new Blob([new Uint8Array(JPEG())]), 'two.jpg')
      if (typeof v === 'string') form.append(k, v)
      else form.append(k, v, 'three.jpg')
      const res = await fetch(`${portal.base}/web/v1/article/photo/upload`, {
        method: 'POST',
        headers: { authorization: `JWT ${seller}` },
        body: form,
      })
      const answer = (await res.json()) as { code: string; data: { fields: { field: string }[] } }
      expect([res.status, answer.code, answer.data.fields[0]!.field]).toEqual([400, 'E_VALIDATION', k])
    }
    expect((await call('view', { id: a.id }, seller)).body.data.photos).toHaveLength(1)
    const missing = await upload(seller, [['articleId', a.id]])
    expect(missing.body.code).toBe('E_VALIDATION')
    // The file before the article it belongs to, or a field no photo upload has: named, nothing stored.
    const noArticle = await upload(seller, [], ['early.jpg', JPEG()])
    expect(noArticle.body.data.fields.map((f: any) => f.field)).toEqual(['articleId'])
    const unknown = await upload(seller, [['colour', 'red']], ['p.jpg', JPEG()])
    expect(unknown.body.data.fields.map((f: any) => f.field)).toEqual(['colour'])
    expect((await call('view', { id: a.id }, seller)).body.data.photos).toHaveLength(1)

    for (let i = 2; i <= 7; i++) {
      const r = await upload(seller, [['articleId', a.id]], [`p${i}.png`, PNG()])
      expect(r.body.data.photos, String(i)).toHaveLength(i)
    }
    // Two uploads at once for the last free place: one is taken, the other refused, never a ninth.
    const race = await Promise.all([1, 2].map((n) => upload(seller, [['articleId', a.id]], [`r${n}.png`, PNG()])))
    expect(race.map((r) => r.body.code).sort()).toEqual(['E_VALIDATION', 'OK'])
    const keysNow = (await portal.sql<{ photos: string[] }[]>`select photos from stock.articles where id = ${a.id}`)[0]!
      .photos
    expect(keysNow).toHaveLength(8)
    // Every refused photo (wrong content, too large, the race's loser) left nothing in the store.
    expect((await readdir(join(mediaDir, 'articles', a.id))).sort()).toEqual(keysNow.map((k) => k.split('/')[2]).sort())
    const ninth = await upload(seller, [['articleId', a.id]], ['p9.png', PNG()])
    expect(ninth.body.code).toBe('E_VALIDATION')
    expect(ninth.body.data.fields).toEqual([{ field: 'file', in: 'body', message: 'at most 8 photos per article' }])

    const gone = await call('photo/delete', { id: a.id, photo: photo.id }, seller)
    expect(gone.body.data.photos).toHaveLength(7)
    expect(gone.body.data.photos.map((p: any) => p.id)).not.toContain(photo.id)
    expect((await get(photo.url)).status).toBe(404)
    const key = `articles/${a.id}/${photo.id}.jpg`
    expect(existsSync(join(mediaDir, key))).toBe(false)

    // Deleting the article takes its photos out of the store.
    const keys = (await portal.sql<{ photos: string[] }[]>`select photos from stock.articles where id = ${a.id}`)[0]!
      .photos
    expect(keys.every((k) => existsSync(join(mediaDir, k)))).toBe(true)
    await call('delete', { ids: [a.id] }, seller)
    expect(keys.some((k) => existsSync(join(mediaDir, k)))).toBe(false)
  })
})

import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import yauzl from 'yauzl'
import yazl from 'yazl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import { MEDIA_MAX_BYTES } from '@diamond/contracts/http/media'
import { recordMediaLink } from '../src/modules/media/media.repository'
import { startTestPortal, type TestPortal } from '../../../test/portal'

const JPEG = (size = 2000) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size)])
const PNG = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(900)])
const PDF = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1500)])
const MP4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), randomBytes(5000)])

/** A zip made by yazl; `deflate` false stores entries as they are. */
async function zipOf(entries: [string, Buffer, boolean?][]): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, data, deflate] of entries) zip.addBuffer(data, name, { compress: deflate ?? false })
  zip.end()
  const chunks: Buffer[] = []
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c)
  return Buffer.concat(chunks)
}

/** Every occurrence of one byte string replaced by another of the same length (names in local and central headers). */
function patch(buf: Buffer, from: string, to: string): Buffer {
  const out = Buffer.from(buf)
  for (let at = out.indexOf(from); at >= 0; at = out.indexOf(from, at + 1)) out.write(to, at, 'latin1')
  return out
}

/** Claims a smaller unpacked size for the zip's one entry than its data has (local header and central directory). */
function lieAboutSize(buf: Buffer, claimed: number): Buffer {
  const out = Buffer.from(buf)
  const local = out.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]))
  out.writeUInt32LE(claimed, local + 22)
  const central = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
  out.writeUInt32LE(claimed, central + 24)
  return out
}

async function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(buf)
  const out = new Map<string, Buffer>()
  for await (const e of zip.eachEntry()) {
    const chunks: Buffer[] = []
    for await (const c of await zip.openReadStreamPromise(e)) chunks.push(c as Buffer)
    out.set(e.fileName, Buffer.concat(chunks))
  }
  return out
}

interface TestStone {
  id: string
  vStnId: string
  stoneId: string
  certNo: string
}

describe('stone media: upload, match, serve (local folder store)', () => {
  let portal: TestPortal
  let mediaDir: string
  let seller: string
  let staff: string
  let buyer: string
  let mine: TestStone
  let mine2: TestStone
  let theirs: TestStone

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'media-int-'))
    portal = await startTestPortal({ stones: 40, env: { STOCK_MEDIA_DIR: mediaDir } })
    ;[seller, staff, buyer] = await Promise.all([
      portal.login('seller1'),
      portal.login('admin1'),
      portal.login('buyer1'),
    ])
    const rows = await portal.sql<TestStone[]>`
      select id, v_stn_id as "vStnId", stone_id as "stoneId", cert_no as "certNo" from stock.stones
       where cert_no <> '' and w_sts = 'A' order by v_stn_id limit 3`
    ;[mine, mine2, theirs] = [rows[0]!, rows[1]!, rows[2]!]
    const shah = DEMO_COMPANY_IDS['Shah Diamonds']!
    await portal.sql`update stock.stones set seller_company_id = ${shah} where id in ${portal.sql([mine.id, mine2.id])}`
    await portal.sql`update stock.stones set seller_company_id = ${DEMO_COMPANY_IDS['Surat Gems']!} where id = ${theirs.id}`
  }, 180_000)
  afterAll(async () => {
    await portal?.close()
    await rm(mediaDir, { recursive: true, force: true })
  })

  async function upload(token: string, files: [string, Buffer][]) {
    const form = new FormData()
    for (const [name, data] of files) form.append('file', new Blob([new Uint8Array(data)]), name)
    const res = await fetch(`${portal.base}/web/v1/seller/media/upload`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}` },
      body: form,
    })
    return { status: res.status, body: (await res.json()) as { code: string; data: any } }
  }
  const rowsOf = (stoneId: string) =>
    portal.sql<{ kind: string; position: number; key: string | null; url: string | null; size: number }[]>`
      select kind, position, key, url, size::int from stock.stone_media where stone_id = ${stoneId} order by kind, position`
  const objectsIn = async (stoneId: string) => {
    const dir = join(mediaDir, 'stones', stoneId)
    if (!existsSync(dir)) return []
    const kinds = await readdir(dir)
    return (await Promise.all(kinds.map(async (k) => (await readdir(join(dir, k))).map((f) => `${k}/${f}`)))).flat()
  }
  const get = async (path: string) => {
    const res = await fetch(`${portal.base}${path}`)
    return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) }
  }

  it('attaches photos, a video and a certificate by stock and report number, and reports what it did not take', async () => {
    const photo = JPEG()
    const files: [string, Buffer][] = [
      [`${mine.stoneId}.jpg`, photo],
      [`${mine.stoneId}_2.png`, PNG()],
      [`${mine.vStnId}.mp4`, MP4()],
      [`GIA ${mine.certNo}.pdf`, PDF()],
      [`${theirs.stoneId}.jpg`, JPEG()],
      ['NO-SUCH-STONE-1.jpg', JPEG()],
      [`${mine2.stoneId}.jpg`, PDF()],
      [`${mine2.stoneId}.gif`, Buffer.from('GIF89a.......')],
    ]
    const r = await upload(seller, files)
    expect(r.status).toBe(200)
    expect(r.body.code).toBe('OK')
    const report = r.body.data
    expect(report).toMatchObject({ received: 8, matched: 4, unmatched: 4 })
    expect(report.files.map((f: any) => [f.file, f.ok ? `${f.kind}:${f.position}:${f.vStnId}` : f.reason])).toEqual([
      [`${mine.stoneId}.jpg`, `photo:1:${mine.vStnId}`],
      [`${mine.stoneId}_2.png`, `photo:2:${mine.vStnId}`],
      [`${mine.vStnId}.mp4`, `video:1:${mine.vStnId}`],
      [`GIA ${mine.certNo}.pdf`, `certificate:1:${mine.vStnId}`],
      [`${theirs.stoneId}.jpg`, 'notYourStone'],
      ['NO-SUCH-STONE-1.jpg', 'noStone'],
      [`${mine2.stoneId}.jpg`, 'wrongType'],
      [`${mine2.stoneId}.gif`, 'wrongType'],
    ])
    expect(report.files[0].size).toBe(photo.length)
    expect((await rowsOf(mine.id)).map((m) => `${m.kind}:${m.position}`)).toEqual([
      'certificate:1',
      'photo:1',
      'photo:2',
      'video:1',
    ])
    expect(await objectsIn(mine.id)).toHaveLength(4)
    expect(await rowsOf(theirs.id)).toEqual([])
    expect(await objectsIn(theirs.id)).toEqual([])
    expect(await rowsOf(mine2.id)).toEqual([])
  })

  it('shows the real photo, video and certificate on the detail page, and the drawn outline for a stone without', async () => {
    const view = await portal.call('diamond/view', { id: mine.id }, buyer)
    const m = view.body.data.media
    expect(m.image).toMatch(new RegExp(`^/web/v1/diamond-media/image/${mine.vStnId}\\.jpg\\?v=`))
    expect(m.video).toMatch(new RegExp(`^/web/v1/diamond-media/video/${mine.vStnId}\\.mp4\\?v=`))
    expect(m.certificate).toMatch(new RegExp(`^/web/v1/diamond-media/certificate/${mine.vStnId}\\.pdf\\?v=`))
    const photo = await get(m.image)
    expect(photo.status).toBe(200)
    expect(photo.type).toBe('image/jpeg')
    expect(photo.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
    const video = await get(m.video)
    expect(video.type).toBe('video/mp4')
    const part = await fetch(`${portal.base}${m.video}`, { headers: { range: 'bytes=4-11' } })
    expect([part.status, part.headers.get('content-range'), part.headers.get('accept-ranges')]).toEqual([
      206,
      `bytes 4-11/${video.body.length}`,
      'bytes',
    ])
    expect(Buffer.from(await part.arrayBuffer()).toString()).toBe('ftypisom')
    const beyond = await fetch(`${portal.base}${m.video}`, { headers: { range: `bytes=${video.body.length}-` } })
    expect([beyond.status, beyond.headers.get('content-range')]).toEqual([416, `bytes */${video.body.length}`])
    expect((await get(m.certificate)).body.subarray(0, 5).toString()).toBe('%PDF-')
    const second = await get(`/web/v1/diamond-media/image/${mine.vStnId}.png?n=2`)
    expect([second.status, second.type]).toEqual([200, 'image/png'])
    // the wrong extension for what is stored, a position with nothing, another stone's number
    expect((await get(`/web/v1/diamond-media/image/${mine.vStnId}.png`)).status).toBe(404)
    expect((await get(`/web/v1/diamond-media/image/${mine.vStnId}.jpg?n=5`)).status).toBe(404)
    expect((await get(`/web/v1/diamond-media/video/${mine2.vStnId}.mp4`)).status).toBe(404)

    const other = (await portal.call('diamond/view', { id: mine2.id }, buyer)).body.data.media
    expect(other.image).toBe(`/web/v1/diamond-media/image/${mine2.vStnId}.svg`)
    expect(other.video).toBe('')
    expect((await get(other.image)).type).toMatch(/^image\/svg\+xml/)
  })

  it('puts the real files in the zip download, and the drawn outline for a stone without a photo', async () => {
    const res = await fetch(`${portal.base}/web/v1/diamond/download-zip`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${buyer}` },
      body: JSON.stringify({ ids: [mine.id, mine2.id] }),
    })
    expect(res.status).toBe(200)
    const files = await unzip(Buffer.from(await res.arrayBuffer()))
    const stored = await portal.sql<{ key: string; kind: string; position: number }[]>`
      select key, kind, position from stock.stone_media where stone_id = ${mine.id} and kind = 'photo' and position = 1`
    const names = [...files.keys()].sort()
    expect(names).toEqual(
      [
        `${mine.vStnId}/certificate.pdf`,
        `${mine.vStnId}/certificate.txt`,
        `${mine.vStnId}/image.jpg`,
        `${mine.vStnId}/image_2.png`,
        `${mine.vStnId}/plotting.svg`,
        `${mine.vStnId}/video.mp4`,
        `${mine2.vStnId}/certificate.txt`,
        `${mine2.vStnId}/image.svg`,
        `${mine2.vStnId}/plotting.svg`,
      ].sort(),
    )
    const photo = await get(`/web/v1/diamond-media/image/${mine.vStnId}.jpg`)
    expect(Buffer.compare(files.get(`${mine.vStnId}/image.jpg`)!, photo.body)).toBe(0)
    expect(stored).toHaveLength(1)
  })

  it('takes a zip: entries matched like single files, a traversal name, a bomb and a lying size refused, nothing of them stored', async () => {
    const bomb = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(15 * 1024 * 1024)])
    const good = await zipOf([
      [`photos/${mine2.stoneId}.jpg`, JPEG()],
      [`photos/${mine2.stoneId}_3.jpg`, JPEG()],
      [`xx/${mine2.stoneId}_4.jpg`, JPEG()],
      [`${mine2.stoneId}_5.jpg`, bomb, true],
      [`${theirs.stoneId}_2.jpg`, JPEG()],
      [`${mine2.vStnId}.pdf`, JPEG()],
      ['__MACOSX/._x.jpg', Buffer.from('junk')],
      ['readme.txt', Buffer.from('hello')],
    ])
    const traversal = patch(
      good,
      `xx/${mine2.stoneId}_4.jpg`,
      `../${mine2.stoneId}_4.jpg`.slice(0, `xx/${mine2.stoneId}_4.jpg`.length),
    )
    const liar = lieAboutSize(
      await zipOf([[`${mine2.stoneId}_6.jpg`, Buffer.concat([JPEG(10), Buffer.alloc(4 * 1024 * 1024)]), true]]),
      30_000,
    )
    const r = await upload(seller, [
      ['stock photos.zip', traversal],
      ['liar.zip', liar],
      ['not-a-zip.zip', JPEG()],
    ])
    expect(r.body.code).toBe('OK')
    expect(r.body.data.files.map((f: any) => [f.file, f.ok ? `${f.kind}:${f.position}` : f.reason])).toEqual([
      [`stock photos.zip/photos/${mine2.stoneId}.jpg`, 'photo:1'],
      [`stock photos.zip/photos/${mine2.stoneId}_3.jpg`, 'photo:3'],
      [`stock photos.zip/../${mine2.stoneId}_4.jpg`, 'badName'],
      [`stock photos.zip/${mine2.stoneId}_5.jpg`, 'zipBomb'],
      [`stock photos.zip/${theirs.stoneId}_2.jpg`, 'notYourStone'],
      [`stock photos.zip/${mine2.vStnId}.pdf`, 'wrongType'],
      ['stock photos.zip/readme.txt', 'wrongType'],
      [`liar.zip/${mine2.stoneId}_6.jpg`, 'badZip'],
      ['not-a-zip.zip', 'badZip'],
    ])
    expect((await rowsOf(mine2.id)).map((m) => `${m.kind}:${m.position}`)).toEqual(['photo:1', 'photo:3'])
    expect(await objectsIn(mine2.id)).toHaveLength(2)
    expect(await rowsOf(theirs.id)).toEqual([])
  })

  it('refuses a photo over its limit and stores nothing of it', async () => {
    const r = await upload(seller, [[`${mine2.stoneId}_7.jpg`, JPEG(MEDIA_MAX_BYTES.photo)]])
    expect(r.body.data.files).toEqual([{ file: `${mine2.stoneId}_7.jpg`, ok: false, reason: 'tooLarge' }])
    expect((await rowsOf(mine2.id)).map((m) => m.position)).toEqual([1, 3])
    expect(await objectsIn(mine2.id)).toHaveLength(2)
  })

  it('replaces a photo uploaded again, and deletes the file it replaced', async () => {
    const before = await objectsIn(mine2.id)
    const r = await upload(seller, [[`${mine2.stoneId}.jpg`, JPEG()]])
    expect(r.body.data.matched).toBe(1)
    const after = await objectsIn(mine2.id)
    expect(after).toHaveLength(2)
    expect(after.filter((k) => !before.includes(k))).toHaveLength(1)
  })

  it('lets staff attach to any seller’s stone; a buyer may not upload at all', async () => {
    const r = await upload(staff, [[`${theirs.vStnId}.jpg`, JPEG()]])
    expect(r.body.data).toMatchObject({ matched: 1 })
    expect((await rowsOf(theirs.id)).map((m) => m.kind)).toEqual(['photo'])
    const refused = await upload(buyer, [[`${mine.stoneId}.jpg`, JPEG()]])
    expect([refused.status, refused.body.code]).toEqual([403, 'E_FORBIDDEN'])
  })

  it('refuses a request without files, and one that is not multipart', async () => {
    expect((await upload(seller, [])).body.code).toBe('E_VALIDATION')
    const json = await portal.call('seller/media/upload', { file: 'x' }, seller)
    expect(json.body.code).toBe('E_UNSUPPORTED_MEDIA_TYPE')
  })

  it('lists the seller’s own media by kind, and deletes only the seller’s own', async () => {
    const page = await portal.call('seller/media/paginate', { kind: 'photo', limit: 50 }, seller)
    expect(page.body.code).toBe('OK')
    const list = page.body.data.list as { id: string; stoneId: string; url: string; kind: string }[]
    expect(new Set(list.map((m) => m.stoneId))).toEqual(new Set([mine.id, mine2.id]))
    expect(list.every((m) => m.kind === 'photo' && m.url.startsWith('/web/v1/diamond-media/image/'))).toBe(true)
    const all = await portal.call('seller/media/paginate', { search: mine.certNo }, seller)
    expect(all.body.data.count).toBe(4)
    const everyone = await portal.call('seller/media/paginate', {}, staff)
    expect(everyone.body.data.count).toBe(page.body.data.count + 3)
    expect((await portal.call('seller/media/paginate', {}, buyer)).body.code).toBe('E_FORBIDDEN')

    const [foreign] = await portal.sql<{ id: string }[]>`select id from stock.stone_media where stone_id = ${theirs.id}`
    const video = (await portal.call('seller/media/paginate', { kind: 'video' }, seller)).body.data.list[0]
    const refused = await portal.call('seller/media/delete', { ids: [video.id, foreign!.id] }, seller)
    expect([refused.status, refused.body.code]).toEqual([404, 'E_NOT_FOUND'])
    expect(await rowsOf(mine.id)).toHaveLength(4)

    const done = await portal.call('seller/media/delete', { ids: [video.id] }, seller)
    expect(done.body).toMatchObject({ code: 'OK', data: { deleted: 1 } })
    expect((await rowsOf(mine.id)).map((m) => m.kind)).not.toContain('video')
    expect((await objectsIn(mine.id)).filter((k) => k.startsWith('video/'))).toEqual([])
    expect((await portal.call('diamond/view', { id: mine.id }, buyer)).body.data.media.video).toBe('')
  })

  it('records an upload file’s media links, shown when no file was uploaded and never over one', async () => {
    await portal.sql.begin(async (tx) => {
      await recordMediaLink(tx, mine2.id, 'video', 'https://cdn.example.test/v/1.mp4')
      await recordMediaLink(tx, mine2.id, 'photo', 'https://cdn.example.test/p/1.jpg')
      await recordMediaLink(tx, mine2.id, 'certificate', 'javascript:alert(1)')
    })
    const m = (await portal.call('diamond/view', { id: mine2.id }, buyer)).body.data.media
    expect(m.video).toBe('https://cdn.example.test/v/1.mp4')
    expect(m.image).toMatch(/\/diamond-media\/image\/.*\.jpg\?v=/)
    expect(m.certificate).toBe('')
    await portal.sql.begin((tx) => recordMediaLink(tx, mine2.id, 'video', ''))
    expect((await portal.call('diamond/view', { id: mine2.id }, buyer)).body.data.media.video).toBe('')
    // the links an inventory upload keeps on the stone itself
    await portal.sql`update stock.stones set video_url = 'https://cdn.example.test/v/2.mp4', certificate_url = 'javascript:x' where id = ${mine2.id}`
    const kept = (await portal.call('diamond/view', { id: mine2.id }, buyer)).body.data.media
    expect([kept.video, kept.certificate]).toEqual(['https://cdn.example.test/v/2.mp4', ''])
  })

  it('lets staff act for one seller they name: its stones only, its media only; a seller naming another is refused', async () => {
    const surat = DEMO_COMPANY_IDS['Surat Gems']!
    const form = new FormData()
    form.append('sellerCompanyId', surat)
    form.append('file', new Blob([new Uint8Array(JPEG())]), `${theirs.vStnId}.jpg`)
    form.append('file', new Blob([new Uint8Array(JPEG())]), `${mine.vStnId}.jpg`)
    const res = await fetch(`${portal.base}/web/v1/seller/media/upload`, {
      method: 'POST',
      headers: { authorization: `JWT ${staff}` },
      body: form,
    })
    const r = (await res.json()) as { code: string; data: { matched: number; files: { file: string; ok: boolean }[] } }
    expect(r.code).toBe('OK')
    expect(r.data.matched).toBe(1)
    expect(r.data.files.map((f) => f.ok)).toEqual([true, false])

    const page = await portal.call('seller/media/paginate', { sellerCompanyId: surat }, staff)
    expect(page.body.code).toBe('OK')
    const stonesOf = new Set((page.body.data.list as { stoneId: string }[]).map((m) => m.stoneId))
    expect([...stonesOf]).toEqual([theirs.id])
    const refused = await portal.call('seller/media/paginate', { sellerCompanyId: surat }, seller)
    expect([refused.status, refused.body.code]).toEqual([404, 'E_NOT_FOUND'])
    const bad = await portal.call('seller/media/paginate', { sellerCompanyId: 'nope' }, staff)
    expect(bad.body.code).toBe('E_VALIDATION')
  })
})

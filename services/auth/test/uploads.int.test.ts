import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_MAX_BYTES } from '@diamond/contracts/http/account'
import { startTestPortal, type TestPortal } from '../../../test/portal'
import { download, freshAddress, guestToken, jpeg, pdf, png, upload } from './account-fixtures'

describe('upload-file', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string
  let admin1: string
  let sales1: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5 })
    ;[buyer1, buyer2, admin1, sales1] = await Promise.all([
      portal.login('buyer1'),
      portal.login('buyer2'),
      portal.login('admin1'),
      portal.login('sales1'),
    ])
  })
  afterAll(() => portal?.close())

  it('stores a real png, jpeg and pdf, with the size of each image, owned by the member', async () => {
    const a = await upload(portal, { purpose: 'logo', name: 'logo.png', content: png(160, 160), token: buyer1 })
    expect(a).toMatchObject({
      status: 200,
      body: { code: 'OK', data: { name: 'logo.png', mimeType: 'image/png', purpose: 'logo', width: 160, height: 160 } },
    })
    expect(a.body.data.size).toBe(png(160, 160).length)

    const b = await upload(portal, { purpose: 'cover', name: 'Cover.JPG', content: jpeg(1500, 312), token: buyer1 })
    expect(b.body).toMatchObject({ code: 'OK', data: { mimeType: 'image/jpeg', width: 1500, height: 312 } })

    const c = await upload(portal, { purpose: 'kyc', name: 'kyc-form.pdf', content: pdf(), token: buyer1 })
    expect(c.body).toMatchObject({ code: 'OK', data: { mimeType: 'application/pdf', width: null, height: null } })

    const [owner] =
      await portal.sql`select u.username from auth.files f join auth.users u on u.id = f.owner_id where f.id = ${a.body.data.id}`
    expect(owner!.username).toBe('buyer1')
  })

  it('gives a file back to its owner byte for byte, and to nobody else', async () => {
    const content = png(3, 2)
    const up = await upload(portal, { purpose: 'photoId', name: 'passport.png', content, token: buyer1 })
    const mine = await download(portal, up.body.data.id, buyer1)
    expect(mine.status).toBe(200)
    expect(mine.type).toBe('image/png')
    expect(mine.disposition).toContain('filename="passport.png"')
    expect(mine.bytes.equals(content)).toBe(true)

    const theirs = await download(portal, up.body.data.id, buyer2)
    expect(theirs.status).toBe(404)
    expect(JSON.parse(theirs.bytes.toString()).code).toBe('E_NOT_FOUND')
  })

  it("lists my own registration documents and when I accepted the terms, never anyone else's", async () => {
    const up = await upload(portal, { purpose: 'businessProof', name: 'licence.pdf', content: pdf(), token: buyer2 })
    expect(up.body.code).toBe('OK')
    const mine = (await portal.call('account/documents', {}, buyer2)).body
    expect(mine.code).toBe('OK')
    expect(mine.data.documents[0]).toMatchObject({ id: up.body.data.id, purpose: 'businessProof', name: 'licence.pdf' })
    expect(
      mine.data.documents.every((d: { purpose: string }) => ['photoId', 'businessProof', 'kyc'].includes(d.purpose)),
    ).toBe(true)
    // buyer2 registered by themselves (the demo seeds them so): the terms were accepted then.
    const [account] = await portal.sql`select created_at from auth.users where username = 'buyer2'`
    expect(mine.data.termsAcceptedAt).toBe((account!.created_at as Date).toISOString())
    const theirs = (await portal.call('account/documents', {}, buyer1)).body
    expect(theirs.data.documents.some((d: { id: string }) => d.id === up.body.data.id)).toBe(false)
    expect((await portal.callRaw('account/documents', {})).status).toBe(401)
  })

  it("shows the company's logo to everyone in the company, and to no one outside it", async () => {
    const up = await upload(portal, { purpose: 'logo', name: 'portal-logo.png', content: png(160, 160), token: admin1 })
    const saved = await portal.call('account/update', { company: { logoFileId: up.body.data.id } }, admin1)
    expect(saved.body.code).toBe('OK')
    expect((await download(portal, up.body.data.id, sales1)).status).toBe(200)
    expect((await download(portal, up.body.data.id, buyer2)).status).toBe(404)
  })

  it('refuses a text file renamed .png, a program renamed .png, and a png named .pdf', async () => {
    const text = await upload(portal, {
      purpose: 'logo',
      name: 'notes.png',
      content: Buffer.from('just some text, not an image at all'),
      token: buyer1,
    })
    expect(text).toMatchObject({ status: 400, body: { code: 'E_FILE_TYPE' } })
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])
    expect((await upload(portal, { purpose: 'logo', name: 'setup.png', content: exe, token: buyer1 })).body.code).toBe(
      'E_FILE_TYPE',
    )
    expect(
      (await upload(portal, { purpose: 'kyc', name: 'scan.pdf', content: png(4, 4), token: buyer1 })).body.code,
    ).toBe('E_FILE_TYPE')
    expect(
      (await upload(portal, { purpose: 'kyc', name: 'scan.gif', content: png(4, 4), token: buyer1 })).body.code,
    ).toBe('E_FILE_TYPE')
  })

  it('refuses a file over 5 MiB with E_FILE_TOO_LARGE, and stores nothing', async () => {
    const [before] = await portal.sql`select count(*)::int as n from auth.files`
    const big = Buffer.concat([png(1, 1), Buffer.alloc(UPLOAD_MAX_BYTES, 0x20)])
    const r = await upload(portal, { purpose: 'cover', name: 'huge.png', content: big, token: buyer1 })
    expect(r).toMatchObject({ status: 413, body: { code: 'E_FILE_TOO_LARGE' } })
    const [after] = await portal.sql`select count(*)::int as n from auth.files`
    expect(after!.n).toBe(before!.n)
  })

  it('accepts a file of exactly 5 MiB', async () => {
    const head = pdf()
    const exact = Buffer.concat([head, Buffer.alloc(UPLOAD_MAX_BYTES - head.length, 0x20)])
    const r = await upload(portal, { purpose: 'kyc', name: 'big-but-allowed.pdf', content: exact, token: buyer1 })
    expect(r.body).toMatchObject({ code: 'OK', data: { size: UPLOAD_MAX_BYTES } })
  })

  it('keeps logo and cover to signed-in members: signed out and guests are refused', async () => {
    const out = await upload(portal, { purpose: 'logo', name: 'logo.png', content: png(4, 4), from: freshAddress() })
    expect(out).toMatchObject({ status: 401, body: { code: 'E_UNAUTHORIZED' } })
    const guest = await upload(portal, {
      purpose: 'cover',
      name: 'cover.png',
      content: png(4, 4),
      token: await guestToken(portal),
    })
    expect(guest).toMatchObject({ status: 403, body: { code: 'E_GUEST_FORBIDDEN' } })
  })

  it('takes registration documents signed out, owned by nobody until a registration claims them', async () => {
    const r = await upload(portal, {
      purpose: 'photoId',
      name: 'id.jpeg',
      content: jpeg(800, 600),
      from: freshAddress(),
    })
    expect(r.body).toMatchObject({ code: 'OK', data: { purpose: 'photoId', width: 800, height: 600 } })
    const [row] = await portal.sql`select owner_id from auth.files where id = ${r.body.data.id}`
    expect(row!.owner_id).toBeNull()
  })

  it('refuses a bad token rather than treating the caller as signed out', async () => {
    const r = await upload(portal, { purpose: 'photoId', name: 'id.png', content: png(2, 2), token: 'a.b.c' })
    expect(r.body.code).toBe('E_UNAUTHORIZED')
  })

  it('needs the purpose before the file, and a known purpose', async () => {
    const first = await upload(portal, {
      purpose: 'kyc',
      name: 'kyc.pdf',
      content: pdf(),
      token: buyer1,
      fileFirst: true,
    })
    expect(first).toMatchObject({
      status: 400,
      body: { code: 'E_VALIDATION', data: { fields: [{ field: 'purpose' }] } },
    })
    const unknown = await upload(portal, { purpose: 'selfie', name: 'me.png', content: png(2, 2), token: buyer1 })
    expect(unknown.body).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'purpose' }] } })
  })

  it('refuses a second file part, or a field after the file, naming the field, and stores nothing', async () => {
    const [before] = await portal.sql`select count(*)::int as n from auth.files`
    const send = async (extra: (form: FormData) => void) => {
      const form = new FormData()
      form.append('purpose', 'kyc')
      form.append('file', new Blob([new Uint8Array(pdf())]), 'first.pdf')
      extra(form)
      const res = await fetch(`${portal.base}/web/v1/upload-file`, {
        method: 'POST',
        headers: { authorization: `JWT ${buyer1}` },
        body: form,
      })
      return { status: res.status, body: (await res.json()) as { code: string; data: any } }
    }
    const twoFiles = await send((f) => f.append('file', new Blob([new Uint8Array(png(2, 2))]), 'second.png'))
    expect(twoFiles).toMatchObject({
      status: 400,
      body: { code: 'E_VALIDATION', data: { fields: [{ field: 'file', in: 'body' }] } },
    })
    const otherName = await send((f) => f.append('document', new Blob([new Uint8Array(pdf())]), 'second.pdf'))
    expect(otherName).toMatchObject({
      status: 400,
      body: { code: 'E_VALIDATION', data: { fields: [{ field: 'document' }] } },
    })
    const fieldAfter = await send((f) => f.append('note', 'hello'))
    expect(fieldAfter).toMatchObject({
      status: 400,
      body: { code: 'E_VALIDATION', data: { fields: [{ field: 'note' }] } },
    })
    const [after] = await portal.sql`select count(*)::int as n from auth.files`
    expect(after!.n).toBe(before!.n)
  })

  it('refuses a JSON body on upload-file', async () => {
    const r = await portal.call('upload-file', { purpose: 'kyc' }, buyer1)
    expect(r).toMatchObject({ status: 415, body: { code: 'E_UNSUPPORTED_MEDIA_TYPE' } })
  })

  it('limits signed-out uploads per address, and says when to come back', async () => {
    const from = freshAddress()
    for (let i = 0; i < 20; i++) {
      expect((await upload(portal, { purpose: 'kyc', name: `kyc${i}.pdf`, content: pdf(), from })).body.code).toBe('OK')
    }
    const limited = await upload(portal, { purpose: 'kyc', name: 'one-more.pdf', content: pdf(), from })
    expect(limited).toMatchObject({ status: 429, body: { code: 'E_RATE_LIMITED' } })
    expect(limited.body.data.retryAfter).toBeGreaterThan(0)
    // Another address, and members, are not held back by it.
    expect(
      (await upload(portal, { purpose: 'kyc', name: 'other.pdf', content: pdf(), from: freshAddress() })).body.code,
    ).toBe('OK')
    expect(
      (await upload(portal, { purpose: 'kyc', name: 'member.pdf', content: pdf(), token: buyer1, from })).body.code,
    ).toBe('OK')
  })

  it('purges unclaimed uploads older than a day, and keeps claimed and fresh ones', async () => {
    const stale = await upload(portal, {
      purpose: 'photoId',
      name: 'old.png',
      content: png(2, 2),
      from: freshAddress(),
    })
    const fresh = await upload(portal, {
      purpose: 'photoId',
      name: 'new.png',
      content: png(2, 2),
      from: freshAddress(),
    })
    const owned = await upload(portal, { purpose: 'photoId', name: 'mine.png', content: png(2, 2), token: buyer1 })
    await portal.sql`update auth.files set created_at = now() - interval '25 hours' where id in ${portal.sql([stale.body.data.id, owned.body.data.id])}`
    const { FileService } = await import('../src/modules/files/files.service')
    const { createDatabase } = await import('@diamond/runtime')
    const database = createDatabase(portal.databaseUrl, 'auth', { max: 1 })
    try {
      expect(await new FileService(database).purge()).toBeGreaterThanOrEqual(1)
    } finally {
      await database.end()
    }
    const left =
      await portal.sql`select id from auth.files where id in ${portal.sql([stale.body.data.id, fresh.body.data.id, owned.body.data.id])}`
    expect(left.map((r) => r.id).sort()).toEqual([fresh.body.data.id, owned.body.data.id].sort())
  })
})

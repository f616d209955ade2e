import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, type TestPortal } from '../../../test/portal'

// Bad input gets a 4xx envelope naming the problem and changes nothing.
describe('bad input', () => {
  let portal: TestPortal
  let token: string
  let stoneId: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 20 })
    token = await portal.login('buyer1')
    stoneId = (await portal.stones(token, 1))[0]!.id
  })
  afterAll(() => portal?.close())

  const snapshot = async () => {
    const [s] =
      await portal.sql`select (select count(*)::int from stock.holds) as holds, (select count(*)::int from stock.outbox) as events,
                                        (select count(*)::int from stock.stones where w_sts <> 'A') as taken`
    return s
  }
  const raw = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${portal.base}/web/v1/diamond/hold`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}`, ...headers },
      body,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: string; message: string; data: any } }))

  it('answers malformed JSON with E_BAD_REQUEST and writes nothing', async () => {
    const before = await snapshot()
    const r = await raw('{"id": ')
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('E_BAD_REQUEST')
    expect(r.body.message).toMatch(/JSON/)
    expect(await snapshot()).toEqual(before)
  })

  it('names an unknown field', async () => {
    const before = await snapshot()
    const r = await raw(JSON.stringify({ id: stoneId, price: 1 }))
    expect(r).toMatchObject({
      status: 400,
      body: { code: 'E_VALIDATION', data: { fields: [{ field: 'price', message: 'is not allowed' }] } },
    })
    expect(await snapshot()).toEqual(before)
  })

  it('names a field of the wrong type', async () => {
    const r = await raw(JSON.stringify({ id: 42 }))
    expect(r).toMatchObject({ status: 400, body: { code: 'E_VALIDATION' } })
    expect(r.body.data.fields.map((f: { field: string }) => f.field)).toContain('id')
    const page = await portal.call('diamond/paginate', { page: 'one', limit: -5 }, token)
    expect(page.body.code).toBe('E_VALIDATION')
    expect(page.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['limit', 'page'])
  })

  it('names a missing field', async () => {
    const r = await raw('{}')
    expect(r).toMatchObject({ status: 400, body: { code: 'E_VALIDATION', data: { fields: [{ field: 'id' }] } } })
  })

  it('refuses an oversized body with E_PAYLOAD_TOO_LARGE', async () => {
    const before = await snapshot()
    const r = await raw(JSON.stringify({ id: stoneId, pad: 'x'.repeat(400_000) }))
    expect(r).toMatchObject({ status: 413, body: { code: 'E_PAYLOAD_TOO_LARGE' } })
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a body that is not JSON', async () => {
    const r = await raw('id=1', { 'content-type': 'application/x-www-form-urlencoded' })
    expect(r).toMatchObject({ status: 415, body: { code: 'E_UNSUPPORTED_MEDIA_TYPE' } })
  })

  it('answers an unknown stone as not found, and an unknown route in the envelope', async () => {
    const r = await raw(JSON.stringify({ id: '00000000-0000-4000-8000-000000000000' }))
    expect(r).toMatchObject({ status: 404, body: { code: 'E_NOT_FOUND' } })
    const missing = await portal.call('no/such/call', {}, token)
    expect(missing).toMatchObject({ status: 404, body: { code: 'E_NOT_FOUND' } })
  })

  // They answered 500 E_INTERNAL: busboy's own errors (no boundary, a body cut off) reached the handler raw.
  it('answers a malformed multipart body on every upload call with E_BAD_REQUEST', async () => {
    const seller = await portal.login('seller1')
    const sales = await portal.login('sales1')
    // Each call's own fields first (so that the file is read), then a file part the body cuts off.
    const field = (name: string, value: string) =>
      ['--XX', `Content-Disposition: form-data; name="${name}"`, '', value].join('\r\n')
    const cutFile = [
      '--XX',
      'Content-Disposition: form-data; name="file"; filename="a.png"',
      'Content-Type: image/png',
      '',
      'abc',
    ]
    const cut = (...fields: string[]) => [...fields, ...cutFile].join('\r\n')
    const calls = [
      ['seller/inventory/upload', seller, cut(field('mode', 'addUpdate'))],
      ['seller/media/upload', seller, cut()],
      ['article/photo/upload', seller, cut(field('articleId', '00000000-0000-4000-8000-000000000000'))],
      ['banner/image/upload', sales, cut()],
      ['upload-file', seller, cut(field('purpose', 'photoIdentity'))],
    ] as const
    const before = await snapshot()
    for (const [path, jwt, cutBody] of calls)
      for (const { type, body } of [
        { type: 'multipart/form-data', body: 'garbage' },
        { type: 'multipart/form-data; boundary=XX', body: 'garbage' },
        { type: 'multipart/form-data; boundary=XX', body: cutBody },
      ]) {
        const r = await fetch(`${portal.base}/web/v1/${path}`, {
          method: 'POST',
          headers: { 'content-type': type, authorization: `JWT ${jwt}` },
          body,
        })
        const answer = (await r.json()) as { code: string; message: string }
        expect({ path, type, status: r.status, code: answer.code }).toMatchObject({
          status: 400,
          code: expect.stringMatching(/^E_(BAD_REQUEST|VALIDATION)$/) as unknown,
        })
      }
    expect(await snapshot()).toEqual(before)
  })

  it('keeps serving after all of it', async () => {
    expect((await portal.call('diamond/hold', { id: stoneId }, token)).body.code).toBe('OK')
    const health = await fetch(`${portal.base}/web/v1/health`).then((r) => r.json())
    expect(health.code).toBe('OK')
  })
})

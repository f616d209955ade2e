import { createSigner } from 'fast-jwt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, type TestPortal } from '../../../test/portal'

// Every service checks the token itself; stock's paginate and hold stand for all of them here.
describe('authentication at the edge', () => {
  let portal: TestPortal
  let good: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 20 })
    good = await portal.login('buyer1')
  })
  afterAll(() => portal?.close())

  // trs: a token of a verified (trusted) device; without it every service answers E_DEVICE_UNTRUSTED.
  const claims = {
    sub: '00000000-0000-4000-8000-000000000001',
    usr: 'x',
    typ: 'buyer',
    prm: { searchList: 'via', hold: 'via' },
    np: false,
    ver: 0,
    trs: true,
  }
  const page = (headers: Record<string, string>, query = '') =>
    fetch(`${portal.base}/web/v1/diamond/paginate${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: string } }))

  const refused = { status: 401, body: expect.objectContaining({ code: 'E_UNAUTHORIZED' }) }

  it('accepts a valid token in the JWT scheme', async () => {
    expect((await page({ authorization: `JWT ${good}` })).body.code).toBe('OK')
  })

  it('refuses a missing token', async () => {
    expect(await page({})).toMatchObject(refused)
  })

  it('refuses a malformed token', async () => {
    expect(await page({ authorization: 'JWT not.a-token' })).toMatchObject(refused)
    expect(await page({ authorization: 'JWT' })).toMatchObject(refused)
  })

  it('refuses an expired token', async () => {
    const sign = createSigner({ key: portal.secret, algorithm: 'HS256', iss: 'diamond-portal' })
    const expired = sign({
      ...claims,
      iat: Math.floor(Date.now() / 1000) - 7200,
      exp: Math.floor(Date.now() / 1000) - 3600,
    })
    expect(await page({ authorization: `JWT ${expired}` })).toMatchObject(refused)
  })

  it('refuses a token signed with another key', async () => {
    const forged = createSigner({ key: 'x'.repeat(48), algorithm: 'HS256', iss: 'diamond-portal', expiresIn: 60_000 })(
      claims,
    )
    expect(await page({ authorization: `JWT ${forged}` })).toMatchObject(refused)
  })

  it('refuses an unsigned token (alg none)', async () => {
    const none = createSigner({ algorithm: 'none', iss: 'diamond-portal', expiresIn: 60_000 })(claims)
    expect(await page({ authorization: `JWT ${none}` })).toMatchObject(refused)
  })

  it('refuses a token without an expiry', async () => {
    const forever = createSigner({ key: portal.secret, algorithm: 'HS256', iss: 'diamond-portal' })(claims)
    expect(await page({ authorization: `JWT ${forever}` })).toMatchObject(refused)
  })

  it('does not accept the Bearer scheme', async () => {
    expect(await page({ authorization: `Bearer ${good}` })).toMatchObject(refused)
  })

  it('does not accept a token in the query string', async () => {
    expect(await page({}, `?token=${good}`)).toMatchObject(refused)
    expect(await page({}, `?access_token=${good}`)).toMatchObject(refused)
  })

  it('checks module permissions in the service, not only in the UI', async () => {
    const sign = createSigner({ key: portal.secret, algorithm: 'HS256', iss: 'diamond-portal', expiresIn: 60_000 })
    const viewer = sign({ ...claims, prm: { searchList: 'v' } })
    const [stone] = await portal.stones(good, 1)
    const r = await portal.call('diamond/hold', { id: stone!.id }, viewer)
    expect(r).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } })
    const [row] = await portal.sql`select w_sts from stock.stones where id = ${stone!.id}`
    expect(row!.w_sts).toBe('A')
  })

  it('hides prices from users whose settings say so', async () => {
    const sign = createSigner({ key: portal.secret, algorithm: 'HS256', iss: 'diamond-portal', expiresIn: 60_000 })
    const noPrice = sign({ ...claims, prm: { searchList: 'v' }, np: true })
    const r = await portal.call('diamond/paginate', { limit: 3 }, noPrice)
    expect(r.body.code).toBe('OK')
    // The fields are absent, not null.
    for (const s of r.body.data.list)
      for (const f of ['rap', 'back', 'amt', 'ctPr']) expect(Object.keys(s)).not.toContain(f)
    const priced = await portal.call('diamond/paginate', { limit: 3 }, good)
    expect(priced.body.data.list[0].amt).toBeGreaterThan(0)
  })

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await portal.call('auth/login', { username: 'buyer1', password: 'nope' })
    const unknown = await portal.call('auth/login', { username: 'nobody-here', password: 'nope' })
    expect(wrong).toEqual(unknown)
    expect(wrong).toMatchObject({ status: 401, body: { code: 'E_INVALID_CREDENTIALS' } })
  })
})

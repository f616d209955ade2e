import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, type TestPortal } from '../../../test/portal'

// The load kit's baseline route (issue 27): a bare JSON POST on the deployment, only when the
// operator switches it on.
describe('POST /web/v1/loadtest/echo', () => {
  let off: TestPortal
  let on: TestPortal

  beforeAll(async () => {
    off = await startTestPortal({ stones: 5 })
    on = await startTestPortal({ stones: 5, env: { LOADTEST_ECHO: 'true' } })
  })
  afterAll(async () => {
    await off?.close()
    await on?.close()
  })

  it('is not there by default: 404 in the envelope', async () => {
    const r = await off.call('loadtest/echo', { lotId: 'x', pricePerCarat: 10 })
    expect(r.status).toBe(404)
    expect(r.body.code).toBe('E_NOT_FOUND')
  })

  it('with LOADTEST_ECHO=true answers the body back without a token', async () => {
    const body = { lotId: '00000000-0000-4000-8000-000000000000', pricePerCarat: 1234.5, requestId: 'r-1' }
    const r = await on.call('loadtest/echo', body)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ code: 'OK', message: 'OK', data: body })
  })

  it('refuses a body that is not a JSON object, naming it, and stays up', async () => {
    const r = await on.call('loadtest/echo', '[1,2,3]')
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('E_VALIDATION')
    expect(r.body.message).toMatch(/body/i)
    const again = await on.call('loadtest/echo', { a: 1 })
    expect(again.body).toEqual({ code: 'OK', message: 'OK', data: { a: 1 } })
  })
})

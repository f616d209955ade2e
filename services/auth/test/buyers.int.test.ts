import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, type TestPortal } from '../../../test/portal'

describe('staff find the buyer a memo is for (user/lookup)', () => {
  let portal: TestPortal
  let sales1: string
  let buyer1: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5 })
    ;[sales1, buyer1] = await Promise.all([portal.login('sales1'), portal.login('buyer1')])
  })
  afterAll(() => portal?.close())

  it('finds trading members by a few letters of login, name or company, and names them by id', async () => {
    const r = await portal.call('user/lookup', { q: 'BUYER' }, sales1)
    expect(r.body.code).toBe('OK')
    const names = (r.body.data.list as { username: string }[]).map((u) => u.username)
    expect(names).toEqual(expect.arrayContaining(['buyer1', 'buyer2']))
    // Staff and unapproved registrations are nobody's buyers.
    expect(names).not.toContain('sales1')
    expect(names).not.toContain('pending1')
    const byCompany = await portal.call('user/lookup', { q: 'cohen' }, sales1)
    expect((byCompany.body.data.list as { username: string }[]).map((u) => u.username)).toContain('buyer2')
    const one = (r.body.data.list as { id: string; username: string }[]).find((u) => u.username === 'buyer1')!
    const named = await portal.call('user/lookup', { ids: [one.id] }, sales1)
    expect(named.body.data.list).toEqual([expect.objectContaining({ id: one.id, username: 'buyer1' })])
    // A % is a letter to look for, not a wildcard.
    expect((await portal.call('user/lookup', { q: '%%' }, sales1)).body.data.list).toEqual([])
  })

  it('is for the operator staff only, and asks for a query or ids', async () => {
    expect((await portal.call('user/lookup', { q: 'buyer' }, buyer1)).body.code).toBe('E_FORBIDDEN')
    expect((await portal.call('user/lookup', {}, sales1)).body).toMatchObject({
      code: 'E_VALIDATION',
      data: { fields: [{ field: 'q' }] },
    })
    expect((await portal.call('user/lookup', { q: 'b' }, sales1)).body.code).toBe('E_VALIDATION')
  })
})

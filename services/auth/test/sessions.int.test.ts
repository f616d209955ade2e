import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthEventTypes } from '@diamond/contracts/events/auth'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'
import { makeUser, signInWithCode } from './accounts'

describe('sessions', () => {
  let portal: TestPortal

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5 })
  })
  afterAll(() => portal?.close())

  const page = (token: string) => portal.call('diamond/paginate', { limit: 1 }, token)

  it('logout ends the token at once on auth, and on the other services when the event lands', async () => {
    const u = await makeUser(portal)
    const { cookie, verified } = await signInWithCode(portal, u, 'always')
    const token = verified.body.data.token.jwt as string
    expect((await page(token)).body.code).toBe('OK')

    expect(await portal.call('auth/logout', {}, token)).toMatchObject({ status: 200, body: { code: 'OK', data: null } })
    expect(await portal.call('auth/logout', {}, token)).toMatchObject({ status: 401, body: { code: 'E_UNAUTHORIZED' } })
    await waitFor(async () => (await page(token)).body.code === 'E_UNAUTHORIZED', 15_000, 'stock refuses the token')
    await waitFor(
      async () => (await portal.sql`select 1 from stock.ended_sessions where user_id = ${u.id}`).length > 0,
      15_000,
      'stock keeps the ended session',
    )
    const [event] =
      await portal.sql`select event from auth.outbox where type = ${AuthEventTypes.ended} and key = ${u.id}`
    expect(event!.event.data).toMatchObject({ userId: u.id })

    // Signing in again works, and the browser is still trusted.
    const again = await portal.callRaw(
      'auth/login',
      { username: u.username, password: u.password },
      { headers: { cookie: cookie! } },
    )
    expect(again.body.data.isTrusted).toBe(true)
    expect((await page(again.body.data.token.jwt)).body.code).toBe('OK')
  })

  it('logout on one device ends that session only: the other device stays signed in', async () => {
    const u = await makeUser(portal)
    const a = (await signInWithCode(portal, u, 'once')).verified.body.data.token.jwt
    const b = (await signInWithCode(portal, u, 'once')).verified.body.data.token.jwt
    expect((await portal.call('auth/logout', {}, a)).body.code).toBe('OK')
    await waitFor(async () => (await page(a)).body.code === 'E_UNAUTHORIZED', 15_000, 'stock refuses the ended one')
    expect((await page(b)).body.code).toBe('OK')
    expect((await portal.call('user/profile', {}, a)).body.code).toBe('E_UNAUTHORIZED')
    expect((await portal.call('user/profile', {}, b)).body.code).not.toBe('E_UNAUTHORIZED')
    // No floor was raised: the user's token version is where it was.
    expect(await portal.sql`select 1 from auth.token_floors where user_id = ${u.id}`).toHaveLength(0)
  })

  it('log out everywhere ends every session of the user, on every device', async () => {
    const u = await makeUser(portal)
    const a = (await signInWithCode(portal, u, 'once')).verified.body.data.token.jwt
    const b = (await signInWithCode(portal, u, 'once')).verified.body.data.token.jwt
    const other = await portal.login('buyer2')
    expect((await portal.call('auth/logout-all', {}, a)).body.code).toBe('OK')
    expect((await portal.call('user/profile', {}, a)).body.code).toBe('E_UNAUTHORIZED')
    await waitFor(async () => (await page(b)).body.code === 'E_UNAUTHORIZED', 15_000, 'the other session ends')
    expect((await page(a)).body.code).toBe('E_UNAUTHORIZED')
    expect((await page(other)).body.code).toBe('OK')
    const [event] =
      await portal.sql`select event from auth.outbox where type = ${AuthEventTypes.revoked} and key = ${u.id}`
    expect(event!.event.data).toMatchObject({ userId: u.id, reason: 'logout' })
  })

  it('an ended session stays ended after a restart: each service keeps it', async () => {
    const u = await makeUser(portal)
    const token = (await signInWithCode(portal, u, 'once')).verified.body.data.token.jwt
    await portal.call('auth/logout', {}, token)
    await waitFor(
      async () => (await portal.sql`select 1 from auth.ended_sessions where user_id = ${u.id}`).length === 1,
      15_000,
      'auth keeps the ended session',
    )
  })

  it('needs a token to log out', async () => {
    expect(await portal.call('auth/logout', {})).toMatchObject({ status: 401, body: { code: 'E_UNAUTHORIZED' } })
    expect((await portal.call('auth/logout', {}, 'a.b.c')).body.code).toBe('E_UNAUTHORIZED')
  })

  it('stores the raised token floor, so a restart keeps revoked tokens dead', async () => {
    const u = await makeUser(portal)
    const token = (await signInWithCode(portal, u, 'once')).verified.body.data.token.jwt
    await portal.call('auth/logout-all', {}, token)
    const [{ token_version }] = await portal.sql<
      [{ token_version: number }]
    >`select token_version from auth.users where id = ${u.id}`
    await waitFor(
      async () => {
        const rows = await portal.sql`select min_version from auth.token_floors where user_id = ${u.id}`
        return rows[0]?.min_version === token_version
      },
      15_000,
      'auth keeps the floor',
    )
  })
})

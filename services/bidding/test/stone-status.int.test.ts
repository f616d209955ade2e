import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

describe("bidding's projection of stone status", () => {
  let portal: TestPortal
  let token: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 10 })
    token = await portal.login('buyer1')
  })
  afterAll(() => portal?.close())

  it('follows holds and releases from stock events, never reading stock tables', async () => {
    const [stone] = await portal.stones(token, 1)
    const seen = async () =>
      (await portal.sql`select w_sts, status_version from bidding.stone_status where stone_id = ${stone!.id}`)[0]
    await portal.call('diamond/hold', { id: stone!.id }, token)
    await waitFor(async () => (await seen())?.w_sts === 'H', 10_000, 'held')
    await portal.call('diamond/hold/release', { id: stone!.id }, token)
    await waitFor(async () => (await seen())?.w_sts === 'A', 10_000, 'released')
    expect((await seen())!.status_version).toBe(2)
  })
})

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StockEventTypes, type StoneStatusChanged } from '@diamond/contracts/events/stock'
import { newEvent } from '@diamond/runtime'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

describe('notifications learn from stock events', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 10 })
    ;[buyer1, buyer2] = await Promise.all([portal.login('buyer1'), portal.login('buyer2')])
  })
  afterAll(() => portal?.close())

  const heldEvent = (holderId: string) =>
    newEvent<StoneStatusChanged>('stock', StockEventTypes.held, randomUUID(), {
      stoneId: randomUUID(),
      vStnId: 'D999999',
      wSts: 'H',
      sSts: 'Y',
      availability: 'H',
      statusVersion: 1,
      holderId,
      expiresAt: new Date().toISOString(),
    })

  it('tells the holder once, however often the bus delivers the event', async () => {
    const me = (await portal.call('notification/list', {}, buyer1)).body
    const userId = (await portal.sql`select id from auth.users where username = 'buyer1'`)[0]!.id as string
    const event = heldEvent(userId)
    await portal.bus.publish([event, event])
    await portal.bus.publish([event])
    await waitFor(async () => (await portal.call('notification/list', {}, buyer1)).body.data.count > me.data.count, 10_000, 'notice')
    await portal.bus.publish([heldEvent(userId)]) // a later, different event: once it shows, the duplicates are done
    await waitFor(async () => (await portal.call('notification/list', {}, buyer1)).body.data.count === me.data.count + 2, 10_000, 'second notice')
    const rows = await portal.sql`select count(*)::int as n from notifications.notifications where params->>'stoneId' = ${(event.data as StoneStatusChanged).stoneId}`
    expect(rows[0]!.n).toBe(1)
  })

  it("lists only the caller's notices and marks only theirs read", async () => {
    const theirs = (await portal.call('notification/list', {}, buyer1)).body.data
    const mine = (await portal.call('notification/list', {}, buyer2)).body.data
    expect(mine.list.every((n: { userId: string }) => !theirs.list.some((t: { userId: string }) => t.userId === n.userId))).toBe(true)
    const r = await portal.call('notification/markAsRead', { ids: theirs.list.map((n: { id: string }) => n.id) }, buyer2)
    expect(r.body.data.updated).toBe(0)
    expect((await portal.call('notification/list', {}, buyer1)).body.data.unread).toBe(theirs.unread)
    expect((await portal.call('notification/markAsRead', {}, buyer1)).body.data.updated).toBe(theirs.unread)
  })
})

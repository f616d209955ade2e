import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

interface Notice {
  kind: string
  params: Record<string, unknown>
  audience?: string
  userId: string | null
}
interface Enquiry {
  id: string
  stoneId: string
  vStnId: string
  buyer: string
  state: 'open' | 'answered'
  messages: { side: string; author: string; message: string }[]
}

describe('enquiries answered (issue 26)', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string
  let sales1: string
  let free: { id: string; vStnId: string }[]
  const sockets: Socket[] = []
  const take = () => free.shift()!

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 30 })
    ;[buyer1, buyer2, sales1] = (await Promise.all(['buyer1', 'buyer2', 'sales1'].map((u) => portal.login(u)))) as [
      string,
      string,
      string,
    ]
    free = await portal.stones(buyer1, 20)
  })
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect())
    await portal?.close()
  })

  const page = async (token: string, body: object = {}) => {
    const r = await portal.call('diamond-enquiry/paginate', body, token)
    expect(r.body.code).toBe('OK')
    return r.body.data as { list: Enquiry[]; count: number; open: number }
  }
  const enquire = async (token: string, stoneId: string, enquiry: string) =>
    expect(
      (await portal.call('diamond-track/create', { trackType: 6, stoneIds: [stoneId], enquiry }, token)).body.code,
    ).toBe('OK')
  const notices = async (token: string) =>
    (await portal.call('notification/list', { limit: 200 }, token)).body.data.list as Notice[]
  const heard = async (token: string) => {
    const socket = io(portal.base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    })
    sockets.push(socket)
    const got: Notice[] = []
    socket.on('notification', (n: Notice) => got.push(n))
    await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject))
    return got
  }

  it("puts a buyer's enquiry in the sales team's inbox, newest first, open; the buyer sees only their own", async () => {
    const [a, b] = [take(), take()]
    await enquire(buyer1, a.id, 'Is it eye clean?')
    await enquire(buyer2, b.id, 'Any milky tint?')
    const inbox = await page(sales1)
    expect(inbox.list[0]).toMatchObject({ stoneId: b.id, buyer: 'buyer2', state: 'open' })
    expect(inbox.list[1]).toMatchObject({ stoneId: a.id, buyer: 'buyer1', state: 'open' })
    expect(inbox.list[1]!.messages).toEqual([expect.objectContaining({ side: 'buyer', message: 'Is it eye clean?' })])
    expect(inbox.open).toBeGreaterThanOrEqual(2)
    const mine = await page(buyer1)
    expect(mine.list.map((e) => e.stoneId)).toContain(a.id)
    expect(mine.list.map((e) => e.stoneId)).not.toContain(b.id)
  })

  it('the sales reply reaches the buyer live and in the notification centre, and the enquiry reads answered', async () => {
    const s = take()
    const buyerHears = await heard(buyer1)
    const salesHears = await heard(sales1)
    await enquire(buyer1, s.id, 'Can you send a video?')
    // The sales team hears of the new enquiry live.
    await waitFor(
      () => salesHears.find((n) => n.kind === 'enquiry.made' && String(n.params.vStnIds).includes(s.vStnId)),
      15_000,
      'the live enquiry notice to the sales team',
    )
    const id = (await page(sales1, { state: 'open' })).list.find((e) => e.stoneId === s.id)!.id
    const r = await portal.call('diamond-enquiry/reply', { id, message: '  Video sent by mail.  ' }, sales1)
    expect(r.body.code).toBe('OK')
    expect(r.body.data).toMatchObject({ state: 'answered' })
    expect(r.body.data.messages).toEqual([
      expect.objectContaining({ side: 'buyer', message: 'Can you send a video?' }),
      expect.objectContaining({ side: 'sales', author: 'sales1', message: 'Video sent by mail.' }),
    ])
    const live = await waitFor(
      () => buyerHears.find((n) => n.kind === 'enquiry.answered' && n.params.trackId === id),
      15_000,
      'the live answer to the buyer',
    )
    expect(live.params).toMatchObject({ vStnId: s.vStnId, message: 'Video sent by mail.' })
    await waitFor(
      async () => (await notices(buyer1)).find((n) => n.kind === 'enquiry.answered' && n.params.trackId === id),
      15_000,
      "the answer in the buyer's notification centre",
    )
    expect((await page(buyer1)).list.find((e) => e.id === id)).toMatchObject({ state: 'answered' })
    expect((await page(sales1, { state: 'answered' })).list.map((e) => e.id)).toContain(id)
    expect((await page(sales1, { state: 'open' })).list.map((e) => e.id)).not.toContain(id)

    // The buyer writes again: open once more, and the sales team is told.
    expect(
      (await portal.call('diamond-enquiry/reply', { id, message: 'Thanks, and the price?' }, buyer1)).body.data,
    ).toMatchObject({ state: 'open' })
    await waitFor(
      () => salesHears.find((n) => n.kind === 'enquiry.replied' && n.params.trackId === id),
      15_000,
      'the follow-up to the sales team',
    )
  })

  it('keeps other buyers out of a conversation, and refuses an empty message without changing anything', async () => {
    const s = take()
    await enquire(buyer1, s.id, 'Certificate?')
    const id = (await page(buyer1)).list.find((e) => e.stoneId === s.id)!.id
    expect((await portal.call('diamond-enquiry/reply', { id, message: 'Mine now' }, buyer2)).body.code).toBe(
      'E_NOT_FOUND',
    )
    const empty = await portal.call('diamond-enquiry/reply', { id, message: '   ' }, sales1)
    expect(empty.body).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'message' }] } })
    expect(
      (await portal.call('diamond-enquiry/reply', { id: '00000000-0000-4000-8000-000000000000', message: 'x' }, sales1))
        .body.code,
    ).toBe('E_NOT_FOUND')
    expect((await page(buyer1)).list.find((e) => e.id === id)!.messages).toHaveLength(1)
    expect((await portal.call('diamond-enquiry/paginate', { state: 'nope' }, sales1)).body.code).toBe('E_VALIDATION')
  })
})

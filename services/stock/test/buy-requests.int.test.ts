import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

interface Notice {
  kind: string
  params: Record<string, unknown>
}
interface Demand {
  id: string
  title: string
  buyer?: string
  replies?: { author: string; message: string }[]
}

const day = (n: number) => new Date(Date.now() + 330 * 60_000 + n * 86_400_000).toISOString().slice(0, 10)

describe('buy requests answered by the sales team (issue 26)', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string
  let sales1: string
  const sockets: Socket[] = []

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 10 })
    ;[buyer1, buyer2, sales1] = (await Promise.all(['buyer1', 'buyer2', 'sales1'].map((u) => portal.login(u)))) as [
      string,
      string,
      string,
    ]
  })
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect())
    await portal?.close()
  })

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
  const all = async (body: object = {}) => {
    const r = await portal.call('diamond-demand/paginate', { all: true, ...body }, sales1)
    expect(r.body.code).toBe('OK')
    return r.body.data as { list: Demand[]; count: number }
  }

  it('puts a new buy request before the sales team live, with the buyer named; the answer reaches the buyer', async () => {
    const salesHears = await heard(sales1)
    const buyerHears = await heard(buyer2)
    const made = await portal.call(
      'diamond-demand/create',
      { title: 'Pear 2ct D for a client', tillDate: day(20), filter: { shpNm: ['PEAR'], crt: { from: 2, to: 2.5 } } },
      buyer2,
    )
    expect(made.body.code).toBe('OK')
    const id = (made.body.data as Demand).id
    await waitFor(
      () => salesHears.find((n) => n.kind === 'demand.created' && n.params.demandId === id),
      15_000,
      'the sales team hears of the buy request',
    )
    const listed = await all({ answered: false })
    expect(listed.list[0]).toMatchObject({ id, title: 'Pear 2ct D for a client', buyer: 'buyer2', replies: [] })

    const r = await portal.call(
      'diamond-demand/reply',
      { id, message: ' We have two in Antwerp: sending details. ' },
      sales1,
    )
    expect(r.body.code).toBe('OK')
    expect(r.body.data.replies).toEqual([
      expect.objectContaining({ author: 'sales1', message: 'We have two in Antwerp: sending details.' }),
    ])
    const live = await waitFor(
      () => buyerHears.find((n) => n.kind === 'demand.answered' && n.params.demandId === id),
      15_000,
      'the buyer is told of the answer',
    )
    expect(live.params).toMatchObject({ title: 'Pear 2ct D for a client' })
    const mine = (await portal.call('diamond-demand/paginate', {}, buyer2)).body.data.list as Demand[]
    expect(mine.find((d) => d.id === id)?.replies).toEqual([
      expect.objectContaining({ message: 'We have two in Antwerp: sending details.' }),
    ])
    // The buyer's own list does not name buyers.
    expect(mine.find((d) => d.id === id)?.buyer).toBeUndefined()
    expect((await all({ answered: true })).list.map((d) => d.id)).toContain(id)
    expect((await all({ answered: false })).list.map((d) => d.id)).not.toContain(id)
  })

  it("keeps buyers out of everyone's list and out of answering, and refuses an empty answer", async () => {
    const made = await portal.call(
      'diamond-demand/create',
      { title: 'Ovals', tillDate: day(10), filter: { shpNm: ['OVAL'] } },
      buyer1,
    )
    const id = (made.body.data as Demand).id
    expect((await portal.call('diamond-demand/paginate', { all: true }, buyer1)).body.code).toBe('E_FORBIDDEN')
    expect((await portal.call('diamond-demand/reply', { id, message: 'Sure' }, buyer1)).body.code).toBe('E_FORBIDDEN')
    const empty = await portal.call('diamond-demand/reply', { id, message: '  ' }, sales1)
    expect(empty.body).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'message' }] } })
    expect(
      (await portal.call('diamond-demand/reply', { id: '00000000-0000-4000-8000-000000000000', message: 'x' }, sales1))
        .body.code,
    ).toBe('E_NOT_FOUND')
    expect((await portal.call('diamond-demand/paginate', { answered: true }, buyer1)).body.code).toBe('E_VALIDATION')
    const theirs = (await portal.call('diamond-demand/paginate', {}, buyer1)).body.data.list as Demand[]
    expect(theirs.find((d) => d.id === id)?.replies).toEqual([])
  })
})

import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

interface Demand {
  id: string
  title: string
  description: string
  tillDate: string
  filter: Record<string, unknown>
  status: string
  state: string
  matches: number
  closedAt: string | null
}
interface Notice {
  kind: string
  params: Record<string, unknown>
  userId: string | null
}

/** A calendar day in the portal's time zone (Asia/Kolkata), n days from today. */
const day = (n: number) => new Date(Date.now() + 330 * 60_000 + n * 86_400_000).toISOString().slice(0, 10)

describe('demands (My Demand): buy requests by criteria that match new stock', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string
  let sales: string
  let noprice: string
  let guest: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 60 })
    ;[buyer1, buyer2, sales, noprice] = (await Promise.all(
      ['buyer1', 'buyer2', 'sales1', 'noprice1'].map((u) => portal.login(u)),
    )) as [string, string, string, string]
    guest = (
      await portal.call('guest/auth/login', {
        name: 'Gil',
        companyName: 'Gil Gems',
        contactNumber: '+972 3 555 0100',
        email: 'gil@example.test',
      })
    ).body.data.token.jwt as string
  })
  afterAll(() => portal?.close())

  const create = (token: string, body: object) => portal.call('diamond-demand/create', body, token)
  const mine = async (token: string) => {
    const r = await portal.call('diamond-demand/paginate', {}, token)
    expect(r.body.code).toBe('OK')
    return r.body.data as { list: Demand[]; count: number }
  }
  const count = async (filter: object) =>
    (await portal.call('diamond/paginate', { filter, countOnly: true }, buyer1)).body.data.count as number
  const notices = async (token: string) =>
    (await portal.call('notification/list', { limit: 200 }, token)).body.data.list as Notice[]

  it('adds, lists, changes, closes and deletes a demand, with the stones it matches now', async () => {
    const filter = { shpNm: ['ROUND'], crt: { from: 0.3, to: 3 } }
    const made = await create(buyer1, {
      title: '  Rounds for a client ',
      description: 'Any make',
      tillDate: day(30),
      filter,
    })
    expect(made.body).toMatchObject({ code: 'OK', message: 'Demand added' })
    const d = made.body.data as Demand
    const now = await count(filter)
    expect(now).toBeGreaterThan(0)
    expect(d).toMatchObject({
      title: 'Rounds for a client',
      description: 'Any make',
      tillDate: day(30),
      filter,
      status: 'active',
      state: 'open',
      matches: now,
      closedAt: null,
    })

    const list = await mine(buyer1)
    expect(list.list.find((x) => x.id === d.id)).toMatchObject({ state: 'open', matches: now })
    expect((await portal.call('diamond-demand/by-id', { id: d.id }, buyer1)).body.data).toMatchObject({
      id: d.id,
      matches: now,
    })

    // Criteria nothing matches: a new demand.
    const none = { shpNm: ['HEART'], crt: { from: 40, to: 45 } }
    const changed = await portal.call(
      'diamond-demand/update',
      { id: d.id, title: 'Big hearts', filter: none, tillDate: day(5) },
      buyer1,
    )
    expect(changed.body.data).toMatchObject({
      title: 'Big hearts',
      description: 'Any make',
      filter: none,
      tillDate: day(5),
      state: 'new',
      matches: 0,
    })
    // Won needs a matching stone.
    const won = await portal.call('diamond-demand/update', { id: d.id, status: 'won' }, buyer1)
    expect(won.body.code).toBe('E_VALIDATION')
    expect(won.body.data.fields[0].field).toBe('status')

    const closed = await portal.call('diamond-demand/update', { id: d.id, status: 'closed' }, buyer1)
    expect(closed.body.data).toMatchObject({ status: 'closed', state: 'closed' })
    expect(closed.body.data.closedAt).toEqual(expect.any(String))
    expect((await portal.call('diamond-demand/update', { id: d.id, title: 'again' }, buyer1)).body.code).toBe(
      'E_DEMAND_CLOSED',
    )

    expect((await portal.call('diamond-demand/delete', { id: d.id }, buyer1)).body).toMatchObject({
      code: 'OK',
      data: null,
    })
    expect((await mine(buyer1)).list.some((x) => x.id === d.id)).toBe(false)
    expect((await portal.call('diamond-demand/delete', { id: d.id }, buyer1)).body.code).toBe('E_NOT_FOUND')
  })

  it("is for members with the demand right: a guest has none, and someone else's demand is not found", async () => {
    const body = { title: 'Pears', tillDate: day(10), filter: { shpNm: ['PEAR'] } }
    expect((await create(guest, body)).body.code).toBe('E_GUEST_FORBIDDEN')
    expect((await portal.call('diamond-demand/paginate', {}, guest)).body.code).toBe('E_FORBIDDEN')
    expect((await portal.call('diamond-demand/paginate', {})).body.code).toBe('E_UNAUTHORIZED')

    const d = (await create(buyer1, body)).body.data as Demand
    for (const [path, req] of [
      ['diamond-demand/by-id', { id: d.id }],
      ['diamond-demand/update', { id: d.id, title: 'Mine now' }],
      ['diamond-demand/update', { id: d.id, status: 'closed' }],
      ['diamond-demand/delete', { id: d.id }],
    ] as const)
      expect((await portal.call(path, req, buyer2)).body.code, path).toBe('E_NOT_FOUND')
    expect((await mine(buyer2)).list.some((x) => x.id === d.id)).toBe(false)
    expect((await portal.call('diamond-demand/by-id', { id: randomUUID() }, buyer1)).body.code).toBe('E_NOT_FOUND')
    expect((await portal.call('diamond-demand/by-id', { id: d.id }, buyer1)).body.data).toMatchObject({
      title: 'Pears',
      status: 'active',
    })
  })

  it('refuses bad input with the field named, and stores nothing', async () => {
    const before = (await mine(buyer2)).count
    const bad = async (body: object, token = buyer2) => {
      const r = await create(token, body)
      expect(r.body.code).toBe('E_VALIDATION')
      return r.body as { message: string; data: { fields: { field: string; message: string }[] } }
    }
    const ok = { title: 'Ovals', tillDate: day(3), filter: { shpNm: ['OVAL'] } }
    expect((await bad({ ...ok, filter: { colour: ['D'] } })).data.fields[0]!.field).toBe('filter.colour')
    expect((await bad({ ...ok, filter: { shpNm: ['TRIANGLE'] } })).data.fields).toEqual([
      { field: 'filter.shpNm', in: 'body', message: 'has unknown values: TRIANGLE' },
    ])
    expect((await bad({ ...ok, filter: { crt: { from: 2, to: 1 } } })).data.fields[0]).toMatchObject({
      field: 'filter.crt',
      message: 'from must not be above to',
    })
    expect((await bad({ ...ok, filter: {} })).data.fields[0]!.field).toBe('filter')
    expect((await bad({ ...ok, tillDate: day(-1) })).data.fields[0]).toMatchObject({
      field: 'tillDate',
      message: 'must be today or later',
    })
    expect((await bad({ ...ok, tillDate: '31/12/2030' })).message).toContain('tillDate')
    expect((await bad({ ...ok, title: 'x'.repeat(101) })).message).toContain('title')
    expect((await bad({ ...ok, title: '   ' })).data.fields[0]).toMatchObject({
      field: 'title',
      message: 'is required',
    })
    expect((await bad({ ...ok, description: 'x'.repeat(1001) })).message).toContain('description')
    // Prices are not a criterion for a user who may not see them.
    expect((await bad({ ...ok, filter: { amt: { from: 1000 } } }, noprice)).data.fields[0]).toMatchObject({
      field: 'filter.amt',
    })
    expect((await mine(buyer2)).count).toBe(before)
    expect((await mine(noprice)).count).toBe(0)
  })

  it('tests an upload’s stones against the demands in batches: each matching stone told once, the rest not', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase()
    const wants = (
      await create(buyer1, {
        title: `Cushion ${tag}`,
        tillDate: day(5),
        filter: { shpNm: ['CUSHION'], crt: { from: 2.31, to: 2.33 }, colNm: ['F'] },
      })
    ).body.data as Demand
    // 40 stones in one commit (one batch of events for the matcher), two of them wanted.
    const row = (n: number, shape: string, carat: string, color: string) =>
      `UP-${tag}-${n},${shape},${carat},${color},VS1,Excellent,EX,VG,None,GIA,-30,None`
    const rows = Array.from({ length: 40 }, (_, n) =>
      n === 7 || n === 31 ? row(n, 'Cushion', '2.32', 'F') : row(n, 'BR', '1.01', 'G'),
    )
    const csv = [
      'Stock #,Shape,Weight,Color,Clarity,Cut,Polish,Symmetry,Fluorescence Intensity,Lab,Rap %,Treatment',
      ...rows,
    ]
    const boundary = `----d${tag}`
    const body =
      `--${boundary}\r\ncontent-disposition: form-data; name="mode"\r\n\r\naddUpdate\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="d.csv"\r\ncontent-type: text/csv\r\n\r\n` +
      `${csv.join('\r\n')}\r\n--${boundary}--\r\n`
    const seller = await portal.login('seller1')
    const res = await fetch(`${portal.base}/web/v1/seller/inventory/upload`, {
      method: 'POST',
      headers: { authorization: `JWT ${seller}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    })
    const preview = (await res.json()) as { code: string; data: { id: string } }
    expect(preview.code).toBe('OK')
    expect((await portal.call('seller/inventory/commit', { id: preview.data.id }, seller)).body.code).toBe('OK')

    const told = await waitFor(
      async () => {
        const list = (await notices(buyer1)).filter(
          (n) => n.kind === 'demand.matched' && n.params.demandId === wants.id,
        )
        return list.length >= 2 ? list : null
      },
      15_000,
      'two demand.matched notices',
    )
    expect(told.map((n) => n.params.vStnId).length).toBe(2)
    const matched = await portal.sql`
      select s.stone_id from stock.demand_matches m join stock.stones s on s.id = m.stone_id
       where m.demand_id = ${wants.id} order by s.stone_id`
    expect(matched.map((r) => r.stone_id)).toEqual([`UP-${tag}-31`, `UP-${tag}-7`])
    const events = await portal.sql`
      select count(*)::int as n from stock.outbox where type = 'stock.trade.demand-matched' and key = ${wants.id}`
    expect(events[0]!.n).toBe(2)
  })

  it('tells the owner of a matching demand when a new stone arrives, and nobody else', async () => {
    const wants = (
      await create(buyer1, {
        title: 'Oval 1.2 E',
        tillDate: day(0),
        filter: { shpNm: ['OVAL'], crt: { from: 1.2, to: 1.3 }, colNm: ['E'], clrNm: ['VS1', 'VS2'] },
      })
    ).body.data as Demand
    const other = (
      await create(buyer2, { title: 'Oval D', tillDate: day(20), filter: { shpNm: ['OVAL'], colNm: ['D'] } })
    ).body.data as Demand
    const closed = (await create(buyer2, { title: 'Any oval', tillDate: day(20), filter: { shpNm: ['OVAL'] } })).body
      .data as Demand
    await portal.call('diamond-demand/update', { id: closed.id, status: 'closed' }, buyer2)

    const stone = {
      stoneId: 'DEM-1',
      certNo: '5511223344',
      shpNm: 'OVAL',
      crt: 1.23,
      colNm: 'E',
      clrNm: 'VS1',
      cutNm: 'NON',
      polNm: 'EX',
      symNm: 'EX',
      fluNm: 'NON',
      lbNm: 'GIA',
      locNm: 'Belgium',
      back: -20,
      length: 8.1,
      width: 5.9,
      height: 3.6,
    }
    const created = await portal.call('diamond/create', stone, sales)
    expect(created.body.code).toBe('OK')
    const { id: stoneId, vStnId } = created.body.data as { id: string; vStnId: string }

    const notice = await waitFor(
      async () => (await notices(buyer1)).find((n) => n.kind === 'demand.matched' && n.params.stoneId === stoneId),
      15_000,
      'the demand.matched notice',
    )
    expect(notice.params).toEqual({ demandId: wants.id, title: 'Oval 1.2 E', stoneId, vStnId })
    // Every demand was tested against the stone in the one transaction that told buyer1.
    const told = await portal.sql`select demand_id from stock.demand_matches where stone_id = ${stoneId}`
    expect(told.map((r) => r.demand_id)).toEqual([wants.id])
    const events =
      await portal.sql`select key from stock.outbox where type = 'stock.trade.demand-matched' and key = any(${[other.id, closed.id]}::text[])`
    expect(events).toHaveLength(0)
    expect((await notices(buyer2)).some((n) => n.kind === 'demand.matched')).toBe(false)

    const now = (await mine(buyer1)).list.find((x) => x.id === wants.id)!
    expect(now).toMatchObject({ state: 'open' })
    expect(now.matches).toBeGreaterThanOrEqual(1)
    expect(
      (await portal.call('diamond-demand/update', { id: wants.id, status: 'won' }, buyer1)).body.data,
    ).toMatchObject({ status: 'won', state: 'won' })
  })

  it('tells the owner once when a matching stone comes back to stock, not again on the next release', async () => {
    const [s] = (
      await portal.call(
        'diamond/paginate',
        { filter: { availability: ['A'] }, limit: 1, sort: [{ field: 'vStnId', dir: 'desc' }] },
        buyer2,
      )
    ).body.data.list as { id: string; vStnId: string }[]
    expect((await portal.call('diamond/hold', { id: s!.id }, buyer2)).body.code).toBe('OK')
    const d = (await create(buyer1, { title: 'That very stone', tillDate: day(7), filter: { stoneIds: [s!.vStnId] } }))
      .body.data as Demand

    const released = async () => {
      expect((await portal.call('diamond/hold/release', { id: s!.id }, buyer2)).body.code).toBe('OK')
      const [e] =
        await portal.sql`select id from stock.outbox where key = ${s!.id} and type = 'stock.stone.released' order by seq desc limit 1`
      // Done when the demand consumer has taken this very event.
      await waitFor(
        async () =>
          (
            await portal.sql`select 1 from stock.consumed_events where consumer = 'stock.demand-match' and event_id = ${e!.id}`
          ).length > 0,
        15_000,
        'the release consumed',
      )
    }
    await released()
    const notice = await waitFor(
      async () => (await notices(buyer1)).find((n) => n.kind === 'demand.matched' && n.params.demandId === d.id),
      15_000,
      'the notice',
    )
    expect(notice.params).toMatchObject({ stoneId: s!.id, vStnId: s!.vStnId, title: 'That very stone' })

    expect((await portal.call('diamond/hold', { id: s!.id }, buyer2)).body.code).toBe('OK')
    await released()
    const sent =
      await portal.sql`select count(*)::int as n from stock.outbox where type = 'stock.trade.demand-matched' and key = ${d.id}`
    expect(sent[0]!.n).toBe(1)
  })
})

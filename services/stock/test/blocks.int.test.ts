import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, type TestPortal } from '../../../test/portal'

/** The user id inside a token (its `sub`). */
const userIdOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub

describe('holds, memos and blocks', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string
  let sales: string
  let noPrice: string
  let free: { id: string; vStnId: string }[]
  const next = () => free.shift()!

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 40 })
    ;[buyer1, buyer2, sales, noPrice] = (await Promise.all(
      ['buyer1', 'buyer2', 'sales1', 'noprice1'].map((u) => portal.login(u)),
    )) as [string, string, string, string]
    free = await portal.stones(buyer1, 40)
  })
  afterAll(() => portal?.close())

  const events = async (id: string) =>
    (await portal.sql`select type from stock.outbox where key = ${id} order by seq`).map((e) => e.type)

  it('holds through the block API as diamond/hold does, and lists my holds with their expiry and the server time', async () => {
    const stone = next()
    const held = await portal.call('diamond-block/create', { id: stone.id, blockType: 1 }, buyer1)
    expect(held.body).toMatchObject({
      code: 'OK',
      data: { id: stone.id, wSts: 'H', blockType: 1, userId: userIdOf(buyer1), memoNo: '' },
    })
    const [db] = await portal.sql`select expires_at from stock.holds where stone_id = ${stone.id}`
    expect(new Date(held.body.data.expiresAt).getTime()).toBe(db!.expires_at.getTime())

    const mine = (await portal.call('diamond-block/paginate', {}, buyer1)).body.data
    const row = mine.list.find((r: { id: string }) => r.id === stone.id)
    expect(row).toMatchObject({
      vStnId: stone.vStnId,
      blockType: 1,
      blockCode: 'HOLD',
      heldByMe: true,
      expiresAt: held.body.data.expiresAt,
    })
    expect(typeof row.amt).toBe('number')
    expect(Date.parse(mine.serverTime)).toBeLessThan(Date.parse(row.expiresAt))
    expect(mine.count).toBe(mine.list.length)
    // Another buyer's list does not show it.
    expect(
      (await portal.call('diamond-block/paginate', {}, buyer2)).body.data.list.map((r: { id: string }) => r.id),
    ).not.toContain(stone.id)
    expect(await events(stone.id)).toEqual(['stock.stone.held'])
  })

  it("treats someone else's hold as not found, and releases my own", async () => {
    const stone = next()
    await portal.call('diamond-block/create', { id: stone.id }, buyer1)
    expect(await portal.call('diamond-block/delete', { id: stone.id }, buyer2)).toMatchObject({
      status: 404,
      body: { code: 'E_NOT_FOUND' },
    })
    expect((await portal.call('diamond-block/delete', { id: stone.id }, buyer1)).body).toMatchObject({
      code: 'OK',
      data: { wSts: 'A', availability: 'A' },
    })
    expect(await portal.call('diamond-block/delete', { id: stone.id }, buyer1)).toMatchObject({
      status: 404,
      body: { code: 'E_NOT_FOUND' },
    })
    expect(await events(stone.id)).toEqual(['stock.stone.held', 'stock.stone.released'])
  })

  it('lets staff hold for a buyer and see and release every hold; a buyer may not hold for another', async () => {
    const stone = next()
    const forOther = await portal.call('diamond-block/create', { id: stone.id, userId: userIdOf(buyer2) }, buyer1)
    expect(forOther).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } })
    expect((await portal.sql`select w_sts from stock.stones where id = ${stone.id}`)[0]!.w_sts).toBe('A')

    const held = await portal.call('diamond-block/create', { id: stone.id, userId: userIdOf(buyer2) }, sales)
    expect(held.body).toMatchObject({ code: 'OK', data: { userId: userIdOf(buyer2), blockType: 1 } })
    expect(
      (await portal.call('diamond-block/paginate', {}, buyer2)).body.data.list.map((r: { id: string }) => r.id),
    ).toContain(stone.id)
    const all = (await portal.call('diamond-block/paginate', { userId: userIdOf(buyer2), blockType: 1 }, sales)).body
      .data.list
    expect(all.map((r: { id: string }) => r.id)).toContain(stone.id)
    expect((await portal.call('diamond-block/delete', { id: stone.id }, sales)).body.code).toBe('OK')
  })

  it('gives a stone on memo to a buyer with a memo number; the buyer sees it in the memo list', async () => {
    const stone = next()
    const memo = await portal.call(
      'diamond-block/create',
      { id: stone.id, blockType: 2, userId: userIdOf(buyer1), memoNo: 'MEMO-101' },
      sales,
    )
    expect(memo.body).toMatchObject({
      code: 'OK',
      data: { wSts: 'M', availability: 'M', blockType: 2, memoNo: 'MEMO-101', expiresAt: null },
    })
    const list = (await portal.call('memo/paginate', {}, buyer1)).body.data
    const row = list.list.find((r: { id: string }) => r.id === stone.id)
    expect(row).toMatchObject({
      memoNo: 'MEMO-101',
      blockType: 2,
      blockCode: 'MEMO',
      wSts: 'M',
      sgiMemo: false,
      userId: userIdOf(buyer1),
    })
    expect(Number.isNaN(Date.parse(row.userDate))).toBe(false)
    expect((await portal.call('memo/paginate', {}, buyer2)).body.data.list).toEqual([])
    // A stone on memo cannot be held.
    expect((await portal.call('diamond/hold', { id: stone.id }, buyer2)).body.code).toBe('E_STONE_UNAVAILABLE')
    expect(await events(stone.id)).toEqual(['stock.stone.memo'])
    // The buyer gives it back; it is available again.
    expect((await portal.call('diamond-block/delete', { id: stone.id }, buyer1)).body.data).toMatchObject({ wSts: 'A' })
    expect((await portal.call('memo/paginate', {}, buyer1)).body.data.list).toEqual([])
  })

  it("ends a buyer's memo when staff set the stone's status; a house memo then reads as on memo", async () => {
    const stone = next()
    await portal.call(
      'diamond-block/create',
      { id: stone.id, blockType: 2, userId: userIdOf(buyer1), memoNo: 'MEMO-102' },
      sales,
    )
    expect((await portal.call('diamond/status-update', { id: stone.id, wSts: 'A' }, sales)).body.code).toBe('OK')
    expect((await portal.call('memo/paginate', {}, buyer1)).body.data.list).toEqual([])
    expect((await portal.call('diamond/status-update', { id: stone.id, wSts: 'M' }, sales)).body.code).toBe('OK')
    const view = await portal.call('diamond/view', { id: stone.id }, buyer2)
    expect(view.body.data).toMatchObject({ wSts: 'M', sgiMemo: true })
  })

  it('refuses bad block requests with the fields named, changing nothing', async () => {
    const stone = next()
    const noNumber = await portal.call(
      'diamond-block/create',
      { id: stone.id, blockType: 2, userId: userIdOf(buyer1) },
      sales,
    )
    expect(noNumber).toMatchObject({ status: 400, body: { code: 'E_VALIDATION' } })
    expect(noNumber.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['memoNo'])
    const badType = await portal.call('diamond-block/create', { id: stone.id, blockType: 7 }, buyer1)
    expect(badType).toMatchObject({ status: 400, body: { code: 'E_VALIDATION' } })
    const extra = await portal.call('diamond-block/create', { id: stone.id, price: 1 }, buyer1)
    expect(extra.body.data.fields).toEqual([expect.objectContaining({ field: 'price' })])
    // A buyer may not memo a stone.
    expect(
      (
        await portal.call(
          'diamond-block/create',
          { id: stone.id, blockType: 2, userId: userIdOf(buyer2), memoNo: 'X1' },
          buyer1,
        )
      ).body.code,
    ).toBe('E_FORBIDDEN')
    expect(
      (await portal.call('diamond-block/create', { id: '00000000-0000-4000-8000-000000000000' }, buyer1)).body.code,
    ).toBe('E_NOT_FOUND')
    expect((await portal.sql`select w_sts from stock.stones where id = ${stone.id}`)[0]!.w_sts).toBe('A')
    expect(await events(stone.id)).toEqual([])
  })

  it('lets a guest do none of it, and hides prices from a user without them', async () => {
    const guest = (
      await portal.call('guest/auth/login', {
        name: 'Gil',
        companyName: 'Gil Gems',
        contactNumber: '+972 3 555 0100',
        email: 'gil@example.test',
      })
    ).body.data.token.jwt as string
    const stone = next()
    for (const [path, body] of [
      ['diamond-block/create', { id: stone.id }],
      ['diamond-block/delete', { id: stone.id }],
      ['diamond-block/paginate', {}],
      ['memo/paginate', {}],
    ] as const) {
      expect((await portal.call(path, body, guest)).body.code, path).toBe('E_GUEST_FORBIDDEN')
    }
    expect((await portal.call('diamond-block/paginate', {}, '')).body.code).toBe('E_UNAUTHORIZED')

    await portal.call('diamond-block/create', { id: stone.id }, noPrice)
    const row = (await portal.call('diamond-block/paginate', {}, noPrice)).body.data.list.find(
      (r: { id: string }) => r.id === stone.id,
    )
    expect(row).toMatchObject({ id: stone.id, blockType: 1 })
    for (const f of ['rap', 'back', 'amt', 'ctPr', 'fnAmt', 'fnCtpr', 'fnDis', 'rapAvg'])
      expect(row, f).not.toHaveProperty(f)
  })

  it('names the block types', async () => {
    const master = (await portal.call('diamond-block-master/paginate', {}, buyer1)).body.data
    expect(master).toEqual({
      count: 4,
      list: [
        { blockType: 1, code: 'HOLD', name: 'Hold', wSts: 'H' },
        { blockType: 2, code: 'MEMO', name: 'Memo', wSts: 'M' },
        { blockType: 3, code: 'SHOW', name: 'Show', wSts: 'S' },
        { blockType: 4, code: 'OFFICE', name: 'Office', wSts: 'O' },
      ],
    })
  })
})

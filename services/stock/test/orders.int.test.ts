import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '@diamond/runtime'
import { StoneService } from '../src/modules/stones/stones.service'
import { startTestPortal, type TestPortal } from '../../../test/portal'

/**
 * Confirm to order: all or nothing, one order per idempotency key, no deadlock reaching anyone,
 * and every hold ending exactly one way when its expiry races a confirm.
 */
describe('confirming stones into orders', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string
  let pool: string[] = []
  const take = (n: number) => pool.splice(0, n)

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 160 })
    ;[buyer1, buyer2] = await Promise.all([portal.login('buyer1'), portal.login('buyer2')])
    pool = (await portal.stones(buyer1, 160)).map((s) => s.id)
  })
  afterAll(() => portal?.close())

  const key = () => randomUUID()
  const confirm = (token: string, ids: string[], k: string | null = key(), billType = 4) =>
    portal.call('diamond-confirm/request', { ids, billType }, token, k ? { 'idempotency-key': k } : {})
  const status = async (ids: string[]) =>
    Object.fromEntries(
      (await portal.sql`select id, w_sts from stock.stones where id = any(${ids}::uuid[])`).map((r) => [r.id, r.w_sts]),
    )
  const eventsOf = async (ids: string[]) =>
    (await portal.sql`select key, type from stock.outbox where key = any(${ids}) order by seq`).map(
      (r) => `${r.key}:${r.type}`,
    )

  it('confirms available stones and a stone held by the buyer into one order', async () => {
    const [a, b, h] = take(3) as [string, string, string]
    expect((await portal.call('diamond/hold', { id: h }, buyer1)).body.code).toBe('OK')
    const res = await confirm(buyer1, [a, b, h])
    expect(res.body.code).toBe('OK')
    const order = res.body.data.order
    expect(order).toMatchObject({ pcs: 3, billType: { code: 4, name: '5 Days Export' }, shipmentStatus: 'confirmed' })
    expect(order.lines.map((l: { stoneId: string }) => l.stoneId).sort()).toEqual([a, b, h].sort())
    const sum = order.lines.reduce((n: number, l: { finalAmountCents: number }) => n + l.finalAmountCents, 0)
    expect(order.finalAmountCents).toBe(sum)
    expect(order.adjustmentCents).toBe(order.finalAmountCents - order.amountCents)
    expect(await status([a, b, h])).toEqual({ [a]: 'C', [b]: 'C', [h]: 'C' })
    const [holds] = await portal.sql`select count(*)::int as n from stock.holds where stone_id = ${h}`
    expect(holds!.n).toBe(0)
    expect((await eventsOf([a, b])).sort()).toEqual([`${a}:stock.stone.confirmed`, `${b}:stock.stone.confirmed`].sort())
    expect(await eventsOf([order.id])).toEqual([`${order.id}:stock.trade.order-placed`])
    // The index hears at once: the stones are gone from the available list.
    const still = (await portal.stones(buyer2, 160)).map((s) => s.id)
    expect(still).not.toContain(a)
  })

  it('confirms all or nothing: one stone taken refuses the basket, names it, and changes nothing', async () => {
    const [a, b, taken] = take(3) as [string, string, string]
    expect((await portal.call('diamond/hold', { id: taken }, buyer2)).body.code).toBe('OK')
    const [{ n: ordersBefore }] = await portal.sql<[{ n: number }]>`select count(*)::int as n from stock.orders`
    const res = await confirm(buyer1, [a, taken, b])
    expect(res).toMatchObject({ status: 409, body: { code: 'E_STONE_UNAVAILABLE', data: { ids: [taken] } } })
    expect(await status([a, b])).toEqual({ [a]: 'A', [b]: 'A' })
    expect(await eventsOf([a, b])).toEqual([])
    const [{ n: ordersAfter }] = await portal.sql<[{ n: number }]>`select count(*)::int as n from stock.orders`
    expect(ordersAfter).toBe(ordersBefore)
  })

  it('lets 20 overlapping baskets of different buyers race with no 5xx and no deadlock reaching anyone', async () => {
    const stones = take(10)
    const users = await Promise.all(['buyer1', 'buyer2', 'seller1', 'sales1', 'admin1'].map((u) => portal.login(u)))
    // Basket i takes three neighbouring stones, listed in a shuffled order.
    const baskets = Array.from({ length: 20 }, (_, i) => {
      const ids = [stones[i % 10]!, stones[(i + 1) % 10]!, stones[(i + 3) % 10]!]
      return i % 2 ? ids.reverse() : ids
    })
    const results = await Promise.all(baskets.map((ids, i) => confirm(users[i % users.length]!, ids)))
    for (const r of results) {
      expect(r.status).toBeLessThan(500)
      expect(['OK', 'E_STONE_UNAVAILABLE']).toContain(r.body.code)
    }
    const won = results.filter((r) => r.body.code === 'OK')
    expect(won.length).toBeGreaterThan(0)
    const lines =
      await portal.sql`select stone_id, count(*)::int as n from stock.order_lines where stone_id = any(${stones}::uuid[]) group by stone_id`
    for (const l of lines) expect(l.n).toBe(1)
    expect(lines.length).toBe(won.length * 3)
    const now = await status(stones)
    for (const id of stones) expect(now[id]).toBe(lines.some((l) => l.stone_id === id) ? 'C' : 'A')
    const confirmed = (await eventsOf(stones)).filter((e) => e.endsWith('stock.stone.confirmed'))
    expect(confirmed.length).toBe(lines.length)
  })

  it('makes one order for the same key sent twice at once, and answers both the same', async () => {
    const ids = take(2)
    const k = key()
    const [r1, r2] = await Promise.all([confirm(buyer1, ids, k), confirm(buyer1, ids, k)])
    expect(r1.body.code).toBe('OK')
    expect(r2.body).toEqual(r1.body)
    const again = await confirm(buyer1, [...ids].reverse(), k)
    expect(again.body.data.order.id).toBe(r1.body.data.order.id)
    const [{ n }] = await portal.sql<
      [{ n: number }]
    >`select count(*)::int as n from stock.order_lines where stone_id = any(${ids}::uuid[])`
    expect(n).toBe(2)
  })

  it('refuses the same key with a different request, and a missing or malformed key', async () => {
    const [a, b] = take(2) as [string, string]
    const k = key()
    expect((await confirm(buyer1, [a], k)).body.code).toBe('OK')
    expect(await confirm(buyer1, [b], k)).toMatchObject({ status: 422, body: { code: 'E_IDEMPOTENCY_MISMATCH' } })
    expect(await status([b])).toEqual({ [b]: 'A' })
    // Keys are per user: another buyer's identical key is their own.
    expect((await confirm(buyer2, [b], k)).body.code).toBe('OK')
    const missing = await confirm(buyer1, take(1), null)
    expect(missing).toMatchObject({ status: 400, body: { code: 'E_VALIDATION' } })
    expect(JSON.stringify(missing.body.data)).toContain('idempotency-key')
    expect((await confirm(buyer1, take(1), 'bad key!')).body.code).toBe('E_VALIDATION')
  })

  it('refuses a user who may not order, a guest, and a basket below the bill type minimum', async () => {
    const [a] = take(1) as [string]
    const noprice = await portal.login('noprice1')
    expect(await confirm(noprice, [a])).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } })
    const guest = (
      await portal.call('guest/auth/login', {
        name: 'Gil',
        companyName: 'Gil Gems',
        contactNumber: '+972 3 555 0100',
        email: 'gil@example.test',
      })
    ).body.data.token.jwt
    expect((await confirm(guest, [a])).body.code).toBe('E_GUEST_FORBIDDEN')
    expect((await portal.call('diamond/get-discount-calculations', { ids: [a], billType: 4 }, guest)).status).toBe(403)
    const calc = await portal.call('diamond/get-discount-calculations', { ids: [a], billType: 1 }, buyer1)
    expect(calc.body.code).toBe('OK')
    const final = calc.body.data.totals.finalAmountCents as number
    expect(calc.body.data.meetsMinimum).toBe(final >= 1_500_000)
    if (final < 1_500_000) {
      const below = (await confirm(buyer1, [a], key(), 1)).body
      expect(below).toMatchObject({ code: 'E_MIN_AMOUNT', data: { finalAmountCents: final } })
      // A buyer who sees no prices but may order is refused without the basket's price.
      const claims = portal.tokens.verify(buyer1)
      const blind = portal.tokens.sign({ ...claims, noPrice: true })
      const refused = (await confirm(blind, [a.toUpperCase()], key(), 1)).body
      expect(refused.code).toBe('E_MIN_AMOUNT')
      expect(refused.data).toEqual({ minAmountCents: 1_500_000 })
    }
    // A user without prices sees the figures' shape, never a price.
    const hidden = await portal.call('diamond/get-discount-calculations', { ids: [a], billType: 4 }, noprice)
    expect(hidden.body.data.lines[0].amountCents).toBeUndefined()
    expect(hidden.body.data.totals.finalAmountCents).toBeUndefined()
    expect(await status([a])).toEqual({ [a]: 'A' })
  })

  it('gives the invoice PDF to the order owner only; anyone else gets not found', async () => {
    const placed = await confirm(buyer1, take(1))
    const id = placed.body.data.order.id as string
    const res = await fetch(`${portal.base}/web/v1/order/invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${buyer1}` },
      body: JSON.stringify({ id }),
    })
    expect(res.headers.get('content-type')).toContain('application/pdf')
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    expect(await portal.call('order/invoice', { id }, buyer2)).toMatchObject({
      status: 404,
      body: { code: 'E_NOT_FOUND' },
    })
    expect((await portal.call('order/view', { id }, buyer2)).body.code).toBe('E_NOT_FOUND')
    const history = await portal.call('order/paginate', {}, buyer1)
    expect(history.body.data.list.some((o: { id: string }) => o.id === id)).toBe(true)
    expect(
      (await portal.call('order/paginate', {}, buyer2)).body.data.list.some((o: { id: string }) => o.id === id),
    ).toBe(false)
  })

  it('ships an order step by step, by staff only, and tracks it for its buyer', async () => {
    const placed = await confirm(buyer1, take(1))
    const order = placed.body.data.order
    const sales = await portal.login('sales1')
    const ship = await portal.call('shipping-detail', { orderId: order.id }, buyer1)
    expect(ship.body.data).toMatchObject({ status: 'confirmed', trackingNo: null })
    expect(ship.body.data.expectedFrom < ship.body.data.expectedTo).toBe(true)
    expect((await portal.call('shipping-detail/update', { orderId: order.id, status: 'packed' }, buyer1)).status).toBe(
      403,
    )
    expect(
      (
        await portal.call(
          'shipping-detail/update',
          { orderId: order.id, status: 'shipped', trackingNo: 'TRK123', carrier: 'FedEx' },
          sales,
        )
      ).body.code,
    ).toBe('E_SHIPMENT_STEP')
    expect(
      (await portal.call('shipping-detail/update', { orderId: order.id, status: 'packed' }, sales)).body.data.status,
    ).toBe('packed')
    expect(
      (await portal.call('shipping-detail/update', { orderId: order.id, status: 'shipped' }, sales)).body.code,
    ).toBe('E_VALIDATION')
    expect(
      (
        await portal.call(
          'shipping-detail/update',
          { orderId: order.id, status: 'shipped', trackingNo: 'TRK123', carrier: 'FedEx' },
          sales,
        )
      ).body.data,
    ).toMatchObject({ status: 'shipped', trackingNo: 'TRK123' })
    expect((await eventsOf([order.id])).filter((e) => e.endsWith('shipment-updated')).length).toBe(2)
    const mine = await portal.call('shipping-detail/paginate', {}, buyer1)
    expect(mine.body.data.list.find((s: { orderId: string }) => s.orderId === order.id).status).toBe('shipped')
    const byStone = await portal.call('shipping-detail/track', { q: order.lines[0].vStnId }, buyer1)
    expect(byStone.body.data.order.id).toBe(order.id)
    expect((await portal.call('shipping-detail/track', { q: order.orderNo }, buyer1)).body.data.shipment.status).toBe(
      'shipped',
    )
    expect((await portal.call('shipping-detail/track', { q: order.orderNo }, buyer2)).body.code).toBe('E_NOT_FOUND')
    const list = await portal.call('diamond-confirm/paginate', {}, buyer1)
    const line = list.body.data.list.find((l: { orderNo: string }) => l.orderNo === order.orderNo)
    // The bill type by its code too, for the web app to name it in the reader's language.
    expect(line).toMatchObject({ billTypeCode: order.billType.code, billTypeName: order.billType.name })
  })

  it('ends every hold exactly one way when its expiry races a confirm', async () => {
    // A second sweeper on its own connections, as another stock instance would run it.
    const sweeper = new StoneService({ sql: portal.sql } as unknown as Database, 10)
    const rounds = 25
    const ids = take(rounds)
    for (const id of ids) {
      expect((await portal.call('diamond/hold', { id }, buyer1)).body.code).toBe('OK')
      await portal.sql`update stock.holds set expires_at = now() where stone_id = ${id}`
      const [res] = await Promise.all([confirm(buyer1, [id]), sweeper.releaseExpired()])
      expect(res.status).toBeLessThan(500)
      const [line] = await portal.sql`select from_hold from stock.order_lines where stone_id = ${id}`
      const events = (await eventsOf([id])).map((e) => e.split(':')[1])
      const released = events.filter((e) => e === 'stock.stone.released').length
      const [{ n: holds }] = await portal.sql<
        [{ n: number }]
      >`select count(*)::int as n from stock.holds where stone_id = ${id}`
      expect(holds).toBe(0)
      // The hold ended confirmed XOR released; a confirm after the release took the stone as available.
      expect(released + (line?.from_hold ? 1 : 0)).toBe(1)
      expect(events.filter((e) => e === 'stock.stone.confirmed').length).toBe(line ? 1 : 0)
      expect((await status([id]))[id]).toBe(line ? 'C' : 'A')
      expect(res.body.code).toBe(line ? 'OK' : 'E_STONE_UNAVAILABLE')
    }
  })
})

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MODULES, type CompactPermissions } from '@diamond/contracts/permissions.values'
import type { LotClosed } from '@diamond/contracts/events/bidding'
import { newEvent } from '@diamond/runtime'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'
import { biddingFixtures } from '../../bidding/test/bidding-fixtures'

/**
 * Issue 26, a won lot's order within a second: stock settles a batch of lot results set-based (one
 * statement per step for the whole batch). Results published together reach its consumer as one
 * batch; each must come out exactly as one result at a time would: a won stone confirmed with its
 * order, line, shipment and events, an unsold one back in stock, a withdrawn one untouched, a second
 * result for a stone already sold (in the same batch) and a redelivered result making no order.
 */
describe('a batch of lot results', () => {
  let portal: TestPortal
  let f: ReturnType<typeof biddingFixtures>
  const users: Record<string, { id: string; token: string }> = {}
  const all: CompactPermissions = Object.fromEntries(MODULES.map((m) => [m, 'via']))

  beforeAll(async () => {
    portal = await startTestPortal({
      stones: 60,
      env: { AUTH_DIGESTS: 'false', BIDDING_DEMO_AUCTIONS: 'false' },
    })
    const rows = await portal.sql<{ id: string; username: string; user_type: string }[]>`
      select id, username, user_type from auth.users where username in ('sales1', 'buyer1', 'buyer2')`
    for (const u of rows) {
      users[u.username] = {
        id: u.id,
        token: portal.tokens.sign({
          id: u.id,
          username: u.username,
          userType: u.user_type,
          perms: all,
          noPrice: false,
          ver: 0,
          guest: false,
          trusted: true,
          operator: u.user_type === 'sales',
        }),
      }
    }
    f = biddingFixtures(portal, { staff: users.sales1!.token, browse: users.buyer1!.token })
    await waitFor(
      async () => (await portal.sql`select 1 from stock.buyers where username = 'buyer2'`)[0],
      20_000,
      'stock to learn the buyers',
    )
  }, 120_000)
  afterAll(async () => {
    await portal?.close()
  })

  it('settles won, unsold and withdrawn lots of one batch as one at a time would, one order per lot', async () => {
    const { buyer1, buyer2 } = users as Required<typeof users>
    const four = await f.upForBid(4)
    const [wonA, wonB, unsold, withdrawn] = four
    // buyer2 has wonB in the cart: it leaves; buyer1's cart keeps it (another buyer's cart reads "Sold").
    for (const u of [buyer1!, buyer2!])
      expect((await portal.call('diamond-track/create', { trackType: 1, stoneIds: [wonB] }, u.token)).body.code).toBe(
        'OK',
      )
    const facts = await portal.sql<{ id: string; v_stn_id: string; crt: number }[]>`
      select id, v_stn_id, carat::float8 as crt from stock.stones where id = any(${four}::uuid[])`
    const fact = new Map(facts.map((s) => [s.id, s]))
    const auctionId = randomUUID()
    const closedAt = new Date().toISOString()
    const result = (stoneId: string, over: Partial<LotClosed>): LotClosed => ({
      lotId: randomUUID(),
      auctionId,
      stoneId,
      vStnId: fact.get(stoneId)!.v_stn_id,
      kind: 'blind',
      winnerId: null,
      pricePerCaratCents: null,
      bidderIds: [],
      closedAt,
      ...over,
    })
    const a = result(wonA!, { winnerId: buyer1!.id, pricePerCaratCents: 150_000 })
    const b = result(wonB!, { winnerId: buyer2!.id, pricePerCaratCents: 210_000 })
    const u = result(unsold!, {})
    const w = result(withdrawn!, { winnerId: buyer1!.id, pricePerCaratCents: 99_000, withdrawn: true })
    // A second lot of the sold stone A, won by someone else: the stone is no longer biddable.
    const a2 = result(wonA!, { winnerId: buyer2!.id, pricePerCaratCents: 300_000 })
    // One key for all: one partition, so they arrive in this order (and together, as one batch).
    const events = [a, b, u, w, a2, a].map((data) => newEvent('bidding', 'bidding.lot.closed', auctionId, data))
    await portal.bus.publish(events)
    await waitFor(
      async () => {
        const [{ n }] = await portal.sql<[{ n: number }]>`
          select count(*)::int as n from stock.consumed_events
           where consumer = 'stock.bid-results' and event_id = any(${events.map((e) => e.id)}::uuid[])`
        return n === events.length
      },
      20_000,
      'the results consumed',
    )

    const stones = await portal.sql<{ id: string; w_sts: string; bid_lot_id: string | null }[]>`
      select id, w_sts, bid_lot_id from stock.stones where id = any(${four}::uuid[])`
    expect(Object.fromEntries(stones.map((s) => [s.id, s.w_sts]))).toEqual({
      [wonA!]: 'C',
      [wonB!]: 'C',
      [unsold!]: 'A',
      [withdrawn!]: 'B',
    })

    // One order per won lot, none for the withdrawn lot nor the second lot of stone A.
    const orders = await portal.sql<
      {
        lot_id: string
        buyer_id: string
        buyer_name: string
        order_no: string
        id: string
        final_cents: number
        source: string
        bill_type: number
        pay_by: string
        created_at: Date
      }[]
    >`select lot_id, buyer_id, buyer_name, order_no, id, final_cents::float8 as final_cents, source, bill_type,
             pay_by::text, created_at
        from stock.orders where lot_id = any(${[a.lotId, b.lotId, u.lotId, w.lotId, a2.lotId]}::uuid[])`
    expect(orders.map((o) => o.lot_id).sort()).toEqual([a.lotId, b.lotId].sort())
    const orderOf = new Map(orders.map((o) => [o.lot_id, o]))
    for (const [lot, buyer, ppc] of [
      [a, buyer1!, 150_000],
      [b, buyer2!, 210_000],
    ] as const) {
      const o = orderOf.get(lot.lotId)!
      expect(o).toMatchObject({ buyer_id: buyer.id, source: 'auction', bill_type: 7 })
      expect(o.final_cents).toBe(Math.round(ppc * fact.get(lot.stoneId)!.crt))
      expect(o.buyer_name).toMatch(/^buyer[12]$/)
      const [line] = await portal.sql<{ stone_id: string; ppc: number; from_hold: boolean }[]>`
        select stone_id, price_per_carat_cents::float8 as ppc, from_hold from stock.order_lines where order_id = ${o.id}`
      expect(line).toEqual({ stone_id: lot.stoneId, ppc, from_hold: false })
      const [ship] = await portal.sql<{ status: string; steps: { status: string; at: string }[] }[]>`
        select status, steps from stock.shipments where order_id = ${o.id}`
      expect(ship).toEqual({ status: 'confirmed', steps: [{ status: 'confirmed', at: o.created_at.toISOString() }] })
      // The order as the buyer reads it.
      const view = await portal.call('order/view', { id: o.id }, buyer.token)
      expect(view.body.data).toMatchObject({
        orderNo: o.order_no,
        source: 'auction',
        payBy: o.pay_by,
        shipmentStatus: 'confirmed',
        lines: [{ stoneId: lot.stoneId, pricePerCaratCents: ppc }],
      })
    }

    // The winner's cart lets the stone go; the other buyer's keeps it.
    const cartOf = async (id: string) =>
      (
        await portal.sql<{ stone_id: string }[]>`
        select stone_id from stock.tracks where user_id = ${id} and track_type = 1 and stone_id = ${wonB!}`
      ).length
    expect(await cartOf(buyer2!.id)).toBe(0)
    expect(await cartOf(buyer1!.id)).toBe(1)

    // Stock's events: a bid win per won stone (its winner as holder), the unsold stone's return, and
    // one order placed per order; nothing for the withdrawn lot or the second lot of stone A.
    const outbox = await portal.sql<{ type: string; key: string; data: any }[]>`
      select type, key, event -> 'data' as data from stock.outbox
       where (type like 'stock.stone.%' and key = any(${four}::text[]))
          or (type like 'stock.trade.%' and key = any(${orders.map((o) => o.id)}::text[]))
       order by seq`
    const statuses = outbox.filter((e) => e.type.startsWith('stock.stone.') && e.data.wSts !== 'B')
    expect(statuses.map((e) => [e.key, e.data.wSts, e.data.holderId])).toEqual([
      [wonA, 'C', buyer1!.id],
      [wonB, 'C', buyer2!.id],
      [unsold, 'A', null],
    ])
    const placed = outbox.filter((e) => e.type === 'stock.trade.order-placed')
    expect(placed.map((e) => e.data)).toEqual(
      [a, b].map((lot) => {
        const o = orderOf.get(lot.lotId)!
        return {
          userIds: [lot.winnerId],
          toSales: true,
          kind: 'order.placed',
          params: {
            orderNo: o.order_no,
            orderId: o.id,
            vStnId: lot.vStnId,
            amountCents: o.final_cents,
            pcs: 1,
            sellers: expect.any(String),
            source: 'auction',
          },
        }
      }),
    )
  }, 90_000)
})

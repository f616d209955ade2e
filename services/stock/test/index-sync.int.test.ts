import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StockBulkEventTypes, StockEventTypes, type StoneStatusChanged } from '@diamond/contracts/events/stock'
import { MemoryBus, newEvent } from '@diamond/runtime'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

/**
 * Another stock instance's changes reach this one's search index through events: a newer status is
 * applied, a new price is read again from PostgreSQL, an older event changes nothing.
 */
describe("the search index follows other instances' changes", () => {
  const bus = new MemoryBus()
  let portal: TestPortal
  let buyer: string
  beforeAll(async () => {
    portal = await startTestPortal({ stones: 60, bus })
    buyer = await portal.login('buyer1')
  })
  afterAll(() => portal?.close())

  const find = async (filter: object) =>
    (await portal.call('diamond/paginate', { filter }, buyer)).body.data.count as number
  const event = (type: string, row: { id: string; v_stn_id: string; w_sts: string; status_version: number }) =>
    newEvent<StoneStatusChanged>('stock', type, row.id, {
      stoneId: row.id,
      vStnId: row.v_stn_id,
      wSts: row.w_sts,
      sSts: 'N',
      availability: row.w_sts === 'M' ? 'M' : 'A',
      statusVersion: row.status_version,
      holderId: null,
      expiresAt: null,
    })

  it('applies a status change made elsewhere', async () => {
    const [row] = await portal.sql<{ id: string; v_stn_id: string; w_sts: string; status_version: number }[]>`
      update stock.stones set w_sts = 'M', web_sts = 'M', status_version = status_version + 1
       where id = (select id from stock.stones where w_sts = 'A' order by v_stn_id limit 1)
      returning id, v_stn_id, w_sts, status_version`
    expect(await find({ ids: [row!.id], availability: ['M'] })).toBe(0)
    await bus.publish([event(StockEventTypes.memo, row!)])
    await waitFor(
      async () => (await find({ ids: [row!.id], availability: ['M'] })) === 1,
      10_000,
      'the memo to reach the index',
    )
    // A late, older event changes nothing.
    await bus.publish([
      event(StockEventTypes.released, { ...row!, w_sts: 'A', status_version: row!.status_version - 1 }),
    ])
    await new Promise((r) => setTimeout(r, 200))
    expect(await find({ ids: [row!.id], availability: ['M'] })).toBe(1)
  })

  it('reads a price changed elsewhere again from the database', async () => {
    const [row] = await portal.sql<{ id: string; v_stn_id: string; w_sts: string; status_version: number }[]>`
      update stock.stones set back = -3.25, amt_cents = round(rap_cents * 0.9675), status_version = status_version + 1
       where id = (select id from stock.stones where rap_cents > 0 and w_sts = 'A' order by v_stn_id desc limit 1)
      returning id, v_stn_id, w_sts, status_version`
    await bus.publish([event(StockEventTypes.priced, row!)])
    await waitFor(
      async () => (await find({ ids: [row!.id], back: { from: -3.25, to: -3.25 } })) === 1,
      10_000,
      'the new price to reach the index',
    )
  })

  it('follows an upload committed elsewhere from its bulk events: statuses applied, prices read again, older ones ignored', async () => {
    const rows = await portal.sql<{ id: string; v_stn_id: string; w_sts: string; status_version: number }[]>`
      update stock.stones set w_sts = case when v_stn_id = (select min(v_stn_id) from stock.stones where w_sts = 'A') then 'R' else w_sts end,
                              back = -4.75, amt_cents = round(rap_cents * 0.9525), status_version = status_version + 1
       where id in (select id from stock.stones where rap_cents > 0 and w_sts = 'A' order by v_stn_id limit 3)
      returning id, v_stn_id, w_sts, status_version`
    const [gone, ...repriced] = [...rows].sort((a, b) => a.v_stn_id.localeCompare(b.v_stn_id))
    const change = (type: string, row: (typeof rows)[number]) => {
      const { data } = event(type, row)
      return {
        type: type as typeof StockEventTypes.priced,
        ...data,
        availability: row.w_sts === 'R' ? ('NA' as const) : data.availability,
      }
    }
    const stale = { ...repriced[0]!, w_sts: 'M', status_version: repriced[0]!.status_version - 1 }
    await bus.publish([
      newEvent('stock', StockBulkEventTypes.changed, 'another-seller', {
        changes: [
          change(StockEventTypes.removed, gone!),
          ...repriced.map((r) => change(StockEventTypes.priced, r)),
          change(StockEventTypes.memo, stale),
        ],
      }),
    ])
    await waitFor(
      async () => (await find({ ids: repriced.map((r) => r.id), back: { from: -4.75, to: -4.75 } })) === 2,
      10_000,
      'the bulk event’s new prices to reach the index',
    )
    expect(await find({ ids: [gone!.id] })).toBe(0)
    expect(await find({ ids: [stale.id], availability: ['M'] })).toBe(0)
  })
})

import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { BiddingEventTypes, type LotOpened } from '@diamond/contracts/events/bidding'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { StockBulkEventTypes, StockEventTypes, type StoneStatusChanged } from '@diamond/contracts/events/stock'
import type { MessageBus, SubscribeOptions } from './bus/types'
import { consumer, subscribeIdempotent, weighed, type ConsumerContext } from './consumer'
import type { Database, Tx } from './db'
import { newEvent } from './outbox'

const stone: StoneStatusChanged = {
  stoneId: randomUUID(),
  vStnId: 'V-1',
  wSts: 'H',
  sSts: 'A',
  availability: 'H',
  statusVersion: 2,
  holderId: null,
  expiresAt: null,
}
const lot: LotOpened = { lotId: randomUUID(), auctionId: randomUUID(), stoneId: stone.stoneId }
const tx = {} as Tx
const ctx: ConsumerContext = { tx, afterCommit: () => {} }

describe('an idempotent consumer declared by its event types', () => {
  it('subscribes to the topics of its types and acts on those types only', () => {
    const c = consumer('svc.purpose')
      .on(BiddingEventTypes.opened, () => {})
      .on([StockEventTypes.held, StockEventTypes.released], () => {})
      .definition()
    expect(c.name).toBe('svc.purpose')
    expect(c.topics).toEqual(['bidding.lot', 'stock.stone'])
    expect(c.types).toEqual([BiddingEventTypes.opened, StockEventTypes.held, StockEventTypes.released])
    expect(c.wants).toBeUndefined()
    expect(c.batch).toBeUndefined()
    // From the beginning of its topics unless declared for new events only.
    expect(c.fromBeginning).toBeUndefined()
    expect(
      consumer('svc.news')
        .on(StockEventTypes.held, () => {})
        .fromNewEvents()
        .definition().fromBeginning,
    ).toBe(false)
  })

  it("hands each event to its type's handler with the transaction", async () => {
    const opened = vi.fn()
    const held = vi.fn()
    const c = consumer('svc.purpose').on(BiddingEventTypes.opened, opened).on(StockEventTypes.held, held).definition()
    const e = newEvent('stock', StockEventTypes.held, stone.stoneId, stone)
    await c.handle(e, tx, ctx)
    expect(held).toHaveBeenCalledExactlyOnceWith(e, ctx)
    expect(opened).not.toHaveBeenCalled()
  })

  it('filters with wants and applies a batch through its batch handler', async () => {
    const batches: string[][] = []
    const c = consumer('svc.purpose')
      .on(StockEventTypes.held, () => {})
      .wants((e) => e.data.holderId !== null)
      .batch(50, (events) => void batches.push(events.map((e) => e.data.stoneId)))
      .definition()
    expect(c.wants!(newEvent('stock', StockEventTypes.held, stone.stoneId, stone))).toBe(false)
    expect(c.wants!(newEvent('stock', StockEventTypes.held, stone.stoneId, { ...stone, holderId: randomUUID() }))).toBe(
      true,
    )
    expect(c.batch).toBe(50)
    await c.handleBatch!([newEvent('stock', StockEventTypes.held, stone.stoneId, stone)], tx, ctx)
    expect(batches).toEqual([[stone.stoneId]])
  })

  it('applies a batch event by event when it has no batch handler', async () => {
    const seen: string[] = []
    const c = consumer('svc.purpose')
      .on(BiddingEventTypes.opened, ({ data }) => void seen.push(data.lotId))
      .batch(10)
      .definition()
    expect(c.batch).toBe(10)
    expect(c.handleBatch).toBeUndefined()
    await c.handle(newEvent('bidding', BiddingEventTypes.opened, lot.lotId, lot), tx, ctx)
    expect(seen).toEqual([lot.lotId])
  })

  it('weighs a batch by what its events count for: bulk events of many stones go in runs of about the batch size', () => {
    const c = consumer('svc.stones')
      .on([StockEventTypes.held, StockBulkEventTypes.changed], () => {})
      .batch(500, () => {}, { weight: (e) => (e.type === StockBulkEventTypes.changed ? e.data.changes.length : 1) })
      .definition()
    const bulk = (n: number) =>
      newEvent('stock', StockBulkEventTypes.changed, 'seller', {
        changes: Array.from({ length: n }, () => ({ type: StockEventTypes.arrived, ...stone })),
      })
    const one = () => newEvent('stock', StockEventTypes.held, stone.stoneId, stone)
    const events: AnyEvent[] = [bulk(500), bulk(300), one(), bulk(200), one(), bulk(500), one()]
    const runs = weighed(events, c.batch!, c.weight)
    expect(runs.map((r) => r.map((e) => events.indexOf(e)))).toEqual([[0], [1, 2], [3, 4], [5], [6]])
    // Without a weight every event counts one: the bus's batch is one transaction.
    expect(weighed(events, 500)).toEqual([events])
    expect(weighed([], 500, c.weight)).toEqual([])
  })

  it('asks the bus for few events at once when they are weighed, the batch otherwise', async () => {
    const asked: (number | undefined)[] = []
    const bus = {
      subscribe: (opts: SubscribeOptions) => {
        asked.push(opts.maxBatch)
        return Promise.resolve({ close: () => Promise.resolve() })
      },
    } as unknown as MessageBus
    const database = { schema: 'svc' } as Database
    const weight = (e: AnyEvent) => (e.type === StockBulkEventTypes.changed ? 500 : 1)
    const on = (name: string) => consumer(name).on([StockEventTypes.held, StockBulkEventTypes.changed], () => {})
    await subscribeIdempotent(bus, database, on('svc.weighed').batch(500, undefined, { weight }).definition())
    await subscribeIdempotent(bus, database, on('svc.counted').batch(500).definition())
    expect(asked[0]).toBeLessThanOrEqual(50)
    expect(asked[1]).toBe(500)
  })

  it('refuses a consumer without an event type', () => {
    expect(() => consumer('svc.nothing').definition()).toThrow(/no event type/)
  })
})

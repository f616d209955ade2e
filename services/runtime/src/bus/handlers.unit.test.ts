import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { AuthEventTypes } from '@diamond/contracts/events/auth'
import { BiddingEventTypes, type LotOpened } from '@diamond/contracts/events/bidding'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { StockEventTypes, type StoneStatusChanged } from '@diamond/contracts/events/stock'
import { newEvent } from '../outbox'
import { EventHandlers } from './handlers'

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

describe('typed event handlers', () => {
  it('hands an event to the handler of its type, with what the caller passes beside it', async () => {
    const opened = vi.fn()
    const held = vi.fn()
    const on = new EventHandlers<never, string>()
      .on(BiddingEventTypes.opened, opened)
      .on([StockEventTypes.held, StockEventTypes.sold], held)
    const e = newEvent('bidding', BiddingEventTypes.opened, lot.lotId, lot)
    await on.handle(e, 'ctx')
    expect(opened).toHaveBeenCalledExactlyOnceWith(e, 'ctx')
    expect(held).not.toHaveBeenCalled()
    const sold = newEvent('stock', StockEventTypes.sold, stone.stoneId, stone)
    await on.handle(sold, 'again')
    expect(held).toHaveBeenCalledExactlyOnceWith(sold, 'again')
  })

  it('passes over an event of a type nobody registered', async () => {
    const held = vi.fn()
    const on = new EventHandlers().on(StockEventTypes.held, held)
    const other: AnyEvent = newEvent('stock', StockEventTypes.released, stone.stoneId, stone)
    expect(on.handles(other)).toBe(false)
    await on.handle(other)
    expect(held).not.toHaveBeenCalled()
  })

  it('waits for an asynchronous handler and lets its failure through (the bus retries)', async () => {
    const on = new EventHandlers().on(StockEventTypes.held, () => Promise.reject(new Error('no')))
    await expect(on.handle(newEvent('stock', StockEventTypes.held, stone.stoneId, stone))).rejects.toThrow('no')
  })

  it('names the types registered and the topics they travel on, each once', () => {
    const on = new EventHandlers()
      .on(Object.values(StockEventTypes), () => {})
      .on([BiddingEventTypes.opened, BiddingEventTypes.closed], () => {})
      .on(AuthEventTypes.revoked, () => {})
    expect(on.types).toHaveLength(Object.values(StockEventTypes).length + 3)
    expect(on.topics).toEqual(['stock.stone', 'bidding.lot', 'auth.session'])
  })

  it('refuses a second handler for a type', () => {
    const on = new EventHandlers().on(StockEventTypes.held, () => {})
    expect(() => on.on([StockEventTypes.sold, StockEventTypes.held], () => {})).toThrow(/stock.stone.held/)
  })
})

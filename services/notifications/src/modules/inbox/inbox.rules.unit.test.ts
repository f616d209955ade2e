import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { TradeEventTypes, type TradeEvent } from '@diamond/contracts/events/stock'
import { newEvent } from '@diamond/runtime'
import { noticesFor } from './inbox.rules'

const trade = (data: TradeEvent) => newEvent<TradeEvent>('stock', TradeEventTypes.offerCountered, randomUUID(), data)

describe('trading notices', () => {
  it('gives each named user one notice', () => {
    const [a, b] = [randomUUID(), randomUUID()]
    const notices = noticesFor(trade({ userIds: [a, b, a], toSales: false, kind: 'offer.countered', params: { vStnId: 'D1', price: 10 } }))
    expect(notices).toEqual([
      { userId: a, kind: 'offer.countered', params: { vStnId: 'D1', price: 10 } },
      { userId: b, kind: 'offer.countered', params: { vStnId: 'D1', price: 10 } },
    ])
  })

  it('addresses the sales team as one audience notice', () => {
    expect(noticesFor(trade({ userIds: [], toSales: true, kind: 'offer.made', params: {} }))).toEqual([{ userId: null, audience: 'sales', kind: 'offer.made', params: {} }])
  })
})

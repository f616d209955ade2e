import i18next from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '../locales/orders.en.json'
import { orderNoticeText } from './notices'

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: { en: { translation: { orders: en } } },
    interpolation: { escapeValue: false },
  })
})

describe('orderNoticeText', () => {
  it('says which order, how many stones and what it comes to', () => {
    const text = orderNoticeText({
      kind: 'order.placed',
      params: { orderNo: 'OR100004', pcs: 2, amountCents: 1_842_000 },
    })
    expect(text).toBe('Order OR100004 confirmed: 2 pcs, $18,420.00.')
  })

  it('leaves the amount out for a reader who does not see prices', () => {
    expect(orderNoticeText({ kind: 'order.placed', params: { orderNo: 'OR1', pcs: 1, amountCents: null } })).toBe(
      'Order OR1 confirmed: 1 pcs.',
    )
  })

  it('tells each shipment step, with the tracking number once shipped', () => {
    expect(orderNoticeText({ kind: 'shipment.updated', params: { orderNo: 'OR2', status: 'packed' } })).toBe(
      'Order OR2: shipment Packed.',
    )
    expect(
      orderNoticeText({ kind: 'shipment.updated', params: { orderNo: 'OR2', status: 'shipped', trackingNo: 'TN9' } }),
    ).toBe('Order OR2: shipment Shipped, tracking number TN9.')
    expect(orderNoticeText({ kind: 'bid.outbid', params: {} })).toBeNull()
  })

  it('tells the winner of a lot their order, and the seller that the stone sold, never who bought it (issue 26)', () => {
    const params = { orderNo: 'OR7', vStnId: 'N100042', amountCents: 250_000, source: 'auction' }
    expect(orderNoticeText({ kind: 'order.placed', params: { ...params, pcs: 1 } })).toBe(
      'You won N100042 at auction: order OR7, $2,500.00.',
    )
    expect(orderNoticeText({ kind: 'order.sold', params })).toBe(
      'Your stone N100042 was sold at auction: order OR7, $2,500.00.',
    )
    expect(orderNoticeText({ kind: 'order.sold', params: { ...params, amountCents: null } })).toBe(
      'Your stone N100042 was sold at auction: order OR7.',
    )
  })
})

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
})

import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearch } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { listOrders } from '../api/orders'
import { OrderCard } from './OrderCard'
import { LoadError } from '../../../components/LoadState'
import { OrderFrame } from './OrderFrame'
import { ORDER_NEWS, useList } from './useList'

const load = () => listOrders(1, 250)

/** /account/purchase-history: my orders, newest first, each with its invoice; `?order=` marks one. */
export function PurchaseHistoryPage({
  rateSeller,
}: {
  /** A delivered order's "Rate seller" action (the members feature's, given by the route). */
  rateSeller?: (orderId: string) => ReactNode
} = {}) {
  const { t } = useTranslation()
  const focus = new URLSearchParams(useSearch()).get('order')
  const { list, error, reload } = useList(load, ORDER_NEWS)
  return (
    <OrderFrame screenId="purchaseHistory">
      {error && <LoadError error={error} retry={reload} />}
      {list && list.length === 0 && <EmptyState textKey="orders.emptyPurchase" />}
      {list && list.length > 0 && (
        <div className="ord-list" data-testid="order-list" aria-label={t('shell.screens.purchaseHistory')}>
          {list.map((o) => (
            <OrderCard
              key={o.id}
              order={o}
              focus={o.id === focus}
              extra={o.shipmentStatus === 'delivered' ? rateSeller?.(o.id) : null}
            />
          ))}
        </div>
      )}
    </OrderFrame>
  )
}

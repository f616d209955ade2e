import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { listShipments } from '../api/orders'
import { LoadError } from '../../../components/LoadState'
import { OrderFrame } from './OrderFrame'
import { ShipmentSteps } from './ShipmentSteps'
import { ORDER_NEWS, useList } from './useList'

const load = () => listShipments(1, 250)

/** /account/my-shipment: the shipment of each of my orders. Cards, so a phone shows them as well. */
export function MyShipmentPage() {
  const { t } = useTranslation()
  const { list, error, reload } = useList(load, ORDER_NEWS)
  return (
    <OrderFrame screenId="myShipment">
      <p className="ord-terms">{t('orders.notices.deliveryDays')}</p>
      {error && <LoadError error={error} retry={reload} />}
      {list && list.length === 0 && <EmptyState textKey="orders.emptyShipment" />}
      {list && list.length > 0 && (
        <div className="ord-list" data-testid="shipment-list">
          {list.map((s) => (
            <article key={s.orderId} className="ord-card" data-testid="shipment-card">
              <div className="ord-card-head">
                <h2 className="acct-section-title">
                  <Link href={`/account/purchase-history?order=${s.orderId}`}>
                    {t('orders.orderNo', { orderNo: s.orderNo })}
                  </Link>
                </h2>
                <span>{t('orders.pieces', { count: s.stones })}</span>
              </div>
              <ShipmentSteps shipment={s} />
            </article>
          ))}
        </div>
      )}
    </OrderFrame>
  )
}

import type { Shipment } from '@diamond/contracts/http/orders'
import { SHIPMENT_STEPS } from '@diamond/contracts/http/orders.values'
import { useTranslation } from 'react-i18next'
import { fmtDate } from '../../../lib/format'

/** A shipment's steps (reached ones marked with their date), tracking number and delivery window. */
export function ShipmentSteps({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation()
  const reached = new Map(shipment.steps.map((s) => [s.status, s.at]))
  return (
    <div className="ord-facts" data-testid="shipment" data-status={shipment.status}>
      <ol className="ord-steps">
        {SHIPMENT_STEPS.map((s) => (
          <li key={s} className={reached.has(s) ? 'is-done' : undefined}>
            {t(`orders.steps.${s}`)}
            {reached.has(s) && ` · ${fmtDate(reached.get(s))}`}
          </li>
        ))}
      </ol>
      {shipment.carrier && <span>{t('orders.afterSale.carrier', { carrier: shipment.carrier })}</span>}
      <span data-testid="shipment-tracking">{t('orders.tracking', { trackingNo: shipment.trackingNo ?? '-' })}</span>
      {shipment.trackingUrl && (
        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" data-testid="shipment-track-link">
          {t('orders.afterSale.trackLink')}
        </a>
      )}
      <span>{t('orders.expected', { from: fmtDate(shipment.expectedFrom), to: fmtDate(shipment.expectedTo) })}</span>
    </div>
  )
}

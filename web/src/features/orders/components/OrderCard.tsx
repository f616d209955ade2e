import type { Order } from '@diamond/contracts/http/orders'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { fmt2, fmtDate } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { fetchInvoice } from '../api/orders'
import { dollars } from '../stores/orders.rules'

/** One order of the purchase history: its figures, its lines, its shipment step and its invoice. */
export function OrderCard({ order, focus, extra }: { order: Order; focus?: boolean; extra?: ReactNode }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)

  async function download() {
    setBusy(true)
    const r = await fetchInvoice(order.id)
    setBusy(false)
    if (r.error) {
      showToast(codeText(r.error.code, r.error.message), 'error')
      return
    }
    const url = URL.createObjectURL(r.blob)
    const a = document.createElement('a')
    a.href = url
    a.download = r.name
    a.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }

  return (
    <article className={`ord-card${focus ? ' is-focus' : ''}`} data-testid="order-card" data-order-no={order.orderNo}>
      <div className="ord-card-head">
        <h2 className="acct-section-title">{t('orders.orderNo', { orderNo: order.orderNo })}</h2>
        {
          // Without prices (Is_NoPrice) there is no invoice to read: the server refuses it, so no button.
          order.finalAmountCents !== undefined && (
            <button
              type="button"
              className="btn btn--small"
              disabled={busy}
              onClick={() => void download()}
              data-testid="invoice-download"
            >
              {t('orders.invoice')}
            </button>
          )
        }
      </div>
      {extra}
      <div className="ord-facts">
        {order.source === 'auction' && (
          <span className="ord-badge" data-testid="order-auction">
            {t('orders.afterSale.auction')}
          </span>
        )}
        <span>{fmtDate(order.createdAt)}</span>
        <span>{t(`orders.bills.${order.billType.code}`)}</span>
        {order.payBy && (
          <span data-testid="order-pay-by">{t('orders.afterSale.payBy', { date: fmtDate(order.payBy) })}</span>
        )}
        <span>{t('orders.pieces', { count: order.pcs })}</span>
        <span>{t('orders.carats', { carat: fmt2(order.crt) })}</span>
        <span>{t(`orders.steps.${order.shipmentStatus}`)}</span>
        {order.finalAmountCents !== undefined && (
          <strong data-testid="order-total">
            {t('orders.payable', { amount: fmt2(dollars(order.finalAmountCents)) })}
          </strong>
        )}
      </div>
      <div className="acct-table-wrap">
        <table className="acct-table ord-table">
          <thead>
            <tr>
              <th>{t('orders.cols.stone')}</th>
              <th>{t('orders.cols.shape')}</th>
              <th className="num">{t('orders.cols.carat')}</th>
              <th>{t('orders.cols.color')}</th>
              <th>{t('orders.cols.clarity')}</th>
              <th className="num">{t('orders.cols.discount')}</th>
              <th className="num">{t('orders.cols.pricePerCarat')}</th>
              <th className="num">{t('orders.cols.amount')}</th>
              <th className="num">{t('orders.cols.finalAmount')}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.stoneId}>
                <td>{l.vStnId}</td>
                <td>{l.shpNm}</td>
                <td className="num">{fmt2(l.crt)}</td>
                <td>{l.colNm}</td>
                <td>{l.clrNm}</td>
                <td className="num">{fmt2(l.back ?? undefined)}</td>
                <td className="num">{fmt2(dollars(l.pricePerCaratCents))}</td>
                <td className="num">{fmt2(dollars(l.amountCents))}</td>
                <td className="num">{fmt2(dollars(l.finalAmountCents))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th>{t('orders.total')}</th>
              <th />
              <th className="num">{fmt2(order.crt)}</th>
              <th colSpan={4} />
              <th className="num">{fmt2(dollars(order.amountCents))}</th>
              <th className="num">{fmt2(dollars(order.finalAmountCents))}</th>
            </tr>
          </tfoot>
        </table>
      </div>
    </article>
  )
}

import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { fmt2, fmtDate } from '../../../lib/format'
import { listConfirmed } from '../api/orders'
import { dollars } from '../stores/orders.rules'
import { LoadError } from '../../../components/LoadState'
import { OrderFrame } from './OrderFrame'
import { useList } from './useList'

const load = () => listConfirmed(1, 250)

/** /account/confirm-list: every stone I confirmed, with the order it went into. */
export function ConfirmListPage() {
  const { t } = useTranslation()
  const { list, error, reload } = useList(load)
  return (
    <OrderFrame screenId="confirmList">
      {error && <LoadError error={error} retry={reload} />}
      {list && list.length === 0 && <EmptyState textKey="empty.confirm" />}
      {list && list.length > 0 && (
        <div className="acct-table-wrap">
          <table className="acct-table ord-table" data-testid="confirm-list">
            <thead>
              <tr>
                <th>{t('orders.cols.stone')}</th>
                <th>{t('orders.cols.shape')}</th>
                <th className="num">{t('orders.cols.carat')}</th>
                <th>{t('orders.cols.color')}</th>
                <th>{t('orders.cols.clarity')}</th>
                <th className="num">{t('orders.cols.pricePerCarat')}</th>
                <th className="num">{t('orders.cols.finalAmount')}</th>
                <th>{t('orders.cols.order')}</th>
                <th>{t('orders.billType')}</th>
                <th>{t('orders.cols.date')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((l) => (
                <tr key={`${l.orderId}-${l.stoneId}`} data-testid="confirm-row">
                  <td>{l.vStnId}</td>
                  <td>{l.shpNm}</td>
                  <td className="num">{fmt2(l.crt)}</td>
                  <td>{l.colNm}</td>
                  <td>{l.clrNm}</td>
                  <td className="num">{fmt2(dollars(l.pricePerCaratCents))}</td>
                  <td className="num">{fmt2(dollars(l.finalAmountCents))}</td>
                  <td>
                    <Link href={`/account/purchase-history?order=${l.orderId}`}>{l.orderNo}</Link>
                  </td>
                  <td>
                    {l.billTypeCode
                      ? t(`orders.bills.${l.billTypeCode}`, { defaultValue: l.billTypeName })
                      : l.billTypeName}
                  </td>
                  <td>{fmtDate(l.confirmedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </OrderFrame>
  )
}

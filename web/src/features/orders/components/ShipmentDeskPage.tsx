import type { Shipment } from '@diamond/contracts/http/orders'
import { CARRIER_NAMES, type Carrier } from '@diamond/contracts/http/orders.values'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../components/EmptyState'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { advanceShipment, listShipments } from '../api/orders'
import { nextStep, TRACKING_NO } from '../stores/orders.rules'
import { LoadError } from '../../../components/LoadState'
import { OrderFrame } from './OrderFrame'
import { ShipmentSteps } from './ShipmentSteps'
import { ORDER_NEWS, useList } from './useList'

// The shipments to move on (not delivered), however many orders came after them; or the latest of all.
const loadOpen = () => listShipments(1, 250, { open: true })
const loadAll = () => listShipments(1, 250)

/**
 * /account/shipments (issue 26): the sales team moves each order's shipment on, one step at a time;
 * shipping names the carrier and its tracking number (the tracking link follows). Cards, so a phone
 * works it as well; live: a new order or another desk's step shows without a reload.
 */
export function ShipmentDeskPage() {
  const { t } = useTranslation()
  const [all, setAll] = useState(false)
  const { list, error, reload } = useList(all ? loadAll : loadOpen, ORDER_NEWS)
  // A shipment delivered meanwhile (this desk's last step) leaves the open list at once.
  const shown = list?.filter((s) => all || s.status !== 'delivered') ?? null
  return (
    <OrderFrame screenId="shipmentDesk">
      <p className="ord-terms">{t('orders.desk.intro')}</p>
      <div className="ord-bill" role="group" aria-label={t('shell.screens.shipmentDesk')}>
        <button type="button" className="btn btn--small" aria-pressed={!all} onClick={() => setAll(false)}>
          {t('orders.desk.toMove')}
        </button>
        <button type="button" className="btn btn--small" aria-pressed={all} onClick={() => setAll(true)}>
          {t('orders.desk.all')}
        </button>
      </div>
      {error && <LoadError error={error} retry={reload} />}
      {shown && shown.length === 0 && <EmptyState textKey="orders.desk.empty" />}
      {shown && shown.length > 0 && (
        <div className="ord-list" data-testid="desk-list">
          {shown.map((s) => (
            <DeskCard key={s.orderId} shipment={s} moved={reload} />
          ))}
        </div>
      )}
    </OrderFrame>
  )
}

function DeskCard({ shipment: s, moved }: { shipment: Shipment; moved: () => void }) {
  const { t } = useTranslation()
  const next = nextStep(s.status)
  const [busy, setBusy] = useState(false)
  const [carrier, setCarrier] = useState<Carrier | ''>('')
  const [trackingNo, setTrackingNo] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()

  async function move(e?: FormEvent) {
    e?.preventDefault()
    if (!next) return
    if (next === 'shipped') {
      if (!carrier) return setProblem(t('orders.desk.chooseCarrier'))
      if (!TRACKING_NO.test(trackingNo.trim())) return setProblem(t('orders.desk.trackingInvalid'))
    }
    setProblem(null)
    setBusy(true)
    const r = await advanceShipment({
      orderId: s.orderId,
      status: next,
      ...(next === 'shipped' && carrier ? { carrier, trackingNo: trackingNo.trim() } : {}),
    })
    setBusy(false)
    if (r.error) {
      setProblem(codeText(r.error.code, r.error.message))
      moved()
      return
    }
    showToast(t('orders.desk.moved', { orderNo: s.orderNo, step: t(`orders.steps.${next}`) }), 'success')
    moved()
  }

  return (
    <article className="ord-card" data-testid="desk-card" data-order-no={s.orderNo} data-status={s.status}>
      <div className="ord-card-head">
        <h2 className="acct-section-title">{t('orders.orderNo', { orderNo: s.orderNo })}</h2>
        <span>{t('orders.pieces', { count: s.stones })}</span>
        {s.buyerName && <span>{t('orders.desk.buyer', { name: s.buyerName })}</span>}
      </div>
      <ShipmentSteps shipment={s} />
      {next === null && <strong>{t('orders.desk.done')}</strong>}
      {next === 'shipped' && (
        <form
          className="ord-ship"
          onSubmit={(e) => void move(e)}
          aria-describedby={problem ? `${id}-problem` : undefined}
        >
          <div className="field">
            <label htmlFor={`${id}-carrier`}>{t('orders.desk.carrier')}</label>
            <select
              id={`${id}-carrier`}
              value={carrier}
              onChange={(e) => {
                setCarrier(e.target.value as Carrier | '')
                setProblem(null)
              }}
              data-testid="desk-carrier"
            >
              <option value="">—</option>
              {CARRIER_NAMES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-tracking`}>{t('orders.desk.trackingNo')}</label>
            <input
              id={`${id}-tracking`}
              value={trackingNo}
              onChange={(e) => {
                setTrackingNo(e.target.value)
                setProblem(null)
              }}
              maxLength={60}
              dir="ltr"
              autoComplete="off"
              data-testid="desk-tracking"
            />
          </div>
          <button type="submit" className="btn btn--primary" disabled={busy} data-testid="desk-next">
            {t('orders.desk.ship')}
          </button>
        </form>
      )}
      {next !== null && next !== 'shipped' && (
        <div>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void move()}
            data-testid="desk-next"
          >
            {t('orders.desk.next', { step: t(`orders.steps.${next}`) })}
          </button>
        </div>
      )}
      {problem && (
        <p className="ord-warn" role="alert" id={`${id}-problem`} data-testid="desk-problem">
          {problem}
        </p>
      )}
    </article>
  )
}

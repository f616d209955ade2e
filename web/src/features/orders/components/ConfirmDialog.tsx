import type { Calculation, Order } from '@diamond/contracts/http/orders'
import { BILL_TYPES, DEFAULT_BILL_TYPE } from '@diamond/contracts/http/orders.values'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { Dialog } from '../../../components/Dialog'
import { fmt2, fmtCount, fmtWhole } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { session } from '../../../lib/session'
import { calculate, confirmStones } from '../api/orders'
import { averageRap, averages, dollars, newConfirmKey, noticeKeys, refusedNames } from '../stores/orders.rules'
import './orders.css'

interface Props {
  open: boolean
  /** The stones to confirm (stone ids). */
  ids: readonly string[]
  onClose: () => void
  /** Told once the order is placed (e.g. to clear the selection). */
  onPlaced?: (order: Order) => void
}

/**
 * Confirm a selection: pick a bill type, read the final calculation and the notices, confirm.
 * The dialog holds one idempotency key (new per opening and bill type), so a double click or a
 * retry makes one order. A stone taken by someone else meanwhile is named in the refusal.
 */
export function ConfirmDialog({ open, ids, onClose, onPlaced }: Props) {
  const { t } = useTranslation()
  const [bill, setBill] = useState<number>(DEFAULT_BILL_TYPE)
  const [calc, setCalc] = useState<Calculation | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [placed, setPlaced] = useState<Order | null>(null)
  const [busy, setBusy] = useState(false)
  // Each opening (of these stones) is a new confirm: it starts afresh as it renders, so the dialog
  // never shows the last one's calculation or result.
  const opening = open ? ids.join(',') : null
  const [shown, setShown] = useState<{ opening: string | null; stones: readonly string[] }>({
    opening: null,
    stones: [],
  })
  /** Counts the confirms: each opening and each bill type chosen is one, with its own idempotency key. */
  const [round, setRound] = useState(0)
  if (opening !== shown.opening) {
    setShown({ opening, stones: opening === null ? shown.stones : [...ids] })
    if (opening !== null) {
      setRound((n) => n + 1)
      setPlaced(null)
      setError(null)
      setCalc(null)
    }
  }
  const stones = shown.stones
  /** Raised to read the calculation again (after a refusal), with the same bill type. */
  const [reads, setReads] = useState(0)
  const key = useRef<{ round: number; key: string } | null>(null)
  const inFlight = useRef(false)

  // The calculation, read when the dialog opens and as the bill type changes; an answer for a bill
  // type no longer chosen (or a dialog closed) is dropped.
  useEffect(() => {
    if (!open) return
    let live = true
    void calculate([...stones], bill).then((r) => {
      if (!live) return
      if (r.error) setError(codeText(r.error.code, r.error.message))
      else setCalc(r.data)
    })
    return () => {
      live = false
    }
  }, [open, stones, bill, reads])

  function changeBill(code: number) {
    setBill(code)
    setRound((n) => n + 1)
    setError(null)
  }

  async function submit() {
    // A second click while the first is on its way sends nothing; a retry later reuses the key.
    if (inFlight.current || placed) return
    if (key.current?.round !== round) key.current = { round, key: newConfirmKey() }
    const confirmKey = key.current.key
    inFlight.current = true
    setBusy(true)
    setError(null)
    const r = await confirmStones([...stones], bill, confirmKey, session.user?.companyName || undefined)
    inFlight.current = false
    setBusy(false)
    if (!r.error) {
      setPlaced(r.data.order)
      onPlaced?.(r.data.order)
      return
    }
    if (r.error.code === 'E_STONE_UNAVAILABLE') {
      const names = refusedNames(r.error.data, calc?.lines ?? [])
      setError(t('orders.confirm.taken', { count: names.length, stones: names.join(', ') }))
      setReads((n) => n + 1)
    } else setError(codeText(r.error.code, r.error.message))
  }

  const billInfo = BILL_TYPES.find((b) => b.code === bill)!
  const blocked = !calc || calc.unavailableIds.length > 0 || !calc.meetsMinimum
  return (
    <Dialog
      open={open}
      title={t('orders.confirm.title')}
      onDismiss={onClose}
      testId="confirm-dialog"
      actions={
        placed ? (
          <button type="button" className="btn" onClick={onClose} data-testid="confirm-close">
            {t('orders.confirm.close')}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy || blocked}
              onClick={() => void submit()}
              data-testid="confirm-submit"
            >
              {busy ? t('orders.confirm.placing') : t('orders.confirm.submit')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t('orders.confirm.cancel')}
            </button>
          </>
        )
      }
    >
      <div className="ord-dialog">
        {placed ? (
          <div className="ord-placed" role="status" data-testid="confirm-success">
            <p>{t('orders.confirm.placed', { orderNo: placed.orderNo })}</p>
            <Link
              href={`/account/purchase-history?order=${placed.id}`}
              data-testid="confirm-order-link"
              onClick={onClose}
            >
              {t('orders.confirm.viewOrder')}
            </Link>
          </div>
        ) : (
          <>
            <label className="ord-bill">
              <span>{t('orders.billType')}</span>
              <select
                value={bill}
                onChange={(e) => changeBill(Number(e.target.value))}
                data-testid="confirm-bill-type"
                disabled={busy}
              >
                {BILL_TYPES.map((b) => (
                  <option key={b.code} value={b.code}>
                    {t(`orders.bills.${b.code}`)}
                  </option>
                ))}
              </select>
            </label>
            <p className="ord-terms" data-testid="confirm-terms">
              {t('orders.terms', { value: billInfo.value, reset: billInfo.resetDiscount })}
              {billInfo.minAmountCents !== null &&
                ` ${t('orders.minimum', { amount: fmt2(billInfo.minAmountCents / 100) })}`}
            </p>
            {calc && <CalculationTable calc={calc} />}
            {calc && !calc.meetsMinimum && (
              <p className="ord-warn" role="alert">
                {t('orders.minimum', { amount: fmt2((billInfo.minAmountCents ?? 0) / 100) })}
              </p>
            )}
            <ul className="ord-notices" data-testid="confirm-notices">
              {noticeKeys(calc?.notices).map((k) => (
                <li key={k}>{t(`orders.notices.${k}`)}</li>
              ))}
            </ul>
            {error && (
              <p className="ord-warn" role="alert" data-testid="confirm-error">
                {error}
              </p>
            )}
          </>
        )}
      </div>
    </Dialog>
  )
}

function CalculationTable({ calc }: { calc: Calculation }) {
  const { t } = useTranslation()
  const unavailable = new Set(calc.unavailableIds)
  const avg = averages(calc)
  return (
    <div className="acct-table-wrap ord-calc">
      <table className="acct-table" data-testid="confirm-calculation">
        <thead>
          <tr>
            <th>{t('orders.cols.stone')}</th>
            <th>{t('orders.cols.shape')}</th>
            <th className="num">{t('orders.cols.carat')}</th>
            <th className="num">{t('orders.cols.rap')}</th>
            <th className="num">{t('orders.cols.discount')}</th>
            <th className="num">{t('orders.cols.pricePerCarat')}</th>
            <th className="num">{t('orders.cols.amount')}</th>
            <th className="num">{t('orders.cols.adjustment')}</th>
            <th className="num">{t('orders.cols.finalAmount')}</th>
          </tr>
        </thead>
        <tbody>
          {calc.lines.map((l) => (
            <tr key={l.id} className={unavailable.has(l.id) ? 'is-taken' : undefined} data-testid="confirm-line">
              <td>
                {l.vStnId}
                {unavailable.has(l.id) && <span className="ord-taken"> {t('orders.confirm.unavailable')}</span>}
              </td>
              <td>{l.shpNm}</td>
              <td className="num">{fmt2(l.crt)}</td>
              <td className="num">{fmtWhole(dollars(l.rapCents))}</td>
              <td className="num">{fmt2(l.back ?? undefined)}</td>
              <td className="num">{fmt2(dollars(l.pricePerCaratCents))}</td>
              <td className="num">{fmt2(dollars(l.amountCents))}</td>
              <td className="num">{fmt2(dollars(l.adjustmentCents))}</td>
              <td className="num">{fmt2(dollars(l.finalAmountCents))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="confirm-totals">
            <th>{t('orders.total')}</th>
            <th>{fmtCount(calc.totals.pcs)}</th>
            <th className="num">{fmt2(calc.totals.crt)}</th>
            <th className="num">{fmtWhole(averageRap(calc))}</th>
            <th className="num">{fmt2(avg.back)}</th>
            <th className="num">{fmt2(avg.pricePerCarat)}</th>
            <th className="num">{fmt2(dollars(calc.totals.amountCents))}</th>
            <th className="num">{fmt2(dollars(calc.totals.adjustmentCents))}</th>
            <th className="num" data-testid="confirm-final">
              {fmt2(dollars(calc.totals.finalAmountCents))}
            </th>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

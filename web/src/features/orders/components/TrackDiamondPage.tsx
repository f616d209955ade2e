import type { TrackResult } from '@diamond/contracts/http/orders'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { codeText } from '../../../lib/i18n'
import { track } from '../api/orders'
import { OrderCard } from './OrderCard'
import { ShipmentSteps } from './ShipmentSteps'
import './orders.css'

/** /track-diamond: where a stone or an order of mine is, by stone number or order number. */
export function TrackDiamondPage() {
  const { t } = useTranslation()
  const [q, setQ] = useState('')
  const [result, setResult] = useState<TrackResult | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const text = q.trim()
    if (!text) {
      setError(t('orders.trackRequired'))
      return
    }
    setError(null)
    const r = await track(text)
    if (r.error) {
      setResult(null)
      setError(r.error.code === 'E_NOT_FOUND' ? t('orders.trackNotFound') : codeText(r.error.code, r.error.message))
    } else setResult(r.data)
  }

  return (
    <div className="page acct-page" data-testid="screen-trackDiamond">
      <h1 className="page-title">{t('shell.screens.trackDiamond')}</h1>
      <form className="ord-track" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="track-q">{t('orders.trackLabel')}</label>
          <input
            id="track-q"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            maxLength={40}
            data-testid="track-input"
          />
        </div>
        <button type="submit" className="btn btn--primary" data-testid="track-submit">
          {t('orders.trackSubmit')}
        </button>
      </form>
      {error && (
        <p className="ord-warn" role="alert" data-testid="track-error">
          {error}
        </p>
      )}
      {result && (
        <div className="ord-list" data-testid="track-result">
          <ShipmentSteps shipment={result.shipment} />
          <OrderCard order={result.order} />
        </div>
      )}
    </div>
  )
}

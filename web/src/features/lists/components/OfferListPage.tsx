import { useEffect, useState } from 'react'
import { NumberInput } from '../../../components/NumberInput'
import { QUOTE_MIN_DIFF } from '@diamond/contracts/http/tracks.values'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { TrackRow } from '@diamond/contracts/http/tracks'
import { TRACK_TYPES } from '@diamond/contracts/http/tracks.values'
import { EmptyState } from '../../../components/EmptyState'
import { fmt2, fmtDateTime, fmtUsd } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { allowed, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { answerOffer, counterOffer, trackPage } from '../api/tracks'
import { counterProblem, counterRange } from '../stores/offer.rules'
import './lists.css'
import { offerNews } from '../stores/notices'

/** One offer: the stone, both sides' prices, every step, and the answers open to the side whose turn it is. */
function OfferCard({ row, side, onChanged }: { row: TrackRow; side: 'buyer' | 'sales'; onChanged: () => void }) {
  const { t } = useTranslation()
  const [price, setPrice] = useState('')
  const [busy, setBusy] = useState(false)
  const offer = row.track.offer
  if (!offer) return null
  const mine = offer.status === 'open' && offer.turn === side
  // What a counter may name, if anything (a quote within 10 of the asking price leaves none).
  const range = counterRange(offer)
  const problem = range ? counterProblem(price, range) : null

  async function act(run: () => ReturnType<typeof answerOffer>) {
    setBusy(true)
    const { error } = await run()
    setBusy(false)
    if (error) showToast(codeText(error.code, error.message), 'error')
    else setPrice('')
    onChanged()
  }

  return (
    <article
      className="offer-card"
      data-testid={`offer-${row.vStnId}`}
      data-status={offer.status}
      data-turn={offer.turn}
    >
      <header className="offer-head">
        <strong dir="ltr">{row.vStnId}</strong>
        <span>
          {row.shpNm} {fmt2(row.crt)} {row.colNm} {row.clrNm}
        </span>
        {row.track.ownerName && (
          <span data-testid="offer-buyer">{t('lists.offer.buyer', { name: row.track.ownerName })}</span>
        )}
        <span className={`offer-status offer-status--${offer.status}`} data-testid="offer-status">
          {t(`lists.offer.status.${offer.status}`)}
          {offer.status === 'open' && ` · ${t(offer.turn === side ? 'lists.offer.yourTurn' : 'lists.offer.theirTurn')}`}
        </span>
      </header>
      <dl className="offer-prices">
        <dt>{t('lists.offer.asking')}</dt>
        <dd dir="ltr">{fmtUsd(offer.askingPrice)}</dd>
        <dt>{t('lists.offer.buyerPrice')}</dt>
        <dd dir="ltr" data-testid="offer-buyer-price">
          {fmtUsd(offer.buyerPrice)}
        </dd>
        <dt>{t('lists.offer.salesPrice')}</dt>
        <dd dir="ltr" data-testid="offer-sales-price">
          {fmtUsd(offer.salesPrice)}
        </dd>
        {offer.status === 'open' && (
          <>
            <dt>{t('lists.offer.expires')}</dt>
            <dd dir="ltr">{fmtDateTime(offer.expiresAt)}</dd>
          </>
        )}
      </dl>
      <ol className="offer-steps" data-testid="offer-steps">
        {offer.steps.map((s, i) => (
          <li key={i}>
            {t(`lists.offer.steps.${s.action}`, {
              side: t(`lists.offer.side.${s.side}`),
              price: s.price === null ? '' : fmtUsd(s.price),
            })}{' '}
            <time dir="ltr">{fmtDateTime(s.at)}</time>
          </li>
        ))}
      </ol>
      {mine && !range && (
        <p className="hint" data-testid="offer-no-counter">
          {t('lists.offer.noCounter', { diff: fmtUsd(QUOTE_MIN_DIFF) })}
        </p>
      )}
      {mine && range && (
        <p className="hint" data-testid="offer-counter-range">
          {t('lists.offer.counterRange', { min: fmtUsd(range.min), max: fmtUsd(range.max) })}
        </p>
      )}
      {mine && (
        <div className="offer-actions">
          {range && (
            <NumberInput
              step="0.01"
              dir="ltr"
              inputMode="decimal"
              aria-label={t('lists.fields.offerPrice')}
              placeholder={t('lists.fields.offerPrice')}
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              data-testid="offer-counter-price"
              min={range.min}
              max={range.max}
              aria-invalid={problem === 'outOfRange' || problem === 'decimals' ? true : undefined}
            />
          )}
          {range && (
            <button
              type="button"
              className="btn btn--small"
              disabled={busy || problem !== null}
              data-testid="offer-counter"
              onClick={() => void act(() => counterOffer({ id: row.track.id, offerPrice: Number(price) }))}
            >
              {t('lists.offer.counter')}
            </button>
          )}
          <button
            type="button"
            className="btn btn--small btn--primary"
            disabled={busy}
            data-testid="offer-accept"
            onClick={() => void act(() => answerOffer({ id: row.track.id, status: 'accepted' }))}
          >
            {t('lists.offer.accept')}
          </button>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            disabled={busy}
            data-testid="offer-reject"
            onClick={() => void act(() => answerOffer({ id: row.track.id, status: 'rejected' }))}
          >
            {t('lists.offer.reject')}
          </button>
        </div>
      )}
      {mine && range && (problem === 'outOfRange' || problem === 'decimals') && (
        <p className="field-error" role="alert" data-testid="offer-counter-problem">
          {t(`lists.offer.counterProblem.${problem}`, { min: fmtUsd(range.min), max: fmtUsd(range.max) })}
        </p>
      )}
    </article>
  )
}

/**
 * /account/offer-list: a buyer's quotes with their steps; the sales team (quote all) sees every
 * buyer's offers. Any offer notice reads the list again, so a counter arrives without a reload.
 */
export function OfferListPage() {
  const { t } = useTranslation()
  const { userPermissions } = useSnapshot(session)
  const { seq } = useSnapshot(offerNews)
  const sales = allowed(userPermissions, 'quote', 'all')
  const [rows, setRows] = useState<TrackRow[] | null>(null)
  const [tick, setTick] = useState(0)

  useEffect(() => {
    let live = true
    void trackPage({ trackType: TRACK_TYPES.quote, ...(sales ? { all: true } : {}), limit: 250 }).then(
      ({ error, data }) => {
        if (!live) return
        if (error) showToast(codeText(error.code, error.message), 'error')
        setRows(data?.list ?? [])
      },
    )
    return () => {
      live = false
    }
  }, [sales, seq, tick])

  return (
    <section className="dashboard offer-list" aria-labelledby="offer-title" data-testid="offer-list">
      <div className="toolbar">
        <h1 id="offer-title" className="toolbar-title">
          {t('shell.screens.offerList')}
        </h1>
      </div>
      <p className="notice lists-notice">{t('lists.quoteNotice')}</p>
      <p className="notice lists-notice">{t('lists.notHeld')}</p>
      {rows === null ? (
        <div className="state" role="status">
          {t('stones.loading')}
        </div>
      ) : rows.length === 0 ? (
        <EmptyState textKey="empty.noData" />
      ) : (
        rows.map((r) => (
          <OfferCard
            key={r.track.id}
            row={r}
            side={sales && r.track.ownerName !== undefined ? 'sales' : 'buyer'}
            onChanged={() => setTick((n) => n + 1)}
          />
        ))
      )}
    </section>
  )
}

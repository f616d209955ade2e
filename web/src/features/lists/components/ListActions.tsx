import { useState } from 'react'
import { NumberInput } from '../../../components/NumberInput'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { TrackCreate } from '@diamond/contracts/http/tracks'
import { QUOTE_MIN_DIFF, TRACK_TYPES } from '@diamond/contracts/http/tracks.values'
import { Dialog } from '../../../components/Dialog'
import { fmtUsd } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { allowed, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { EMPTY_SELECTION, type PageType } from '../../../grid/stores/selection.rules'
import { selections } from '../../../grid/stores/selectionState'
import { createTracks, upsertComment } from '../api/tracks'
import './lists.css'

type Action = 'cart' | 'watchlist' | 'reminder' | 'enquiry' | 'quote' | 'note'
const MODULE = {
  cart: 'cart',
  watchlist: 'watchlist',
  reminder: 'reminder',
  enquiry: 'enquiry',
  quote: 'quote',
  note: 'notes',
} as const
/** Actions that ask for something first (a date, a text, a price). */
const ASKS: ReadonlySet<Action> = new Set(['reminder', 'enquiry', 'quote', 'note'])

/** Tomorrow at this time, as a datetime-local value. */
function tomorrow(): string {
  const d = new Date(Date.now() + 86_400_000)
  d.setSeconds(0, 0)
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/**
 * The list actions of the result grid's selection bar: add to cart, watchlist, reminder (with a
 * date), enquiry (with a text), quote (a price per carat, or a discount for several stones) and
 * note. Each asks for a selection first (spec section 5).
 */
export function ListActions({ pageType }: { pageType: PageType }) {
  const { t } = useTranslation()
  const { userPermissions } = useSnapshot(session)
  const sel = useSnapshot(selections).byType[pageType] ?? EMPTY_SELECTION
  const [asking, setAsking] = useState<Action | null>(null)
  const [text, setText] = useState('')
  const [when, setWhen] = useState(tomorrow)
  const [busy, setBusy] = useState(false)
  const can = (a: Action) =>
    allowed(userPermissions, MODULE[a], 'insert') && (a !== 'quote' || allowed(userPermissions, 'pricing', 'view'))
  const shown = (['cart', 'watchlist', 'reminder', 'enquiry', 'quote', 'note'] as const).filter(can)
  const one = sel.keys.length === 1 ? sel.rows[sel.keys[0]!] : undefined

  function start(a: Action) {
    if (!sel.keys.length)
      return showToast(a === 'quote' || a === 'note' ? t(`lists.prompt.${a}`) : t(`grid.prompt.${a}`), 'error')
    if (!ASKS.has(a)) return void submit(a)
    setText('')
    setWhen(tomorrow())
    setAsking(a)
  }

  async function submit(a: Action) {
    setBusy(true)
    const stoneIds = [...sel.keys]
    let error: { code: string; message: string } | null = null
    let added = 0
    let already = 0
    if (a === 'note') {
      for (const stoneId of stoneIds) {
        const r = await upsertComment({ stoneId, comment: text })
        if (r.error) error ??= r.error
        else added++
      }
    } else {
      const body: TrackCreate = { trackType: TRACK_TYPES[a], stoneIds }
      if (a === 'reminder') body.reminderAt = new Date(when).toISOString()
      if (a === 'enquiry') body.enquiry = text
      if (a === 'quote') {
        const n = Number(text)
        if (stoneIds.length === 1) body.offerPrice = n
        else body.offerDiscount = n
      }
      const r = await createTracks(body)
      if (r.error) error = r.error
      else ({ added, already } = r.data)
    }
    setBusy(false)
    if (error) return showToast(codeText(error.code, error.message), 'error')
    setAsking(null)
    showToast(t(a === 'quote' ? 'lists.quoted' : 'lists.added', { added, already }), 'success')
  }

  const field =
    asking === 'reminder' ? (
      <label className="field">
        <span>{t('lists.fields.reminderAt')}</span>
        <input
          type="datetime-local"
          value={when}
          onChange={(e) => setWhen(e.target.value)}
          data-testid="list-dialog-date"
        />
        <span className="hint" data-testid="list-dialog-zone">
          {t('lists.fields.reminderZone', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}
        </span>
      </label>
    ) : asking === 'quote' ? (
      <>
        <label className="field">
          <span>{t(one ? 'lists.fields.offerPrice' : 'lists.fields.offerDiscount')}</span>
          <NumberInput
            step="0.01"
            inputMode="decimal"
            dir="ltr"
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="list-dialog-price"
          />
        </label>
        {one?.amt !== undefined && (
          <p className="hint" data-testid="quote-hint" data-max={(one.amt - QUOTE_MIN_DIFF).toFixed(2)}>
            {t('lists.askingHint', { price: fmtUsd(one.amt), max: fmtUsd(one.amt - QUOTE_MIN_DIFF) })}
          </p>
        )}
        <p className="notice lists-notice">{t('lists.quoteNotice')}</p>
      </>
    ) : (
      <label className="field">
        <span>{t(asking === 'enquiry' ? 'lists.fields.enquiry' : 'lists.fields.note')}</span>
        <textarea
          value={text}
          maxLength={asking === 'enquiry' ? 1000 : 500}
          onChange={(e) => setText(e.target.value)}
          data-testid="list-dialog-text"
        />
      </label>
    )

  return (
    <>
      {shown.map((a) => (
        <button
          key={a}
          type="button"
          className="btn btn--small"
          data-testid={`action-${a}`}
          disabled={busy}
          onClick={() => start(a)}
        >
          {t(a === 'quote' || a === 'note' ? `lists.actions.${a}` : `grid.actions.${a}`)}
        </button>
      ))}
      <Dialog
        open={asking !== null}
        title={asking ? t(`lists.dialog.${asking}`, { count: sel.keys.length }) : ''}
        onDismiss={() => setAsking(null)}
        testId="list-dialog"
        actions={
          <>
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy || (asking !== 'reminder' && !text.trim())}
              data-testid="list-dialog-ok"
              onClick={() => asking && void submit(asking)}
            >
              {t('lists.save')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setAsking(null)}>
              {t('lists.cancel')}
            </button>
          </>
        }
      >
        {asking && field}
      </Dialog>
    </>
  )
}

import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import { useSlots } from '../../components/Slots'
import { codeText } from '../../lib/i18n'
import { showToast } from '../../lib/toast'
import { resetSelection, toggleShownPage } from '../stores/selection'
import { checkFor, EMPTY_SELECTION, MAX_COMPARE, selectionTotals, type PageType } from '../stores/selection.rules'
import { selections } from '../stores/selectionState'
import { holdMany } from '../stores/actions'
import { gridPrefs } from '../stores/prefs'
import { TotalsBar } from './TotalsBar'
import { allowed, isGuest, session } from '../../lib/session'
import { bookAppointmentHref } from '../../lib/navigation'

/**
 * The link Share copies: one stone's open detail page (anyone may open it), or the selection as a
 * result list a signed-in member opens (`/diamond-list?ids=`).
 */
export function shareLink(origin: string, ids: readonly string[]): string {
  if (ids.length === 1) return `${origin}/diamond-detail/${encodeURIComponent(ids[0]!)}`
  return `${origin}/diamond-list?ids=${ids.map(encodeURIComponent).join(',')}`
}

interface Props {
  pageType: PageType
  canHold: boolean
  /** The list view has no header row: the select-all box sits here. */
  showPageBox: boolean
  /** A phone: the actions scroll sideways in one row rather than push the stones down. */
  narrow: boolean
  pageChecked: 'none' | 'some' | 'all'
}

/**
 * The selected stones of this page type: count, totals, and the actions that need a selection. The
 * order dialog, the list actions and the download menu are other features' (components/Slots.tsx).
 */
export function SelectionBar({ pageType, canHold, showPageBox, narrow, pageChecked }: Props) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const [busy, setBusy] = useState(false)
  const snap = useSnapshot(selections)
  const sel = snap.byType[pageType] ?? EMPTY_SELECTION
  const prefs = useSnapshot(gridPrefs)
  const totals = useMemo(() => selectionTotals(sel), [sel])
  const { userPermissions } = useSnapshot(session)
  // Confirming places an order: order insert (Is_PlaceOrder) and the confirm-stone right.
  const canConfirm = allowed(userPermissions, 'order', 'insert') && allowed(userPermissions, 'confirmStone', 'insert')
  const [confirming, setConfirming] = useState<string[] | null>(null)
  // Booking a viewing of the selected stones is the office module's insert right; a guest books nothing.
  const canBook = allowed(userPermissions, 'office', 'insert') && !isGuest(session.user)
  const { ConfirmOrder, ListActions, DownloadMenu } = useSlots()

  function confirmSelection() {
    if (sel.keys.length === 0) showToast(t('grid.prompt.confirm'), 'error')
    else setConfirming([...sel.keys])
  }

  function compare() {
    const c = checkFor('compare', sel)
    if (!c.ok) {
      showToast(c.reason === 'empty' ? t('grid.prompt.compare') : t('grid.compareMax', { max: MAX_COMPARE }), 'error')
      return
    }
    navigate(`/compare?ids=${c.ids.join(',')}`)
  }

  async function hold() {
    const c = checkFor('hold', sel)
    if (!c.ok) {
      showToast(t('grid.prompt.hold'), 'error')
      return
    }
    setBusy(true)
    const { held, failed } = await holdMany(c.ids)
    setBusy(false)
    if (held) showToast(t('grid.heldMany', { count: held }), 'success')
    const first = failed[0]
    if (first)
      showToast(t('grid.holdFailed', { count: failed.length, reason: codeText(first.code, first.message) }), 'error')
  }

  function bookAppointment() {
    if (sel.keys.length === 0) showToast(t('grid.prompt.bookAppointment'), 'error')
    else navigate(bookAppointmentHref(sel.keys))
  }

  async function share() {
    if (sel.keys.length === 0) return showToast(t('grid.prompt.share'), 'error')
    const url = shareLink(window.location.origin, sel.keys)
    try {
      await navigator.clipboard.writeText(url)
      showToast(t('grid.shareCopied'), 'success')
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link to copy by hand.
      showToast(t('grid.shareManual', { url }), 'info')
    }
  }

  return (
    <div className="selbar" data-testid="selection-bar" data-count={sel.keys.length}>
      {showPageBox && (
        <label className="check selbar-page">
          <input
            type="checkbox"
            checked={pageChecked === 'all'}
            onChange={() => toggleShownPage(pageType)}
            data-testid="select-page"
          />
          <span>{t('grid.selectPage')}</span>
        </label>
      )}
      <span className="selbar-count" data-testid="selected-count">
        {t('grid.selected', { count: sel.keys.length })}
      </span>
      {sel.keys.length > 0 && (
        <TotalsBar figures={totals} label={t('grid.selectedTotals')} testId="selected-totals" hideLabel />
      )}
      <div className={`selbar-actions${narrow ? ' selbar-actions--scroll' : ''}`}>
        <button type="button" className="btn btn--small" data-testid="action-compare" onClick={compare}>
          {t('grid.actions.compare')}
        </button>
        {canHold && (
          <button
            type="button"
            className="btn btn--small btn--primary"
            data-testid="action-hold"
            disabled={busy}
            onClick={() => void hold()}
          >
            {t('grid.actions.hold')}
          </button>
        )}
        {canConfirm && ConfirmOrder && (
          <button
            type="button"
            className="btn btn--small btn--primary"
            data-testid="action-confirm"
            onClick={confirmSelection}
          >
            {t('grid.actions.confirm')}
          </button>
        )}
        {canBook && (
          <button
            type="button"
            className="btn btn--small"
            data-testid="action-book-appointment"
            onClick={bookAppointment}
          >
            {t('grid.actions.bookAppointment')}
          </button>
        )}
        {/* Cart, watchlist, reminder, enquiry, quote and note (features/lists), on a phone too. */}
        {ListActions && <ListActions pageType={pageType} />}
        <button type="button" className="btn btn--small" data-testid="action-share" onClick={() => void share()}>
          {t('grid.actions.share')}
        </button>
        {DownloadMenu && <DownloadMenu ids={sel.keys} columns={prefs.columns} />}
        <button
          type="button"
          className="btn btn--small btn--ghost"
          data-testid="action-reset"
          disabled={sel.keys.length === 0}
          onClick={() => resetSelection(pageType)}
        >
          {t('grid.reset')}
        </button>
      </div>
      {ConfirmOrder && (
        <ConfirmOrder
          open={confirming !== null}
          ids={confirming ?? []}
          onClose={() => setConfirming(null)}
          onPlaced={() => resetSelection(pageType)}
        />
      )}
    </div>
  )
}

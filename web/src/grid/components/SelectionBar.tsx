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

/** Trading actions that arrive later: shown, and they still ask for a selection first (spec section 5). */
const LATER = ['share'] as const

interface Props {
  pageType: PageType
  canHold: boolean
  /** Narrow screens have no header row: the select-all box sits here. */
  showPageBox: boolean
  pageChecked: 'none' | 'some' | 'all'
}

/**
 * The selected stones of this page type: count, totals, and the actions that need a selection. The
 * order dialog, the list actions and the download menu are other features' (components/Slots.tsx).
 */
export function SelectionBar({ pageType, canHold, showPageBox, pageChecked }: Props) {
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

  function later(action: (typeof LATER)[number]) {
    if (sel.keys.length === 0) showToast(t(`grid.prompt.${action}`), 'error')
    else showToast(t('grid.comingSoon'), 'info')
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
      <div className="selbar-actions">
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
        {/* Cart, watchlist, reminder, enquiry, quote and note (features/lists); on a phone they would push the list off the screen. */}
        {!showPageBox && ListActions && <ListActions pageType={pageType} />}
        {/* On a phone the later actions would push the list off the screen. */}
        {!showPageBox &&
          LATER.map((a) => (
            <button
              key={a}
              type="button"
              className="btn btn--small btn--later"
              aria-disabled="true"
              title={t('grid.comingSoon')}
              data-testid={`action-${a}`}
              onClick={() => later(a)}
            >
              {t(`grid.actions.${a}`)}
            </button>
          ))}
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

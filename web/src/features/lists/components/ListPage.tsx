import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { TRACK_TYPES } from '@diamond/contracts/http/tracks.values'
import { confirm } from '../../../lib/confirm'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { GridPage } from '../../../grid/components/GridPage'
import { resetSelection } from '../../../grid/stores/selection'
import { EMPTY_SELECTION, type PageType } from '../../../grid/stores/selection.rules'
import { selections } from '../../../grid/stores/selectionState'
import { loadPage, stones } from '../../../grid/stores/query'
import { deleteTracks } from '../api/tracks'
import './lists.css'
import { TrackDetails } from './TrackDetails'

interface Props {
  screenId: string
  pageType: PageType
  trackType: number
}

/** Watchlisted, quoted or offered stones are not held for the user (spec section 8). */
const NOT_HELD: readonly number[] = [TRACK_TYPES.watchlist, TRACK_TYPES.quote]
/** Lists whose rows carry something of their own worth reading beside the stone. */
const DETAILED: readonly number[] = [
  TRACK_TYPES.reminder,
  TRACK_TYPES.enquiry,
  TRACK_TYPES.comment,
  TRACK_TYPES.buyRequest,
]

/** Remove: asks for a selection, then the spec's question, then removes the stones from this list. */
function RemoveButton({ pageType, trackType }: Omit<Props, 'screenId'>) {
  const { t } = useTranslation()
  const sel = useSnapshot(selections).byType[pageType] ?? EMPTY_SELECTION
  async function remove() {
    if (!sel.keys.length) return showToast(t('lists.prompt.delete'), 'error')
    if (!(await confirm('confirm.deleteStones'))) return
    const { error, data } = await deleteTracks({ trackType: trackType as never, stoneIds: [...sel.keys] })
    if (error) return showToast(codeText(error.code, error.message), 'error')
    resetSelection(pageType)
    showToast(t('lists.removed', { count: data.deleted }), 'success')
    await loadPage(stones.page, { quiet: true })
  }
  return (
    <button type="button" className="btn btn--small" data-testid="list-remove" onClick={() => void remove()}>
      {t('lists.remove')}
    </button>
  )
}

/** A track list page (cart, watchlist, reminder, notes, enquiry, buy request): the stock grid over the list's stones. */
export function ListPage({ screenId, pageType, trackType }: Props) {
  const { t } = useTranslation()
  const footer = (
    <>
      {DETAILED.includes(trackType) && <TrackDetails trackType={trackType} />}
      {NOT_HELD.includes(trackType) && (
        <p className="notice lists-notice" data-testid="notice-not-held">
          {t('lists.notHeld')}
        </p>
      )}
    </>
  )
  return (
    <GridPage
      pageType={pageType}
      query={{ kind: 'track', trackType }}
      title={t(`shell.screens.${screenId}`)}
      testId={`list-${screenId}`}
      tools={<RemoveButton pageType={pageType} trackType={trackType} />}
      footer={footer}
    />
  )
}

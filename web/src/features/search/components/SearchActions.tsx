import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import { useSlots } from '../../../components/Slots'
import { fmtCount } from '../../../lib/format'
import { allowed, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import type { SearchKind } from '../stores/form.rules'
import { currentFilter, resetSearch, saveSearch, submitSearch } from '../stores/searchForm'
import { SaveSearchDialog } from './SaveSearchDialog'
import { SearchNoticeText } from './SearchNoticeText'
import { useSearchForm } from './useSearchForm'

/** Runs the form's search and opens its result page, or leaves the notice on the form. */
export function useRunSearch(): (as?: SearchKind) => Promise<void> {
  const [, navigate] = useLocation()
  return async (as) => {
    const r = await submitSearch(as)
    if (r.kind === 'go') navigate(r.to)
  }
}

/**
 * The bar under the form: the live count on the Search button, Save search, Reset, and for the
 * white search an exclusive-stock search. A search that stops shows why right here.
 */
export function SearchActions({ save = true, exclusive = false }: { save?: boolean; exclusive?: boolean }) {
  const { t } = useTranslation()
  const { snap, invalid, filtered } = useSearchForm()
  const { userPermissions } = useSnapshot(session)
  const [saving, setSaving] = useState(false)
  const run = useRunSearch()
  // A search that finds nothing offers a demand for it (features/demands, through the route's slots).
  const { NoMatchOffer } = useSlots()
  const canSave = save && allowed(userPermissions, 'saveSearch', 'insert')
  const canExclusive = exclusive && allowed(userPermissions, 'exclusive', 'view')
  const countText = invalid ? '–' : snap.count === null ? '…' : fmtCount(snap.count)
  const over = filtered && !invalid && snap.count !== null && snap.limit !== null && snap.count > snap.limit
  const editingSaved = snap.editing?.searchType === 1 ? snap.editing : null

  return (
    <div className="srch-bar" data-testid="search-actions">
      <div className="srch-bar-buttons">
        <button
          type="button"
          className="btn btn--primary srch-submit"
          data-testid="search-submit"
          data-counting={snap.counting ? 'true' : 'false'}
          disabled={snap.submitting || snap.loading}
          onClick={() => void run()}
        >
          {t('search.search')}
          <span
            className={`srch-count${over ? ' is-over' : ''}`}
            data-testid="search-count"
            aria-live="polite"
            aria-busy={snap.counting}
          >
            {countText}
          </span>
        </button>
        {canExclusive && (
          <button
            type="button"
            className="btn"
            data-testid="search-exclusive"
            disabled={snap.submitting}
            onClick={() => void run('exclusive')}
          >
            {t('search.exclusive')}
          </button>
        )}
        {canSave && (
          <button
            type="button"
            className="btn"
            data-testid="search-save"
            disabled={invalid}
            onClick={() => setSaving(true)}
          >
            {editingSaved ? t('search.save.update') : t('search.save.open')}
          </button>
        )}
        <button type="button" className="btn btn--ghost" data-testid="search-reset" onClick={resetSearch}>
          {t('search.reset')}
        </button>
      </div>
      <p className="srch-bar-hint">{invalid ? t('search.fixFields') : t('search.countHint', { n: countText })}</p>
      {snap.notice && <SearchNoticeText notice={snap.notice} />}
      {snap.notice?.kind === 'empty' && NoMatchOffer && <NoMatchOffer filter={currentFilter()} />}
      {saving && (
        <SaveSearchDialog
          initialTitle={editingSaved?.title ?? ''}
          onCancel={() => setSaving(false)}
          onSave={async (title) => {
            const error = await saveSearch(title)
            if (!error) {
              setSaving(false)
              showToast(t('search.save.done', { title: title.trim() }), 'success')
            }
            return error
          }}
        />
      )}
    </div>
  )
}

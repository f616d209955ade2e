import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { codeText } from '../../../lib/i18n'
import { openSearch } from '../stores/searchForm'
import { AdvancedFilters } from './AdvancedFilters'
import { BasicFilters } from './BasicFilters'
import { RecentSearches } from './RecentSearches'
import { SearchActions, useRunSearch } from './SearchActions'
import { useSearchForm } from './useSearchForm'
import '../../../components/stoneFilter.css'
import './search.css'

/**
 * /diamond-search/{id?} and /fancy-search/{id?}: the basic and advanced search, the live count,
 * Save search, and the recent searches beside it. With an id, the stored search fills the form.
 */
export function SearchPage({ kind, id }: { kind: 'diamond' | 'fancy'; id?: string }) {
  const { t } = useTranslation()
  const { snap } = useSearchForm()
  const run = useRunSearch()
  useEffect(() => void openSearch(kind, id), [kind, id])
  const screen = kind === 'fancy' ? 'fancySearch' : 'diamondSearch'
  return (
    <div className="page srch-page" data-testid={`screen-${screen}`}>
      <header className="page-head">
        <h1 className="page-title">{t(`shell.screens.${screen}`)}</h1>
        {snap.editing?.searchType === 1 && (
          <span className="srch-editing" data-testid="search-editing">
            {t('search.editing', { title: snap.editing.title })}
          </span>
        )}
      </header>
      {snap.loadError && (
        <p className="srch-notice srch-notice--error" role="alert">
          {codeText(snap.loadError.code, snap.loadError.message)}
        </p>
      )}
      <div className="srch-layout">
        {/* Not a <form>: the save dialog inside has its own, and Enter in a number field searches. */}
        <div className="srch-form" aria-busy={snap.loading}>
          <BasicFilters kind={kind} onEnter={() => void run()} />
          <AdvancedFilters onEnter={() => void run()} />
          <SearchActions exclusive={kind === 'diamond'} />
        </div>
        <RecentSearches />
      </div>
    </div>
  )
}

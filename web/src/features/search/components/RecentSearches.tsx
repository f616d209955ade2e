import type { SavedSearch } from '@diamond/contracts/http/stock'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { codeText } from '../../../lib/i18n'
import { openSearches, searchLists } from '../stores/savedSearches'
import { SearchListItem } from './SearchListItem'

/** The side panel of the search form: the user's recent searches, newest first. */
export function RecentSearches() {
  const { t } = useTranslation()
  const { list, error } = useSnapshot(searchLists[2])
  useEffect(() => void openSearches(2), [])
  return (
    <aside className="srch-recent" aria-labelledby="srch-recent-title" data-testid="recent-searches">
      <div className="srch-recent-head">
        <h2 className="srch-card-title" id="srch-recent-title">
          {t('search.recent')}
        </h2>
        <Link href="/account/saved-search" className="field-link">
          {t('search.savedLink')}
        </Link>
      </div>
      {error && !list && <p className="srch-notice srch-notice--error">{codeText(error.code, error.message)}</p>}
      {!list && !error && <p className="srch-muted">{t('common.loading')}</p>}
      {list?.length === 0 && <EmptyState textKey="empty.recentSearch" />}
      {list && list.length > 0 && (
        <ol className="srch-list srch-list--compact">
          {list.map((s) => (
            <li key={s.id}>
              <SearchListItem search={s as SavedSearch} />
            </li>
          ))}
        </ol>
      )}
    </aside>
  )
}

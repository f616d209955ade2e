import type { SavedSearch } from '@diamond/contracts/http/stock'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { fmtCount, fmtDate, fmtTime } from '../../../lib/format'
import { resultPath } from '../stores/form.rules'
import { useSummary } from './useSummary'

/** One stored search: its title (saved ones), summary, how many stones it finds now, and when. */
export function SearchListItem({ search, actions }: { search: SavedSearch; actions?: ReactNode }) {
  const { t } = useTranslation()
  const summary = useSummary()
  const when = search.updatedAt || search.createdAt
  const line = summary(search.filter)
  return (
    <article className="srch-item" data-testid="search-row" data-search-id={search.id}>
      <Link href={resultPath('diamond', search.id)} className="srch-item-main" data-testid={`search-open-${search.id}`}>
        {search.searchType === 1 && search.title && <span className="srch-item-title">{search.title}</span>}
        <span
          className={search.searchType === 1 ? 'srch-item-summary' : 'srch-item-title'}
          dir="auto"
          data-testid="search-summary"
        >
          {line}
        </span>
        <span className="srch-item-meta">
          <span className="srch-item-count" data-testid="search-item-count">
            {t('search.stones', { n: fmtCount(search.count) })}
          </span>
          <span className="srch-item-date">
            <time dateTime={when}>{fmtDate(when)}</time> <time dateTime={when}>{fmtTime(when)}</time>
          </span>
        </span>
      </Link>
      {actions && <div className="srch-item-actions">{actions}</div>}
    </article>
  )
}

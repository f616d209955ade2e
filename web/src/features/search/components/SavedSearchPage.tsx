import type { SavedSearch } from '@diamond/contracts/http/stock'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError, Loading } from '../../../components/LoadState'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import { confirm } from '../../../lib/confirm'
import { fmtCount } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { editPath, resultPath } from '../stores/form.rules'
import {
  loadSearches,
  openSearches,
  pagesOf,
  removeSearch,
  searchLists,
  type SearchType,
} from '../stores/savedSearches'
import { SearchListItem } from './SearchListItem'
import '../../../components/stoneFilter.css'
import './search.css'

const TABS = [
  { id: 'saved', type: 1 },
  { id: 'recent', type: 2 },
] as const

/** /account/saved-search: the saved searches (open, edit, delete) and, in a second tab, the recent ones. */
export function SavedSearchPage() {
  const { t } = useTranslation()
  const [type, setType] = useState<SearchType>(1)
  useEffect(() => void openSearches(type), [type])
  const current = TABS.find((x) => x.type === type)!
  return (
    <div className="page acct-page srch-saved-page" data-testid="screen-savedSearch">
      <nav className="acct-crumbs" aria-label={t('shell.screens.account')}>
        <Link href="/account">{t('shell.screens.account')}</Link>
        <span aria-hidden="true" className="flip-rtl">
          ›
        </span>
        <span>{t('shell.screens.savedSearch')}</span>
      </nav>
      <div className="acct-section-head">
        <h1 className="page-title">{t('shell.screens.savedSearch')}</h1>
        <Link href="/diamond-search" className="btn btn--primary" data-testid="new-search">
          {t('search.newSearch')}
        </Link>
      </div>
      <div className="acct-tabs" role="tablist" aria-label={t('search.listsLabel')}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`searches-tab-${tab.id}`}
            aria-selected={type === tab.type}
            aria-controls="searches-panel"
            className={`acct-tab${type === tab.type ? ' is-active' : ''}`}
            data-testid={`searches-tab-${tab.id}`}
            onClick={() => setType(tab.type)}
          >
            {t(`search.tabs.${tab.id}`)}
          </button>
        ))}
      </div>
      <div
        id="searches-panel"
        role="tabpanel"
        aria-labelledby={`searches-tab-${current.id}`}
        className="srch-saved-panel"
      >
        <SearchListPanel type={type} />
      </div>
    </div>
  )
}

function SearchListPanel({ type }: { type: SearchType }) {
  const { t } = useTranslation()
  const { list, error, page, count, deleting } = useSnapshot(searchLists[type])
  const pages = pagesOf(type)

  async function remove(s: SavedSearch) {
    if (!(await confirm('confirm.delete'))) return
    const err = await removeSearch(type, s.id)
    if (err) showToast(codeText(err.code, err.message), 'error')
    else showToast(t('search.deleted'), 'success')
  }

  if (error && !list) return <LoadError error={error} retry={() => void loadSearches(type)} />
  if (!list) return <Loading />
  if (list.length === 0) return <EmptyState textKey={type === 1 ? 'empty.savedSearch' : 'empty.recentSearch'} />
  return (
    <>
      <p className="srch-muted" data-testid="searches-total">
        {t('search.total', { n: fmtCount(count) })}
      </p>
      <ol className="srch-list" data-testid={`searches-${type === 1 ? 'saved' : 'recent'}`}>
        {list.map((s) => (
          <li key={s.id}>
            <SearchListItem
              search={s as SavedSearch}
              actions={
                <>
                  <Link
                    href={resultPath('diamond', s.id)}
                    className="btn btn--small btn--primary"
                    data-testid={`search-results-${s.id}`}
                  >
                    {t('search.open')}
                  </Link>
                  <Link
                    href={editPath((s as SavedSearch).filter, s.id)}
                    className="btn btn--small"
                    data-testid={`search-edit-${s.id}`}
                  >
                    {t('search.edit')}
                  </Link>
                  <button
                    type="button"
                    className="btn btn--small btn--ghost srch-delete"
                    disabled={deleting === s.id}
                    data-testid={`search-delete-${s.id}`}
                    onClick={() => void remove(s as SavedSearch)}
                  >
                    {t('search.delete')}
                  </button>
                </>
              }
            />
          </li>
        ))}
      </ol>
      <ListPager page={page} pages={pages} onPage={(p) => void loadSearches(type, p)} />
    </>
  )
}

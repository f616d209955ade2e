import { BUSINESS_TYPES } from '@diamond/contracts/http/account.values'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import { codeText } from '../../../lib/i18n'
import { useRead } from '../../../lib/useRead'
import { listMembers } from '../api/members'
import { directoryQuery, DIRECTORY_LIMIT, pagesOf, withFollow, type DirectoryForm } from '../stores/members.rules'
import { MemberCard } from './MemberCard'
import './members.css'

const BLANK: DirectoryForm = { search: '', country: '', businessType: '' }

/** `/member-directory`: the companies that chose to be shown, searched by name, place, type and trade. */
export function MemberDirectoryPage() {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<DirectoryForm>(BLANK)
  const [asked, setAsked] = useState<DirectoryForm>(BLANK)
  const [page, setPage] = useState(1)
  const { data, error, reload } = useRead(() => listMembers(directoryQuery(asked, page)), [asked, page])
  const [follows, setFollows] = useState<Record<string, { following: boolean; followers: number }>>({})
  const list = data ? withFollowsOf(data.list, follows) : null

  return (
    <div className="page acct-page mem-page" data-testid="screen-memberDirectory">
      <h1 className="page-title">{t('shell.screens.memberDirectory')}</h1>
      <form
        className="mem-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setPage(1)
          setAsked(draft)
        }}
      >
        <label className="mem-filter mem-filter--search">
          <span>{t('members.directory.search')}</span>
          <input
            type="search"
            data-testid="member-search"
            maxLength={100}
            placeholder={t('members.directory.searchHint')}
            value={draft.search}
            onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          />
        </label>
        <label className="mem-filter">
          <span>{t('members.directory.country')}</span>
          <input
            data-testid="member-country"
            maxLength={80}
            value={draft.country}
            onChange={(e) => setDraft({ ...draft, country: e.target.value })}
          />
        </label>
        <label className="mem-filter">
          <span>{t('members.directory.businessType')}</span>
          <select
            data-testid="member-type"
            value={draft.businessType}
            onChange={(e) => setDraft({ ...draft, businessType: e.target.value })}
          >
            <option value="">{t('members.directory.any')}</option>
            {BUSINESS_TYPES.map((b) => (
              <option key={b} value={b}>
                {t(`register.businessTypes.${b}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn--primary" data-testid="member-search-go">
          {t('members.directory.go')}
        </button>
      </form>
      {error && (
        <div className="empty" role="alert">
          <p>{codeText(error.code, error.message)}</p>
          <button type="button" className="btn btn--small" onClick={reload}>
            {t('stones.retry')}
          </button>
        </div>
      )}
      {data && (
        <p className="mem-count" role="status">
          {t('members.directory.count', { count: data.count })}
        </p>
      )}
      {list && list.length === 0 && <EmptyState textKey="members.directory.empty" />}
      {list && list.length > 0 && (
        <div className="mem-grid" data-testid="member-list">
          {list.map((c) => (
            <MemberCard key={c.id} company={c} onFollow={(s) => setFollows((f) => ({ ...f, [s.companyId]: s }))} />
          ))}
        </div>
      )}
      {data && <ListPager page={page} pages={pagesOf(data.count, DIRECTORY_LIMIT)} onPage={setPage} />}
    </div>
  )
}

/** The cards with the follows made on this page since it was read. */
function withFollowsOf<T extends { id: string; following: boolean; followers: number }>(
  list: readonly T[],
  follows: Record<string, { following: boolean; followers: number }>,
): T[] {
  return Object.entries(follows).reduce<T[]>((l, [companyId, s]) => withFollow(l, { companyId, ...s }), [...list])
}

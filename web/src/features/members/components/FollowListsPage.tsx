import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import { fmtDate } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { useRead } from '../../../lib/useRead'
import { listFollowers, listFollowing } from '../api/members'
import { pagesOf, withFollow } from '../stores/members.rules'
import { MemberCard } from './MemberCard'
import './members.css'

const LIMIT = 24

/** `/account/followers` (who follows my company) and `/account/following` (the companies I follow). */
export function FollowListsPage({ kind }: { kind: 'followers' | 'following' }) {
  const { t } = useTranslation()
  const screenId = kind
  return (
    <div className="page acct-page mem-page" data-testid={`screen-${screenId}`}>
      <h1 className="page-title">{t(`shell.screens.${screenId}`)}</h1>
      <nav className="mem-tabs" aria-label={t('members.lists')}>
        <Link href="/account/followers" aria-current={kind === 'followers' ? 'page' : undefined}>
          {t('shell.screens.followers')}
        </Link>
        <Link href="/account/following" aria-current={kind === 'following' ? 'page' : undefined}>
          {t('shell.screens.following')}
        </Link>
        <Link href="/member-directory">{t('shell.screens.memberDirectory')}</Link>
      </nav>
      {kind === 'followers' ? <Followers /> : <Following />}
    </div>
  )
}

function Followers() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const { data, error, reload } = useRead(() => listFollowers(page, LIMIT), [page])
  if (error) return <Failed text={codeText(error.code, error.message)} retry={reload} />
  if (!data) return null
  if (data.list.length === 0) return <EmptyState textKey="members.followersEmpty" />
  return (
    <>
      <p className="mem-count" role="status">
        {t('members.followers', { count: data.count })}
      </p>
      <ul className="mem-people" data-testid="follower-list">
        {data.list.map((f) => (
          <li key={f.userId} className="mem-person" data-testid="follower">
            <strong dir="auto">{f.name}</strong>
            {f.companyId ? (
              <Link href={`/member/${f.companyId}`} dir="auto">
                {f.companyName}
              </Link>
            ) : (
              <span dir="auto">{f.companyName}</span>
            )}
            <span>{t('members.since', { date: fmtDate(f.since) })}</span>
          </li>
        ))}
      </ul>
      <ListPager page={page} pages={pagesOf(data.count, LIMIT)} onPage={setPage} />
    </>
  )
}

function Following() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const { data, error, reload } = useRead(() => listFollowing(page, LIMIT), [page])
  const [changed, setChanged] = useState<{ companyId: string; following: boolean; followers: number }[]>([])
  if (error) return <Failed text={codeText(error.code, error.message)} retry={reload} />
  if (!data) return null
  if (data.list.length === 0) return <EmptyState textKey="members.followingEmpty" />
  const list = changed.reduce((l, s) => withFollow(l, s), data.list)
  return (
    <>
      <p className="mem-count" role="status">
        {t('members.directory.count', { count: data.count })}
      </p>
      <div className="mem-grid" data-testid="following-list">
        {list.map((c) => (
          <MemberCard key={c.id} company={c} onFollow={(s) => setChanged((x) => [...x, s])} />
        ))}
      </div>
      <ListPager page={page} pages={pagesOf(data.count, LIMIT)} onPage={setPage} />
    </>
  )
}

function Failed({ text, retry }: { text: string; retry: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="empty" role="alert">
      <p>{text}</p>
      <button type="button" className="btn btn--small" onClick={retry}>
        {t('stones.retry')}
      </button>
    </div>
  )
}

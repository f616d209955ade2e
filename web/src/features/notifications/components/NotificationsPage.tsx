import type { Notification } from '@diamond/contracts/events/notifications'
import type { NoticeGroupCount } from '@diamond/contracts/http/notifications'
import { noticeGroup, type NoticeGroup } from '@diamond/contracts/http/notifications.values'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError } from '../../../components/LoadState'
import { useLocation } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { fmtDateTime } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { live } from '../../../lib/realtime'
import { showToast } from '../../../lib/toast'
import { listNotifications, markAsRead } from '../api/notifications'
import { countIn, mergeNotices, noticeTarget } from '../stores/notices.rules'
import { unreadIs, unreadLess } from '../stores/unread'
import './notifications.css'

const PAGE = 50

type Load = { state: 'loading' } | { state: 'error'; code: string; message: string } | { state: 'ready' }

interface Props {
  screenId: 'notifications' | 'notification'
  /**
   * The text of a notice that another feature words (trading, bids), composed at the route; null
   * for a notice it does not know.
   */
  noticeText: (n: Pick<Notification, 'kind' | 'params'>) => string | null
}

/** /notifications (and /notification on a phone): every notice, newest first, new ones arriving live. */
export function NotificationsPage({ screenId, noticeText }: Props) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const [list, setList] = useState<Notification[]>([])
  const [count, setCount] = useState(0)
  const [unread, setUnread] = useState(0)
  const [groups, setGroups] = useState<NoticeGroupCount[]>([])
  const [group, setGroup] = useState<NoticeGroup | undefined>(undefined)
  const [page, setPage] = useState(1)
  const [load, setLoad] = useState<Load>({ state: 'loading' })

  // The answer is taken in a callback, never set while the effect that reads runs.
  const read = (upTo: number, of: NoticeGroup | undefined) =>
    listNotifications(1, upTo * PAGE, of).then(({ data, error }) => {
      if (error) return setLoad({ state: 'error', code: error.code, message: error.message })
      setList(data.list)
      setCount(data.count)
      setUnread(data.unread)
      setGroups(data.groups)
      unreadIs(data.unread)
      setLoad({ state: 'ready' })
    })

  useEffect(() => void read(page, group), [page, group])
  // A notice pushed while the page is open goes on top at once (in its group, or under all).
  useEffect(
    () =>
      live.on('notification', (n) => {
        const of = noticeGroup(n.kind)
        setGroups((gs) => countIn(gs, of, n.readAt ? 0 : 1))
        if (!n.readAt) setUnread((u) => u + 1)
        if (group && group !== of) return
        setList((shown) => mergeNotices(shown, [n]))
        setCount((c) => c + 1)
      }),
    [group],
  )

  function choose(next: NoticeGroup | undefined) {
    if (next === group) return
    setLoad({ state: 'loading' })
    setPage(1)
    setGroup(next)
  }

  function text(n: Notification): string {
    return (
      noticeText(n) ??
      (n.kind === 'stone.held' ? t('stones.held', { vStnId: n.params.vStnId ?? '' }) : t('notifications.other'))
    )
  }

  async function open(n: Notification) {
    if (!n.readAt) {
      const { error } = await markAsRead([n.id])
      if (!error) {
        setList((shown) => shown.map((x) => (x.id === n.id ? { ...x, readAt: new Date().toISOString() } : x)))
        setUnread((u) => Math.max(0, u - 1))
        setGroups((gs) => countIn(gs, noticeGroup(n.kind), -1, 0))
        unreadLess(1)
      }
    }
    const to = noticeTarget(n)
    if (to) navigate(to)
  }

  async function readAll() {
    const { error } = await markAsRead()
    if (error) return showToast(codeText(error.code, error.message), 'error')
    const now = new Date().toISOString()
    setList((shown) => shown.map((x) => (x.readAt ? x : { ...x, readAt: now })))
    setUnread(0)
    setGroups((gs) => gs.map((g) => ({ ...g, unread: 0 })))
    unreadIs(0)
  }

  return (
    <section className="page notices-page" aria-labelledby="page-title" data-testid={`screen-${screenId}`}>
      <header className="page-head">
        <h1 id="page-title" className="page-title">
          {t(`shell.screens.${screenId}`)}
        </h1>
        {load.state === 'ready' && unread > 0 && (
          <>
            <span className="notices-unread" data-testid="notices-unread">
              {t('notifications.unread', { count: unread })}
            </span>
            <button
              type="button"
              className="btn btn--small"
              data-testid="notices-read-all"
              onClick={() => void readAll()}
            >
              {t('notifications.readAll')}
            </button>
          </>
        )}
      </header>
      {groups.length > 1 && (
        <div className="notice-groups" role="group" aria-label={t('shell.screens.notifications')}>
          {[undefined, ...groups.map((g) => g.group)].map((g) => {
            const c = g ? groups.find((x) => x.group === g) : undefined
            const unreadIn = g ? (c?.unread ?? 0) : unread
            return (
              <button
                key={g ?? 'all'}
                type="button"
                className={`chip${g === group ? ' is-active' : ''}`}
                aria-pressed={g === group}
                data-testid={`notices-group-${g ?? 'all'}`}
                onClick={() => choose(g)}
              >
                {t(`notifications.groups.${g ?? 'all'}`)}
                {unreadIn > 0 && <span className="notice-group-unread">{unreadIn}</span>}
              </button>
            )
          })}
        </div>
      )}
      {load.state === 'loading' ? (
        <p className="acct-state" role="status">
          {t('common.loading')}
        </p>
      ) : load.state === 'error' ? (
        <LoadError error={load} retry={() => void read(page, group)} />
      ) : list.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <ul className="notices" data-testid="notices">
            {list.map((n) => (
              <li
                key={n.id}
                className={`notice-item${n.readAt ? '' : ' is-unread'}`}
                data-testid={`notice-${n.kind}`}
                data-read={n.readAt ? 'true' : 'false'}
              >
                <button type="button" className="notice-open" onClick={() => void open(n)}>
                  <span className="notice-text">{text(n)}</span>
                  <time className="notice-time" dateTime={n.createdAt}>
                    {fmtDateTime(n.createdAt)}
                  </time>
                </button>
              </li>
            ))}
          </ul>
          {list.length < count && (
            <button
              type="button"
              className="btn notices-more"
              data-testid="notices-more"
              onClick={() => setPage((p) => p + 1)}
            >
              {t('notifications.more')}
            </button>
          )}
        </>
      )}
    </section>
  )
}

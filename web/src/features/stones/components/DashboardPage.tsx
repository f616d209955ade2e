import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { codeText } from '../../../lib/i18n'
import { fmtCount } from '../../../lib/format'
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/media'
import { allowed, session } from '../../../lib/session'
import { ensureOwner, followLiveStatus, loadPage, stones } from '../stores/stones'
import { Pager } from './Pager'
import { StoneCards } from './StoneCards'
import { StoneTable } from './StoneTable'

/** The live stone list: one page of stock whose statuses follow the server as they change. */
export function DashboardPage() {
  const { t } = useTranslation()
  const { user, userPermissions } = useSnapshot(session)
  // Only the list-level fields: rows subscribe to their own entries.
  const { ids, page, count, load, errorCode } = useSnapshot(stones)
  const narrow = useMediaQuery(MOBILE_QUERY)
  const canHold = allowed(userPermissions, 'hold', 'insert')

  useEffect(() => {
    if (!user) return
    ensureOwner(user.id)
    const stop = followLiveStatus()
    void loadPage(stones.page)
    return stop
  }, [user])

  const List = narrow ? StoneCards : StoneTable
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <div className="toolbar">
        <h1 id="dashboard-title" className="toolbar-title">
          {t('stones.title')}
        </h1>
        <span className="toolbar-count" data-testid="stones-count">
          <span className="toolbar-label">{t('stones.total')}</span> <strong>{fmtCount(count)}</strong>
        </span>
        <Pager page={page} count={count} busy={load === 'loading'} onPage={(p) => void loadPage(p)} />
      </div>
      {load === 'error' ? (
        <div className="state state--error" role="alert">
          <p>{codeText(errorCode, '')}</p>
          <button type="button" className="btn" onClick={() => void loadPage(page)}>
            {t('stones.retry')}
          </button>
        </div>
      ) : ids.length === 0 ? (
        <div className="state" role="status">
          {load === 'ready' ? t('stones.empty') : t('stones.loading')}
        </div>
      ) : (
        <List key={page} ids={ids} canHold={canHold} />
      )}
    </section>
  )
}

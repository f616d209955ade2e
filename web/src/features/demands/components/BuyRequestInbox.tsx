import type { Demand } from '@diamond/contracts/http/demands'
import { DEMAND_DESCRIPTION_MAX } from '@diamond/contracts/http/demands.values'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../components/EmptyState'
import { TabList } from '../../../components/TabList'
import { fmtDate } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { useRead } from '../../../lib/useRead'
import { FilterChips } from '../../../grid/components/FilterChips'
import { listDemands, replyToDemand } from '../api/demands'
import { buyRequestsChanged } from '../stores/notices'
import { Replies } from './Replies'
import '../../../components/stoneFilter.css'
import './demands.css'

const TABS = ['open', 'answered', 'all'] as const
type Tab = (typeof TABS)[number]

/**
 * /account/buy-request for the sales team (demand all, operator staff): every buyer's buy requests,
 * newest first, those still to answer to hand; an answer tells the buyer. A new buy request or an
 * answer from a colleague reads the list again.
 */
export function BuyRequestInbox() {
  const { t } = useTranslation()
  const [tab, setTab] = useState<Tab>('open')
  const { data, error, reload } = useRead(
    () => listDemands({ all: true, limit: 50, ...(tab === 'all' ? {} : { answered: tab === 'answered' }) }),
    [tab],
  )
  useEffect(() => buyRequestsChanged.on('changed', reload), [reload])
  useEffect(() => {
    if (error) showToast(codeText(error.code, error.message), 'error')
  }, [error])
  return (
    <div className="page acct-page dem-page" data-testid="buy-request-inbox">
      <h1 className="page-title">{t('demands.inbox.title')}</h1>
      <p className="acct-note">{t('demands.inbox.intro')}</p>
      <TabList
        tabs={TABS}
        current={tab}
        onChange={setTab}
        label={t('demands.inbox.title')}
        text={(id) => t(`demands.inbox.tabs.${id}`)}
        testId="buy-request-tab"
      />
      {data && data.list.length === 0 && <EmptyState textKey="empty.noData" />}
      <ol className="dem-cards">
        {data?.list.map((d) => (
          <li key={d.id} className="dem-card" data-testid={`buy-request-${d.id}`}>
            <InboxCard d={d} onAnswered={reload} />
          </li>
        ))}
      </ol>
    </div>
  )
}

function InboxCard({ d, onAnswered }: { d: Demand; onAnswered: () => void }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function send() {
    if (!text.trim()) return setProblem(t('demands.inbox.required'))
    setBusy(true)
    const { error } = await replyToDemand({ id: d.id, message: text })
    setBusy(false)
    if (error) return setProblem(codeText(error.code, error.message))
    setText('')
    setProblem(null)
    showToast(t('demands.inbox.sent', { buyer: d.buyer ?? '' }), 'success')
    onAnswered()
  }
  return (
    <>
      <div className="dem-card-head">
        <h2 className="dem-title" dir="auto">
          {d.title}
        </h2>
        <span className={`acct-badge${d.replies?.length ? ' acct-badge--ok' : ' acct-badge--accent'}`}>
          {t(d.replies?.length ? 'demands.inbox.tabs.answered' : 'demands.inbox.tabs.open')}
        </span>
      </div>
      <p className="srch-muted" data-testid="buy-request-buyer">
        {t('demands.inbox.from', { buyer: d.buyer ?? '', date: fmtDate(d.createdAt) })}
      </p>
      {d.description && (
        <p className="dem-description" dir="auto">
          {d.description}
        </p>
      )}
      <FilterChips filter={d.filter} label={t('demands.columns.criteria')} />
      <dl className="dem-facts">
        <dt>{t('demands.columns.tillDate')}</dt>
        <dd>
          <time dateTime={d.tillDate}>{fmtDate(d.tillDate)}</time>
        </dd>
        <dt>{t('demands.columns.state')}</dt>
        <dd>{t(`demands.states.${d.state}`)}</dd>
        <dt>{t('demands.columns.matches')}</dt>
        <dd>{d.matches}</dd>
      </dl>
      <Replies demand={d} />
      <label className="dem-reply-label" htmlFor={`dem-reply-${d.id}`}>
        {t('demands.inbox.answer')}
      </label>
      <textarea
        id={`dem-reply-${d.id}`}
        className="dem-reply-text"
        dir="auto"
        maxLength={DEMAND_DESCRIPTION_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={problem ? true : undefined}
        data-testid="buy-request-answer"
      />
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="dem-actions">
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={busy}
          onClick={() => void send()}
          data-testid="buy-request-send"
        >
          {t('demands.inbox.send')}
        </button>
      </div>
    </>
  )
}

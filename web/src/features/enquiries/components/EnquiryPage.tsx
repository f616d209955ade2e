import type { Enquiry } from '@diamond/contracts/http/enquiries'
import { ENQUIRY_MESSAGE_MAX, type EnquiryState } from '@diamond/contracts/http/enquiries.values'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { TabList } from '../../../components/TabList'
import { confirm } from '../../../lib/confirm'
import { fmtDateTime } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { allowed, isOperator, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { useRead } from '../../../lib/useRead'
import { enquiryPage, removeEnquiry, replyToEnquiry } from '../api/enquiries'
import { enquiriesChanged } from '../stores/notices'
import './enquiries.css'

const TABS = ['open', 'answered', 'all'] as const
type Tab = (typeof TABS)[number]

/**
 * /account/enquiry: a buyer's enquiries, each with its conversation; the sales team (enquiry all,
 * operator staff) gets the inbox of every buyer's enquiries, open ones first to hand. Any enquiry
 * notice (a new enquiry, an answer, a follow-up) reads the list again, so both sides see it live.
 */
export function EnquiryPage() {
  const { t } = useTranslation()
  const { user, userPermissions } = useSnapshot(session)
  const staff = isOperator(user) && allowed(userPermissions, 'enquiry', 'all')
  const [tab, setTab] = useState<Tab>(staff ? 'open' : 'all')
  const state: EnquiryState | undefined = tab === 'all' ? undefined : tab
  const { data, error, reload } = useRead(() => enquiryPage({ limit: 50, ...(state ? { state } : {}) }), [state])
  useEffect(() => enquiriesChanged.on('changed', reload), [reload])
  useEffect(() => {
    if (error) showToast(codeText(error.code, error.message), 'error')
  }, [error])

  return (
    <section
      className="page enq-page"
      aria-labelledby="enq-title"
      data-testid={staff ? 'enquiry-inbox' : 'enquiry-list'}
    >
      <header className="page-head">
        <h1 id="enq-title" className="page-title">
          {t(staff ? 'enquiries.inboxTitle' : 'shell.screens.enquiry')}
        </h1>
        {data && (
          <p className="srch-muted" data-testid="enquiry-open-count">
            {t(staff ? 'enquiries.openCountStaff' : 'enquiries.openCount', { count: data.open })}
          </p>
        )}
      </header>
      <TabList
        tabs={TABS}
        current={tab}
        onChange={setTab}
        label={t('enquiries.tabsLabel')}
        text={(id) => t(`enquiries.tabs.${id}`)}
        testId="enquiry-tab"
      />
      {data === null && !error && (
        <div className="state" role="status">
          {t('stones.loading')}
        </div>
      )}
      {data && data.list.length === 0 && <EmptyState textKey={staff ? 'empty.noData' : 'empty.enquiry'} />}
      <ul className="enq-list">
        {data?.list.map((e) => (
          <li key={e.id}>
            <EnquiryCard e={e} staff={staff} onChanged={reload} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function EnquiryCard({ e, staff, onChanged }: { e: Enquiry; staff: boolean; onChanged: () => void }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  async function send() {
    if (!text.trim()) return setProblem(t('enquiries.messageRequired'))
    setBusy(true)
    const { error } = await replyToEnquiry({ id: e.id, message: text })
    setBusy(false)
    if (error) return setProblem(codeText(error.code, error.message))
    setText('')
    setProblem(null)
    showToast(t('enquiries.sent'), 'success')
    onChanged()
  }
  async function remove() {
    if (!(await confirm('confirm.delete'))) return
    const { error } = await removeEnquiry(e.id)
    if (error && error.code !== 'E_NOT_FOUND') return showToast(codeText(error.code, error.message), 'error')
    onChanged()
  }

  return (
    <article className="enq-card" data-testid={`enquiry-${e.vStnId}`} data-state={e.state}>
      <header className="enq-head">
        <Link href={`/diamond-detail/${e.stoneId}`} className="enq-stone" dir="ltr">
          {e.vStnId}
        </Link>
        <span className="srch-muted" dir="ltr">
          {e.stone}
        </span>
        {staff && <span data-testid="enquiry-buyer">{t('enquiries.from', { buyer: e.buyer })}</span>}
        <span
          className={`acct-badge${e.state === 'answered' ? ' acct-badge--ok' : ' acct-badge--accent'}`}
          data-testid="enquiry-state"
        >
          {t(`enquiries.state.${e.state}`)}
        </span>
      </header>
      <ol className="enq-messages" data-testid="enquiry-messages">
        {e.messages.map((m, i) => (
          <li key={i} className={`enq-msg enq-msg--${m.side}`} data-side={m.side}>
            <p className="enq-msg-who">
              {m.side === 'sales' ? t('enquiries.salesTeam', { name: m.author }) : m.author}{' '}
              <time dir="ltr">{fmtDateTime(m.at)}</time>
            </p>
            <p className="enq-msg-text" dir="auto">
              {m.message}
            </p>
          </li>
        ))}
      </ol>
      <div className="enq-reply">
        <label className="enq-reply-label" htmlFor={`enq-reply-${e.id}`}>
          {t(staff ? 'enquiries.replyLabel' : 'enquiries.followUpLabel')}
        </label>
        <textarea
          id={`enq-reply-${e.id}`}
          className="enq-text"
          dir="auto"
          maxLength={ENQUIRY_MESSAGE_MAX}
          value={text}
          onChange={(ev) => setText(ev.target.value)}
          aria-invalid={problem ? true : undefined}
          data-testid="enquiry-reply-text"
        />
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <div className="enq-actions">
          <button
            type="button"
            className="btn btn--primary btn--small"
            disabled={busy}
            onClick={() => void send()}
            data-testid="enquiry-send"
          >
            {t(staff ? 'enquiries.reply' : 'enquiries.send')}
          </button>
          {!staff && (
            <button type="button" className="btn btn--small btn--ghost" onClick={() => void remove()}>
              {t('lists.remove')}
            </button>
          )}
        </div>
      </div>
    </article>
  )
}

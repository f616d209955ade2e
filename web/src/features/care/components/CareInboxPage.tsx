import type { ConciergeRequest } from '@diamond/contracts/http/care'
import type { ConciergeOutcome } from '@diamond/contracts/http/care.values'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TabList } from '../../../components/TabList'
import { EmptyState } from '../../../components/EmptyState'
import { FormField, fieldProps } from '../../../components/FormField'
import { codeText, localized } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { useRead } from '../../../lib/useRead'
import { answerConcierge, conciergeRequests, contactMessages, feedbackPage, feedbackSummary } from '../api/care'
import { careChanged } from '../stores/notices'
import { RequestCard } from './RequestCard'
import { quickSearch } from '../../../grid/api/stones'
import { FilterChips } from '../../../grid/components/FilterChips'
import './care.css'

const TABS = ['concierge', 'contact', 'feedback'] as const
type Tab = (typeof TABS)[number]

/** Operator staff: concierge requests to answer, contact messages, and what members score us. */
export function CareInboxPage() {
  const { t } = useTranslation()
  const [tab, setTab] = useState<Tab>('concierge')
  return (
    <section className="page" aria-labelledby="page-title" data-testid="screen-careInbox">
      <header className="page-head">
        <h1 id="page-title" className="page-title">
          {t('shell.screens.careInbox')}
        </h1>
      </header>
      <TabList
        tabs={TABS}
        current={tab}
        onChange={setTab}
        label={t('shell.screens.careInbox')}
        text={(id) => t(`care.inbox.tabs.${id}`)}
        testId="care-tab"
      />
      {tab === 'concierge' && <ConciergeInbox />}
      {tab === 'contact' && <ContactInbox />}
      {tab === 'feedback' && <FeedbackResults />}
    </section>
  )
}

function ConciergeInbox() {
  const { t } = useTranslation()
  const [openOnly, setOpenOnly] = useState(true)
  const { data, reload } = useRead(
    () => conciergeRequests({ limit: 50, ...(openOnly ? { status: 'open' } : {}) }),
    [openOnly],
  )
  useEffect(() => careChanged.on('changed', reload), [reload])
  return (
    <div className="care-list">
      <label className="check">
        <input type="checkbox" checked={openOnly} onChange={(e) => setOpenOnly(e.target.checked)} />{' '}
        {t('care.inbox.openOnly')}
      </label>
      {data && data.list.length === 0 && <EmptyState />}
      {data?.list.map((r) => (
        <RequestCard key={r.id} r={r} staff>
          {r.status !== 'closed' && <AnswerForm r={r} onDone={reload} />}
        </RequestCard>
      ))}
    </div>
  )
}

function AnswerForm({ r, onDone }: { r: ConciergeRequest; onDone: () => void }) {
  const { t } = useTranslation()
  const [reply, setReply] = useState('')
  const [outcome, setOutcome] = useState<ConciergeOutcome | ''>('')
  const [numbers, setNumbers] = useState('')
  const [words, setWords] = useState(r.criteria)
  const filter = useReading(outcome === 'buyRequest' ? words : '')
  const [problems, setProblems] = useState<Record<string, string>>({})
  const send = async () => {
    const stoneNumbers = numbers.split(/[\s,;]+/).filter(Boolean)
    const a = await answerConcierge({
      id: r.id,
      reply,
      outcome: outcome || null,
      ...(outcome === 'offer' ? { stoneNumbers } : {}),
      ...(outcome === 'buyRequest' ? { filter: filter ?? {} } : {}),
    })
    if (a.error) {
      const fields = (a.error.data as { fields?: { field: string }[] } | undefined)?.fields ?? []
      const text: Record<string, string> = {
        reply: t('care.inbox.replyRequired'),
        stoneNumbers: t('care.inbox.stonesRequired'),
        filter: t('care.inbox.criteriaRequired'),
      }
      setProblems(
        a.error.code === 'E_VALIDATION' && fields.length
          ? Object.fromEntries(fields.map((f) => [f.field, text[f.field] ?? codeText(a.error!.code, a.error!.message)]))
          : { reply: codeText(a.error.code, a.error.message) },
      )
    } else {
      showToast(t('care.inbox.answered', { number: r.number }), 'success')
      onDone()
    }
  }
  const id = `reply-${r.id}`
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault()
        void send()
      }}
    >
      <FormField id={id} label={t('care.inbox.reply')} required error={problems.reply ?? null}>
        <textarea
          {...fieldProps(id, { error: problems.reply ?? null, required: true })}
          className="care-text care-text--short"
          value={reply}
          onChange={(e) => setReply(e.target.value)}
        />
      </FormField>
      {outcome === 'offer' && (
        <FormField
          id={`${id}-stones`}
          label={t('care.inbox.stoneNumbers')}
          required
          error={problems.stoneNumbers ?? null}
        >
          <textarea
            {...fieldProps(`${id}-stones`, { error: problems.stoneNumbers ?? null, required: true })}
            className="care-text care-text--short"
            dir="ltr"
            data-testid="answer-stones"
            value={numbers}
            onChange={(e) => setNumbers(e.target.value)}
          />
        </FormField>
      )}
      {outcome === 'buyRequest' && (
        <FormField id={`${id}-words`} label={t('care.inbox.criteriaWords')} required error={problems.filter ?? null}>
          <input
            {...fieldProps(`${id}-words`, { error: problems.filter ?? null, required: true })}
            data-testid="answer-words"
            value={words}
            onChange={(e) => setWords(e.target.value)}
          />
          {filter && Object.keys(filter).length > 0 ? (
            <FilterChips filter={filter} label={t('care.inbox.readAs')} />
          ) : (
            <p className="srch-muted" data-testid="answer-unread">
              {t('care.inbox.nothingRead')}
            </p>
          )}
        </FormField>
      )}
      <div className="form-actions care-answer-actions">
        <label htmlFor={`${id}-outcome`}>{t('care.inbox.outcome')}</label>
        <select
          id={`${id}-outcome`}
          data-testid="answer-outcome"
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as ConciergeOutcome | '')}
        >
          <option value="">{t('care.concierge.outcome.none')}</option>
          <option value="offer">{t('care.concierge.outcome.offer')}</option>
          <option value="buyRequest">{t('care.concierge.outcome.buyRequest')}</option>
        </select>
        <button type="submit" className="btn btn--primary" data-testid="answer-send">
          {t('care.inbox.send')}
        </button>
      </div>
    </form>
  )
}

/** How the quick search reads the words (what a buy request made of them will look for), a moment after typing stops. */
function useReading(words: string): StoneFilter | null {
  const [filter, setFilter] = useState<StoneFilter | null>(null)
  useEffect(() => {
    const text = words.trim()
    if (!text) return
    let live = true
    const timer = setTimeout(() => {
      void quickSearch({ search: text, limit: 1 }).then((res) => {
        if (live) setFilter(res.data?.filter ?? null)
      })
    }, 300)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [words])
  return words.trim() ? filter : null
}

function ContactInbox() {
  const { t, i18n } = useTranslation()
  const { data, reload } = useRead(() => contactMessages(1), [])
  useEffect(() => careChanged.on('changed', reload), [reload])
  if (data && data.list.length === 0) return <EmptyState />
  return (
    <ul className="care-list">
      {data?.list.map((m) => (
        <li key={m.id} className="care-item">
          <div className="care-item-head">
            <strong>{m.subject}</strong>
            <span className="srch-muted">
              {new Date(m.createdAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
            </span>
          </div>
          <p className="srch-muted">
            {m.name} ·{' '}
            <a href={`mailto:${m.email}`} dir="ltr">
              {m.email}
            </a>
            {m.username && ` · ${t('care.inbox.signedInAs', { username: m.username })}`}
          </p>
          <p className="care-criteria" dir="auto">
            {m.message}
          </p>
        </li>
      ))}
    </ul>
  )
}

function FeedbackResults() {
  const { t, i18n } = useTranslation()
  const [by, setBy] = useState<'week' | 'month'>('month')
  const summary = useRead(() => feedbackSummary(by), [by])
  const recent = useRead(() => feedbackPage(1), [])
  const s = summary.data
  const date = (d: string) =>
    new Date(`${d}T00:00:00Z`).toLocaleDateString(
      i18n.language,
      by === 'month' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' },
    )
  return (
    <div className="care-list" data-testid="feedback-results">
      <div className="form-actions care-answer-actions">
        <label htmlFor="fb-by">{t('care.inbox.by')}</label>
        <select id="fb-by" value={by} onChange={(e) => setBy(e.target.value as 'week' | 'month')}>
          <option value="week">{t('care.inbox.week')}</option>
          <option value="month">{t('care.inbox.month')}</option>
        </select>
      </div>
      {s && (
        <div className="acct-table-wrap">
          <table className="acct-table care-scores">
            <caption className="visually-hidden">{t('care.inbox.averages')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('care.inbox.question')}</th>
                {s.periods.map((p) => (
                  <th key={p.start} scope="col">
                    {date(p.start)}
                    <br />
                    <span className="srch-muted">{t('care.inbox.responses', { count: p.responses })}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {s.questions.map((q) => (
                <tr key={q.id}>
                  <th scope="row">{localized(q.text, i18n.language)}</th>
                  {s.periods.map((p) => {
                    const avg = p.averages[q.id]
                    return (
                      <td key={p.start}>
                        {avg === undefined ? (
                          '–'
                        ) : (
                          <span className="care-bar" title={String(avg)}>
                            <span className="care-bar-fill" style={{ inlineSize: `${avg * 10}%` }} />
                            <span className="care-bar-text">
                              {avg.toLocaleString(i18n.language, { maximumFractionDigits: 2 })}
                            </span>
                          </span>
                        )}
                      </td>
                    )
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 className="acct-section-title">{t('care.inbox.recent')}</h2>
      {recent.data?.list.length === 0 && <EmptyState />}
      <ul className="care-list">
        {recent.data?.list.map((f) => (
          <li key={f.id} className="care-item">
            <div className="care-item-head">
              <strong>
                {f.company || f.username} · {f.username}
              </strong>
              <span className="srch-muted">
                {new Date(f.createdAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}
              </span>
            </div>
            <p dir="ltr" className="srch-muted">
              {(s?.questions ?? []).map((q) => f.answers.find((a) => a.questionId === q.id)?.score ?? '–').join(' · ')}
            </p>
            {f.comment && (
              <p className="care-criteria" dir="auto">
                {f.comment}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

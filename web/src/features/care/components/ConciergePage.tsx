import { CONCIERGE_TEXT_MAX } from '@diamond/contracts/http/care.values'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../components/EmptyState'
import { FormField, fieldProps } from '../../../components/FormField'
import type { ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { useRead } from '../../../lib/useRead'
import { askConcierge, closeConcierge, conciergeRequests } from '../api/care'
import { careChanged } from '../stores/notices'
import { RequestCard } from './RequestCard'
import './care.css'

/** A member asks the sales team to find a stone; their requests and the answers, live. */
export function ConciergePage() {
  const { t } = useTranslation()
  const { data, reload } = useRead(() => conciergeRequests({ limit: 50 }), [])
  useEffect(() => careChanged.on('changed', reload), [reload])
  const [criteria, setCriteria] = useState('')
  const [budget, setBudget] = useState('')
  const [deadline, setDeadline] = useState('')
  const [error, setError] = useState<ApiError | null>(null)
  const fields = new Set(
    ((error?.data as { fields?: { field: string }[] } | undefined)?.fields ?? []).map((f) => f.field),
  )
  const err = (f: string) => (fields.has(f) ? t(`care.concierge.errors.${f}`) : null)

  const ask = async () => {
    const r = await askConcierge({
      criteria,
      ...(budget.trim() ? { budgetUsd: Number(budget) } : {}),
      ...(deadline ? { deadline } : {}),
    })
    setError(r.error)
    if (r.data) {
      showToast(t('care.concierge.sent', { number: r.data.number }), 'success')
      setCriteria('')
      setBudget('')
      setDeadline('')
      reload()
    }
  }
  const close = async (id: string) => {
    const r = await closeConcierge(id)
    if (r.error) showToast(codeText(r.error.code, r.error.message), 'error')
    else reload()
  }

  return (
    <section className="page care-page" aria-labelledby="page-title" data-testid="screen-concierge">
      <header className="page-head">
        <h1 id="page-title" className="page-title">
          {t('shell.screens.concierge')}
        </h1>
      </header>
      <p>{t('care.concierge.intro')}</p>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void ask()
        }}
      >
        <FormField
          id="cc-criteria"
          label={t('care.concierge.criteria')}
          required
          help={t('care.concierge.criteriaHelp')}
          error={err('criteria')}
        >
          <textarea
            {...fieldProps('cc-criteria', { error: err('criteria'), help: true, required: true })}
            className="care-text"
            maxLength={CONCIERGE_TEXT_MAX}
            value={criteria}
            onChange={(e) => setCriteria(e.target.value)}
          />
        </FormField>
        <div className="form-grid">
          <FormField id="cc-budget" label={t('care.concierge.budget')} error={err('budgetUsd')}>
            <input
              {...fieldProps('cc-budget', { error: err('budgetUsd') })}
              inputMode="numeric"
              dir="ltr"
              value={budget}
              onChange={(e) => setBudget(e.target.value.replace(/[^\d]/g, ''))}
            />
          </FormField>
          <FormField id="cc-deadline" label={t('care.concierge.deadline')} error={err('deadline')}>
            <input
              {...fieldProps('cc-deadline', { error: err('deadline') })}
              type="date"
              value={deadline}
              onChange={(e) => setDeadline(e.target.value)}
            />
          </FormField>
        </div>
        {error && error.code !== 'E_VALIDATION' && (
          <p className="field-error" role="alert">
            {codeText(error.code, error.message)}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" data-testid="concierge-send">
            {t('care.concierge.send')}
          </button>
        </div>
      </form>
      <h2 className="acct-section-title">{t('care.concierge.mine')}</h2>
      {data && data.list.length === 0 && <EmptyState />}
      <div className="care-list">
        {data?.list.map((r) => (
          <RequestCard key={r.id} r={r}>
            {r.status !== 'closed' && (
              <div className="form-actions">
                <button type="button" className="btn btn--ghost btn--small" onClick={() => void close(r.id)}>
                  {t('care.concierge.close')}
                </button>
              </div>
            )}
          </RequestCard>
        ))}
      </div>
    </section>
  )
}
